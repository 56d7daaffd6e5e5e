//===- ProbeSite.h - one instrumented branch condition and its predictions -*- C++ -*-===//
//
// Every analyzed branch condition `confirm` wraps in a probe becomes a ProbeSite with a small
// integer id (the probe's counter row and the DIVLINT_UNIFORM_ID of its counterfactual). The
// predictions are the divlint findings on that exact source range (several when a __device__
// function is analyzed in the context of several kernels).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_PROBESITE_H
#define DIVLINT_CONFIRM_PROBESITE_H

#include "divlint/Report/Finding.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint::confirm {

/// What divlint predicted for one branch, in one kernel context (the fields of a Finding that
/// `confirm` checks).
struct PredictedBranch {
  std::string Kernel, Function;
  Uniformity Class = Uniformity::LaneVarying;
  std::optional<Extent> Ext;
  std::optional<unsigned> DivergentWarps, TotalWarps;
  std::optional<unsigned> TrueLanes, ActiveLanes;
  std::optional<double> Efficiency;     ///< predicted_efficiency
  std::optional<double> Slowdown;       ///< predicted_slowdown (the branch region)
  std::optional<double> KernelSlowdown; ///< the whole kernel: what confirm measures
  /// The regrouped question (the finding's predicted_slowdown and predicted_kernel_slowdown:
  /// time as run over time with the lanes regrouped), for the remap fix-it's floor.
  std::optional<double> RegroupedSlowdown, RegroupedKernelSlowdown;
  std::string BlockShape;               ///< e.g. "256x1x1" (several: "256x1x1, 128x1x1")
  bool LikelyPredicated = false;
  std::vector<std::string> Assumptions;
};

/// The one place that reads a Finding's prediction fields.
PredictedBranch predictionFromFinding(const Finding &F);

enum class ProbeKind { Branch, Switch };

struct ProbeSite {
  unsigned Id = 0;
  ProbeKind Kind = ProbeKind::Branch;
  std::string File;    ///< the original file (as the analysis named it)
  std::string RelPath; ///< the file's path in the build directory's src/ mirror
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
  unsigned Offset = 0, Length = 0;
  std::string Construct; ///< if, for, while, do, switch, ?:, &&, ||
  std::string Condition;
  std::string Function;
  std::vector<PredictedBranch> Predictions;
  /// Arm costs of the efficiency model (DESIGN.md §2) that measured efficiencies use: those of
  /// divlint's cost model (CostModel::arms), so predicted and measured weigh the sides alike.
  double CostTrue = 1, CostFalse = 1;
  /// Work both sides share, run once by every lane (ArmCosts::Shared).
  double CostShared = 0;
  /// A false condition skips the branch's region and runs nothing in its place: the whole
  /// condition of an `if` without `else`, or of a `for` / `while` loop. Its floor variant
  /// (VariantRole::Floor) then times the kernel without the region.
  bool FalseSkipsRegion = false;
  /// The findings' fix-its (suggestions with replacements; advice-only rewrites are left out),
  /// each once: confirm times the source with each one applied (VariantRole::FixIt).
  std::vector<FixSuggestion> FixIts;
  /// Loops of the probe's function around it whose iteration counters make its instance key
  /// (LoopInstances.h): lanes that arrive at different iterations of them are told apart.
  unsigned InstanceLoops = 0;

  bool isLoop() const { return Construct == "for" || Construct == "while" || Construct == "do"; }
  /// The prediction for \p Kernel if there is one, else the most divergent one.
  const PredictedBranch *prediction(const std::string &Kernel = "") const;
};

/// A condition the analysis reported that `confirm` could not instrument, and why.
struct SkippedCondition {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Condition;
  std::string Reason;
};

} // namespace divlint::confirm

#endif
