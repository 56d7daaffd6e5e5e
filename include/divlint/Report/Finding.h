//===- Finding.h - one result per branch condition (DESIGN.md §4) -*- C++ -*-===//
//
// The analysis produces Findings; the text, JSON (and later SARIF and clang-tidy) front ends only
// render them. Field names follow the JSON contract in shared/spec/README.md.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_FINDING_H
#define DIVLINT_FINDING_H

#include "divlint/Analysis/Uniformity.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint {

enum class Rule : unsigned char {
  DivergentBranch,    ///< a lane-varying branch condition (warning)
  UniformBranch,      ///< a block- or warp-uniform branch (note; only with --report-all)
  BarrierDivergence,  ///< __syncthreads reachable under a non-block-uniform condition (error)
  WarpSyncDivergence, ///< a full-mask *_sync intrinsic under a lane-varying condition (error)
  HiddenBranch,       ///< an operation nvcc compiles to a branch, on lane-varying operands (note)
};

enum class Severity : unsigned char { Note, Warning, Error };

llvm::StringRef ruleName(Rule R);
llvm::StringRef severityName(Severity S);

struct SourcePoint {
  unsigned Line = 0, Column = 0;
  std::string Text;
};

struct Replacement {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

struct FixSuggestion {
  std::string Description;
  std::vector<Replacement> Replacements; ///< empty: advice only
  /// The kernel's time as written over its time with the fix-it applied, as the cost model
  /// predicts it (the warp-aligned remap); std::nullopt where divlint predicts none.
  std::optional<double> PredictedSpeedup;
};

struct Finding {
  std::string File;
  unsigned Line = 0, Column = 0;
  unsigned EndLine = 0, EndColumn = 0; ///< last character of the condition (1-based, inclusive)
  /// The condition's characters in File: [Offset, Offset + Length) (for rewrites and fix-its).
  unsigned Offset = 0, Length = 0;
  std::string Kernel;   ///< the kernel the analysis came from (the worst context, if several)
  /// Every kernel whose analysis reached this condition (a helper called from several kernels
  /// is one finding whose class is the join over them), sorted; empty for stand-alone functions.
  std::vector<std::string> Kernels;
  std::string Function; ///< the function the condition is in
  Rule TheRule = Rule::DivergentBranch;
  std::string Construct; ///< if, for, while, do, switch, ?:, &&, ||, call
  Uniformity Class = Uniformity::LaneVarying;
  std::optional<Extent> Ext;
  std::optional<unsigned> DivergentWarps, TotalWarps;
  std::optional<unsigned> TrueLanes, ActiveLanes;
  /// Mean SIMT efficiency of the branch region, when thread indices and shapes decide it.
  std::optional<double> PredictedEfficiency;
  /// Time lost to divergence: region time over its time with the lanes regrouped so that every
  /// warp agrees (1 / efficiency for full warps); and the same for the whole function.
  std::optional<double> PredictedSlowdown, PredictedKernelSlowdown;
  /// Where data decides (tail, data-dependent): [best, worst] ranges instead of points.
  std::optional<std::pair<double, double>> EfficiencyRange, SlowdownRange, KernelSlowdownRange;
  /// The first-lane counterfactual (each warp follows its first active lane), which
  /// `divlint confirm` times: region and whole function.
  std::optional<double> PredictedFirstLaneSlowdown, PredictedFirstLaneKernelSlowdown;
  /// The arm costs cT, cE the predictions use (DESIGN §2; a switch: the mean case cost in both,
  /// ArmWays its cases). Lane-varying branches only.
  std::optional<double> ArmCostTrue, ArmCostFalse;
  /// What both sides do alike, which runs once before the branch (CostModel::sharedArmCost).
  double ArmCostShared = 0;
  unsigned ArmWays = 2;
  unsigned LoopDepth = 0;
  bool LikelyPredicated = false; ///< short side-effect-free arms: nvcc emits a select
  /// --compiled: what nvcc made of the line, "branch", "predicated" or "no-code"; empty when
  /// not asked.
  std::string Compiled;
  double Score = 0;              ///< ranking: region slowdown x (1 + loop depth)
  Severity Sev = Severity::Warning;
  std::string Message;
  std::string ConditionText; ///< the condition as written
  std::string LaneMap;       ///< one diverging warp, 'T'/'F'/'.' per lane
  std::string BlockShapeText; ///< the block shape(s) enumerated, e.g. "256x1x1"
  std::vector<std::string> Assumptions;
  std::vector<SourcePoint> Why;
  std::vector<FixSuggestion> Fixes;
};

/// Orders findings by file, line, column, rule: the output order of every front end.
bool findingLess(const Finding &A, const Finding &B);

/// \p Path with `.` and `..` components removed (`src/../inc/h.cuh` is `inc/h.cuh`), as it
/// names a file in every output; relative paths stay relative.
std::string normalizedPath(llvm::StringRef Path);

/// What makes two findings the same place: the file (absolute, normalized), line, column and
/// rule. A header line reached from several translation units has one key.
std::string findingPlace(const Finding &F);

/// Merges findings of the same place (findingPlace) into one: the worst of them (severity,
/// then class, then score) with the kernels of all; order otherwise kept. A run over several
/// translation units reports each place once.
void mergeSamePlaceFindings(std::vector<Finding> &Findings);

/// An error about the input itself (not a finding): unreadable file, parse failure.
struct ToolError {
  std::string File;
  std::string Message;
};

} // namespace divlint

#endif
