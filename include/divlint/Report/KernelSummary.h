//===- KernelSummary.h - per-kernel numbers of a report -*- C++ -*-===//
//
// One kernel of a translation unit and its predicted warp execution efficiency
// (Quantify/KernelEfficiency.h): JSON `kernels`, SARIF run properties, text with
// --kernel-summary.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_REPORT_KERNELSUMMARY_H
#define DIVLINT_REPORT_KERNELSUMMARY_H

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace divlint {

struct KernelSummary {
  std::string Name; ///< as findings name it (`kernel`)
  std::string QualifiedName; ///< with namespaces and template arguments: "ns::k<float, 128>"
  std::string File;
  unsigned Line = 0, Column = 0;
  std::vector<std::string> BlockShapes; ///< "256x1x1"
  /// A point where thread indices and shapes decide every lane-varying region, else the range.
  std::optional<double> Efficiency;
  std::optional<std::pair<double, double>> EfficiencyRange;
  std::vector<std::string> RangeReasons; ///< why a range
  /// The kernel's cost per thread in cost units, as the cost model prices it (ifs at the mean
  /// of their arms, loops at their trip count or the default).
  double Cost = 0;
  unsigned LaneVaryingRegions = 0;       ///< lane-varying branches counted (callees included)
  std::vector<std::string> Assumptions;  ///< block shape assumed, callees not analyzed, ...
};

} // namespace divlint

#endif
