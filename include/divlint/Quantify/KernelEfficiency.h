//===- KernelEfficiency.h - predicted warp execution efficiency of a kernel -*- C++ -*-===//
//
// Issue 15: the fraction of active lanes over a kernel's issued instructions, as the cost model
// (CostModel.h) predicts it: the static counterpart of Nsight Compute's warp execution
// efficiency, Thread Instructions Executed / (32 x Instructions Executed).
//
// Per thread of the kernel, in cost units (one unit: one warp instruction issued):
//
//   C      the kernel's cost as the cost model prices it (CostModel::functionCost), corrected
//          where a branch's lanes say how they split (Prediction::FunctionCostDelta);
//   n_r    how often the lane-varying region r runs: its evaluations per call of its function
//          (Prediction::Frequency) times the calls of that function per kernel thread;
//   I_r, U_r, G_r   per evaluation of r: the warp time issued, the lane work done (lane
//          instructions / 32) and the time with the same lanes regrouped so that every warp
//          agrees, which is what C counts for r (Prediction::AsRun, ::Best);
//   o      the block's lanes per warp / 32: threads / (32 x warps), so a 1-thread block is
//          1/32 and a 100-thread block (32+32+32+4 lanes) is 100/128.
//
//   issued = C + sum_r n_r (I_r - G_r)              (the kernel's time plus the time it loses)
//   work   = o (C - sum_r n_r G_r) + sum_r n_r U_r  (the rest at the block's lanes per warp)
//   efficiency = work / issued
//
// For `if (tid % 2 == 0) heavy;` in full warps: G = heavy/2, I = heavy, U = heavy/2, so the
// efficiency is (C_rest + heavy/2) / (C_rest + heavy) with C_rest the rest of the kernel.
//
// A point when thread indices and shapes decide every lane-varying region of the kernel (and of
// the callees analyzed in its context): enumerated, not sampled, with no assumed trip count of a
// loop around it, and one block shape. Otherwise [low, high]:
//  - data decides (tail, data-dependent) or values were sampled: low has every such region at
//    its worst split (AsRun), high at no warp splitting (Best);
//  - work whose cost divlint assumed (CostModel::knownCost): the efficiency is a ratio of sums
//    linear in each such cost x >= 0, so it lies between the mediant's ends: the kernel with
//    none of that work (the known costs), and each piece's own efficiency as it outgrows the
//    rest. A loop of unknown trip count around a region: the region's own efficiency; in a
//    region's sides: the region's as its assumed side grows (Prediction::UnpricedLimit); outside
//    the regions: the block's lanes per warp, o; a call divlint cannot see into: anything from
//    one lane at a time (1/32) to every lane (1);
//  - several block shapes: the union of the shapes' values.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_QUANTIFY_KERNELEFFICIENCY_H
#define DIVLINT_QUANTIFY_KERNELEFFICIENCY_H

#include "divlint/Quantify/BlockShape.h"
#include "divlint/Quantify/CostModel.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace divlint {

/// One lane-varying branch region of a kernel, as the cost model priced it.
struct KernelRegion {
  Prediction::RegionTime AsRun, Best;
  /// With nothing assumed (Prediction::KnownAsRun); none: AsRun and Best.
  std::optional<Prediction::RegionTime> KnownAsRun, KnownBest;
  /// The region's efficiency as the work assumed in its sides grows (Prediction::UnpricedLimit).
  std::optional<Bounds> UnpricedLimit;
  double Evaluations = 1;       ///< n_r: evaluations per kernel thread
  double FunctionCostDelta = 0; ///< per kernel thread (its function's delta times its calls)
  std::optional<double> KnownFunctionCostDelta; ///< the same with nothing assumed (default: it)
  bool Decided = true;          ///< thread indices and shapes decide the split (enumerated)
  bool TripsAssumed = false;    ///< n_r rests on an assumed loop trip count
  std::string Where;            ///< "line 12", for the reasons of a range
  std::string WhyUndecided;     ///< "data-dependent", "tail", "sampled values"
};

struct KernelEfficiency {
  Bounds Efficiency;
  std::vector<std::string> RangeReasons; ///< why it is a range (empty for a point)
};

/// o: the mean fraction of a warp's lanes the block fills (threads / (warp size x warps)).
double blockLaneOccupancy(const BlockShape &Shape, unsigned WarpSize);

/// What a kernel costs per thread.
struct KernelCost {
  double Priced = 0; ///< as CostModel::functionCost prices it (with what it assumes)
  std::optional<double> Known; ///< with nothing assumed (knownFunctionCost); default: Priced
  /// Calls divlint cannot see into ("'malloc' (no body divlint can see) at line 12").
  std::vector<std::string> OpaqueCalls;
};

/// The predicted warp execution efficiency of a kernel of cost \p Cost with the lane-varying
/// regions \p Regions, for each of its block \p Shapes (the union when several).
KernelEfficiency kernelEfficiency(const KernelCost &Cost, const std::vector<KernelRegion> &Regions,
                                  const std::vector<BlockShape> &Shapes, unsigned WarpSize);

/// Calls per thread for the kernels of one translation unit. A callee's walk (cooperative
/// groups, warp reductions, repeated at every call site and in every instantiation) is done
/// once per call depth and shared, with the same results.
class CallCounts {
public:
  CallCounts();
  ~CallCounts();
  /// Calls per thread of every function \p Kernel reaches (itself: 1), each call times the trip
  /// counts of the loops around it (DefaultTripCount where not constant; \p TripsAssumed then
  /// lists the function), through at most the cost model's call depth. \p OpaqueCalls, when
  /// given, receives the calls on the way that divlint cannot see into (CostModel::opaqueCall).
  std::map<const clang::FunctionDecl *, double>
  callsPerThread(CostModel &Costs, const clang::FunctionDecl *Kernel,
                 std::map<const clang::FunctionDecl *, bool> &TripsAssumed,
                 std::vector<std::string> *OpaqueCalls = nullptr);

private:
  struct MemoTable;
  std::unique_ptr<MemoTable> Memo;
};

} // namespace divlint

#endif
