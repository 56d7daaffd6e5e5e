//===- Comparison.h - predicted vs measured, per branch -*- C++ -*-===//
//
// Turns probe counters and timings into measured numbers and judges each prediction:
//  - class: a branch diverged when some warp evaluation had active lanes that disagreed. Predicted
//    uniform but diverged: refuted, unless the lanes that disagreed were at different iterations
//    of an enclosing loop and lanes at one iteration always agreed (independent thread
//    scheduling let them arrive split: "arrived split", inconclusive and counted apart). Predicted to split d > 0 warps of the launched block shape
//    (every-warp / partial) but none did: refuted. Tail and data-dependent branches that did not
//    diverge in this run are inconclusive (they depend on the input).
//  - efficiency (DESIGN.md §2 model, arm costs of ProbeSite): measured over every warp evaluation
//        (cT * sum(true lanes) + cE * sum(false lanes)) / (32 * (cT * #[t>0] + cE * #[t<a]))
//    against predicted_efficiency, or, when the finding has none, the warp-split model's value
//    from the enumerated warps d/N and split T/A. Within the relative efficiency tolerance.
//  - slowdown: measured T(original) / T(branch made warp-uniform) (medians of the timed
//    launches), against predicted_kernel_slowdown (else predicted_slowdown, the region's).
//    Inconclusive when the timing noise exceeds half the tolerance.
//  - fix-its (measured and shown; a predicted speedup is judged): speedup T(unprobed) /
//    T(fix-it), both built from the source as written (T(original) when the unprobed baseline
//    did not run), and whether the fix-it's outputs equal the original's: byte for byte
//    (identical checksums), else element by element within the output tolerance (floating-point
//    buffers only: integers must be equal).
//    A remap's predicted speedup counts issued work only. Where the branch has a floor variant
//    (its region skipped), the time the region does not explain (launch, memory, latency) is
//    measured, and the speedup judged is the one the saved work gives on top of it
//    (timedRemapSpeedup).
// Numbers predicted from an assumption rather than the analysis (tail and data-dependent
// branches: "lanes split evenly") are shown but judged inconclusive. A branch is confirmed when
// its class is and no number is refuted; refuted when anything is; else inconclusive.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_COMPARISON_H
#define DIVLINT_CONFIRM_COMPARISON_H

#include "divlint/Confirm/ConfirmPlan.h"
#include "divlint/Confirm/Results.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint::confirm {

struct Tolerances {
  double Slowdown = 0.20;   ///< relative: |predicted / measured - 1|
  double Efficiency = 0.20; ///< relative
  double Output = 1e-5;     ///< fix-it outputs: |a - b| / max(1, |a|, |b|), floating point only
};

enum class Verdict { Confirmed, Refuted, Inconclusive };
llvm::StringRef verdictName(Verdict V);

struct MeasuredBranch {
  ProbeCounters Counters;
  uint64_t Executions = 0, Divergent = 0;
  double MeanActiveLanes = 0, MeanTrueLanes = 0;
  std::optional<double> DivergentSplit; ///< mean true/active lanes of the divergent evaluations
  std::optional<double> Efficiency;
  std::optional<double> Slowdown;       ///< T(original) / T(uniformized)
  std::optional<double> SlowdownNoise;  ///< relative uncertainty of that ratio
  std::optional<Timing> Uniformized;
  std::string UniformizedProblem;       ///< why there is no slowdown (build failed, crashed...)
  std::optional<bool> OutputsDiffer;    ///< uniformized checksums vs the original's
  bool diverged() const { return Divergent > 0; }
  /// It diverged, but only between lanes at different iterations of an enclosing loop: lanes
  /// at one iteration always agreed (independent thread scheduling; LoopInstances.h).
  bool arrivedSplit() const {
    return Divergent > 0 && Counters.InstanceDivergent && *Counters.InstanceDivergent == 0;
  }
};

/// How a fix-it's outputs compare with the original's.
enum class OutputMatch { Identical, WithinTolerance, Differ, Unknown };
llvm::StringRef outputMatchName(OutputMatch M);

/// One fix-it variant of a branch: timed, and its outputs compared with the original's.
struct FixItMeasurement {
  std::string Variant; ///< fixit-3 (fixit-3-1 when a branch has several)
  FixSuggestion Fix;
  std::optional<Timing> Time;
  std::string Baseline;               ///< what the speedup divides: "unprobed" or "original"
  std::optional<double> BaselineMs;   ///< its median
  std::optional<double> Speedup;      ///< T(baseline) / T(fix-it)
  std::optional<double> SpeedupNoise; ///< relative uncertainty of that ratio
  /// The kernel without the branch's region (the floor variant), its median.
  std::optional<double> FloorMs;
  /// The predicted speedup with that floor measured (timedRemapSpeedup); judged instead of the
  /// issued-work one when there is one.
  std::optional<double> TimedSpeedup;
  /// The prediction the verdict judges: the timed one where there is one, else the fix-it's.
  std::optional<double> judgedSpeedup() const {
    return TimedSpeedup ? TimedSpeedup : Fix.PredictedSpeedup;
  }
  /// The fix-it's predicted speedup (the remap's: the kernel's lost time regrouped away) judged
  /// against the measured one with the slowdown tolerance; inconclusive when the noise is wider.
  std::optional<Verdict> SpeedupVerdict;
  OutputMatch Outputs = OutputMatch::Unknown;
  std::optional<double> MaxRelDiff;   ///< largest relative difference over the buffers
  uint64_t DifferingElements = 0;     ///< elements whose bytes differ, over the buffers
  std::string Problem;                ///< why there is no timing or comparison
};

struct BranchComparison {
  ProbeSite Site;
  PredictedBranch Predicted;
  MeasuredBranch Measured;
  std::optional<double> PredictedEfficiency;
  std::string EfficiencySource; ///< "finding" or "warp-split model"
  std::optional<double> PredictedSlowdown;
  std::string SlowdownSource;   ///< "kernel" or "region"
  Verdict ClassVerdict = Verdict::Inconclusive;
  std::optional<Verdict> EfficiencyVerdict, SlowdownVerdict;
  Verdict Overall = Verdict::Inconclusive;
  /// Predicted uniform and diverged only where its lanes arrived split (arrivedSplit()): named,
  /// neither confirmed nor refuted.
  bool ArrivedSplit = false;
  std::vector<std::string> Notes;
  std::vector<FixItMeasurement> FixIts;
};

struct ConfirmOutcome {
  std::string Device;
  std::optional<Timing> Original;
  std::vector<BranchComparison> Branches;
  Tolerances Tol;
  NcuResult Ncu;
  std::vector<std::string> Problems; ///< what kept parts of the confirmation from running
  std::vector<std::string> Notes;    ///< remarks on the whole run
  unsigned count(Verdict V) const;
  /// Branches predicted uniform whose only divergence was between lanes that arrived split.
  unsigned arrivedSplit() const;
  /// Branches predicted uniform whose lanes at one iteration disagreed (class refuted).
  unsigned uniformDiverged() const;
};

/// Measured efficiency of one probe under the arm costs \p CostTrue / \p CostFalse, with
/// \p CostShared run once per execution by every active lane.
std::optional<double> measuredEfficiency(const ProbeCounters &C, bool Switch, double CostTrue,
                                         double CostFalse, double CostShared = 0,
                                         unsigned WarpSize = 32);

/// The warp-split model's efficiency for a prediction without predicted_efficiency: every warp
/// has A active lanes, d of N split T/A. Needs warps and split; none for loop conditions, or
/// when an empty false side makes the non-diverging warps' side matter (d < N).
std::optional<double> splitModelEfficiency(const PredictedBranch &P, const ProbeSite &S,
                                           unsigned WarpSize = 32);

/// Compares a variant's outputs with the original's: identical checksums, else the driver's
/// element-wise comparison within \p Tolerance.
OutputMatch matchOutputs(const VariantResult &Variant, const VariantResult &Original,
                         double Tolerance, std::string *Why = nullptr);

/// A remap's speedup in time rather than issued work. The cost model prices the kernel's issued
/// work W (in units of its regrouped cost, so the branch's own kernel slowdown is K = W over
/// them) and the fix saves W (1 - 1/\p PredictedSpeedup) of it. Time is taken as linear in issued
/// work over a floor it does not explain: T = T0 + k W. The floor variant, without the
/// branch's region (its work as run, R = (K - 1) / (1 - 1/s) with s the region's slowdown),
/// measures k R = T(original) - T(floor). The fix then saves k times its work:
///     T(fix) = T(original) - (T(original) - T(floor)) * saved / R.
/// None where that cannot be computed: a floor not faster than the original (the region was
/// not what the condition skipped), K, s or the speedup not above 1.
std::optional<double> timedRemapSpeedup(double OriginalMs, double FloorMs, double KernelSlowdown,
                                        double RegionSlowdown, double PredictedSpeedup);

/// Judges every in-scope probe of \p P with the results \p R.
ConfirmOutcome compare(const ConfirmPlan &P, const RunResults &R, const Tolerances &T);

} // namespace divlint::confirm

#endif
