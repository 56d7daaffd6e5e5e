//===- TranslationUnitAnalysis.h - every device function of a TU -*- C++ -*-===//
//
// Drives FunctionAnalysis over a parsed translation unit: every kernel with its block shapes,
// every __device__ function through its call sites (in the caller's context), and device
// functions with no call site in this TU on their own (parameters lane-varying). Produces the
// Findings every front end renders.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_PIPELINE_TRANSLATIONUNITANALYSIS_H
#define DIVLINT_PIPELINE_TRANSLATIONUNITANALYSIS_H

#include "divlint/Report/Finding.h"
#include "divlint/Report/KernelSummary.h"
#include "divlint/Analysis/FunctionAnalysis.h"
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint {

struct TranslationUnitResult {
  std::vector<Finding> Findings;
  unsigned DeviceFunctions = 0; ///< __global__/__device__ functions with bodies analyzed
  /// What could not be analyzed after an error divlint lets pass because nvcc accepts it: device
  /// functions clang marked invalid, expressions it could not resolve. "file:line: what", said
  /// rather than silently left out.
  std::vector<std::string> NotAnalyzed;
  /// Every kernel analyzed, with its predicted warp execution efficiency
  /// (Quantify/KernelEfficiency.h), in source order.
  std::vector<KernelSummary> Kernels;
};

TranslationUnitResult analyzeTranslationUnit(clang::ASTContext &Ctx, const AnalysisOptions &Opts);

} // namespace divlint

#endif
