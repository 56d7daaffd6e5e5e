//===- LaneEnumerator.h - exact per-lane evaluation of a condition -*- C++ -*-===//
//
// Turns the symbolic value of a branch condition into a class and, for lane-varying conditions,
// an extent, the number of diverging warps and the lane split (DESIGN.md §2):
//  - conditions on loaded data, atomics or opaque lane-varying values are `data-dependent`;
//  - a thread index monotone inside every warp, compared with an unknown block-uniform value, is
//    a `tail` (where it splits warps depends on where the value falls);
//  - otherwise the condition is evaluated for every thread of the block (and every iteration of
//    an enclosing loop whose induction variable it reads), grouped into warps by linear id.
// Unknown block-uniform values are given a fixed set of sample values; any sample that splits a
// warp makes the branch lane-varying.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LANEENUMERATOR_H
#define DIVLINT_LANEENUMERATOR_H

#include "divlint/Quantify/BlockShape.h"
#include "divlint/Analysis/SymExpr.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint {

/// A loop around the condition: its id (as used by IndVar leaves) and its own condition.
struct LoopContext {
  uint64_t LoopId = 0;
  SymRef Cond; ///< null for `for (;;)`
};

struct EnumerationQuery {
  SymRef Cond;
  /// Which lanes reach the condition: conjunction of the enclosing branch conditions (null: all).
  SymRef Guard;
  /// Enclosing loops, innermost first. The first one whose induction variables the condition
  /// reads is enumerated iteration by iteration.
  std::vector<LoopContext> Loops;
  /// Set when Cond is the condition of Loops[0] itself: lanes that left the loop stay out.
  bool IsLoopCondition = false;
  /// A `switch`: lanes diverge when their values differ (not only their truth).
  bool MultiWay = false;
  unsigned WarpSize = 32;
  /// Evaluate as if the threads read their index through the warp-aligned remap of this group
  /// size (warpAlignedIndex; 0: as written). What lib/Fix/WarpAlignedRemap checks its rewrite by.
  unsigned RemapGroup = 0;
  /// Only the class is wanted (the data flow's, while it runs): the enumeration stops at the
  /// first warp that splits, since no later one can change the class.
  bool ClassOnly = false;
};

/// The warp-aligned remap of a linear thread index: inside each run of \p Group * \p WarpSize
/// threads, physical lane l of warp w reads index l * Group + w, so `index % Group` is the same
/// for every lane of a warp. A bijection of each run (Group a power of two).
unsigned warpAlignedIndex(unsigned Linear, unsigned Group, unsigned WarpSize);

struct EnumerationResult {
  Uniformity Class = Uniformity::LaneVarying;
  std::optional<Extent> Ext;      ///< lane-varying only
  std::optional<unsigned> DivergentWarps, TotalWarps;
  std::optional<unsigned> TrueLanes, ActiveLanes; ///< the split, when every diverging warp agrees
  /// Warp evaluations seen (one per warp, sample and loop iteration), for the cost model:
  unsigned DivergentEvaluations = 0; ///< the warp's active lanes disagreed
  unsigned UniformEvaluations = 0;   ///< they agreed
  unsigned UniformTrueEvaluations = 0; ///< ... on true
  unsigned FirstLaneTrueEvaluations = 0; ///< diverging, and the first active lane was true
  /// Warp passes over the block evaluations (2-way branches): warps that run the true side and
  /// the false side as the lanes are, and as few as the same lanes regrouped so that every warp
  /// agrees would need (ceil(lanes on a side / warp size)). The cost model's lost time.
  double TruePasses = 0, FalsePasses = 0, RegroupedTruePasses = 0, RegroupedFalsePasses = 0;
  /// Mean over diverging warp evaluations of (true lanes / active lanes).
  std::optional<double> MeanTrueFraction;
  /// The lanes that reach the condition, which the cost model weighs (DESIGN §2: a warp of a
  /// 16-thread block, or one whose lanes an enclosing condition removed, has fewer than 32):
  /// mean true and active lanes of the diverging warp evaluations, active lanes of the others.
  std::optional<double> MeanDivergentTrueLanes, MeanDivergentActiveLanes, MeanUniformActiveLanes;
  /// Not enumerated (tail, data-dependent): mean lanes of the warps that reach the condition, from
  /// the block shape and, where it can be evaluated, the enclosing guard.
  std::optional<double> LanesPerWarp;
  /// A switch (MultiWay): the distinct values of the diverging warp evaluations, each set with
  /// how many evaluations had it (the cost model maps values to case targets), and the mean
  /// number of distinct values (for when the sets were too many to keep).
  std::vector<std::pair<std::vector<int64_t>, unsigned>> SwitchValueSets;
  bool SwitchValueSetsComplete = true;
  std::optional<double> MeanDistinctValues;
  /// For a tail: whether the low thread indices (lane 0, the in-bounds side of `i < n`) take
  /// the true side.
  std::optional<bool> TailTrueAtLowIndex;
  /// A loop's own condition enumerated to the end: the mean trip count of a lane, and how often
  /// a warp evaluates the condition (its slowest lane's trips, plus the exit test). The cost
  /// model uses them for loops whose trip count is no compile-time constant.
  std::optional<double> MeanLaneTrips, EvaluationsPerWarp;
  std::string LaneMap; ///< one diverging warp: 'T', 'F' or '.' (inactive) per lane
  bool Sampled = false; ///< unknown uniform values were sampled, not enumerated
  /// Lane-varying although no sample split a warp: the uniformity proof failed, so some value
  /// of the unknowns may split one (extent partial, no warp counts).
  bool SplitUnseen = false;
  /// The unknowns whose values decide whether (and where) warps split, when the sampled values
  /// split different warps (the numbers hold for some values only) or none did (SplitUnseen).
  std::vector<std::string> ValuesDecideSplit;
  /// Some of the block layouts a launch allows split a warp and others none (a launch that
  /// leaves the layout open): whether the kernel loses anything depends on a layout divlint
  /// does not know.
  bool LayoutDecidesSplit = false;
  /// The block shape the numbers were computed for (the worst of the kernel's shapes).
  BlockShape Shape;
  bool Enumerated = false; ///< the lanes were evaluated (warps/split are meaningful)
  /// A ClassOnly query stopped at its first split: the class is final, the numbers are not.
  bool Stopped = false;
  /// Whether this result, remembered, answers a query (a class-only one or one for numbers).
  /// Caches keep the result that answers more: a full one replaces a stopped one, never back.
  bool answers(bool ClassOnly) const { return ClassOnly || !Stopped; }
};

EnumerationResult enumerateCondition(const EnumerationQuery &Q, const BlockShape &Shape);
/// The same, for a query whose canonicalQueryKey (EnumerationMemo.h) is \p QueryKey.
EnumerationResult enumerateCondition(const EnumerationQuery &Q, const BlockShape &Shape,
                                     llvm::StringRef QueryKey);

/// Joins the results for several block shapes of one kernel (the worst one wins). When every
/// shape is assumed (no launch fixes it) and the condition reads threadIdx.y/z or blockDim.y/z,
/// the shapes of unknownShapeCandidates join in: an assumed shape proves nothing about y and z.
EnumerationResult enumerateCondition(const EnumerationQuery &Q,
                                     const std::vector<BlockShape> &Shapes);

/// Shapes with as many threads as \p Assumed in which threadIdx.y, and threadIdx.z, change
/// inside a warp (Source "unknown").
std::vector<BlockShape> unknownShapeCandidates(const BlockShape &Assumed);

} // namespace divlint

#endif
