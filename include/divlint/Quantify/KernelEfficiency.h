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
//  - a loop of unknown trip count runs around a region: its n is unknown (0 to unbounded), so
//    the efficiency lies between that of the rest of the kernel and the region's own (a mediant
//    of the two), and the range widens to both;
//  - several block shapes: the union of the shapes' values.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_QUANTIFY_KERNELEFFICIENCY_H
#define DIVLINT_QUANTIFY_KERNELEFFICIENCY_H

#include "divlint/Quantify/BlockShape.h"
#include "divlint/Quantify/CostModel.h"
#include <map>
#include <string>
#include <vector>

namespace divlint {

/// One lane-varying branch region of a kernel, as the cost model priced it.
struct KernelRegion {
  Prediction::RegionTime AsRun, Best;
  double Evaluations = 1;       ///< n_r: evaluations per kernel thread
  double FunctionCostDelta = 0; ///< per kernel thread (its function's delta times its calls)
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

/// The predicted warp execution efficiency of a kernel of cost \p KernelCost (per thread, as
/// CostModel::functionCost prices it) with the lane-varying regions \p Regions, for each of its
/// block \p Shapes (the union when several). \p AssumedTripCost: the part of KernelCost in
/// loops of unknown trip count (callsPerThread); their share of the time is unknown, so the
/// efficiency becomes a range when they and lane-varying regions are both present.
KernelEfficiency kernelEfficiency(double KernelCost, const std::vector<KernelRegion> &Regions,
                                  const std::vector<BlockShape> &Shapes, unsigned WarpSize,
                                  double AssumedTripCost = 0);

/// Calls per thread of every function \p Kernel reaches (itself: 1), each call times the trip
/// counts of the loops around it (DefaultTripCount where not constant; \p TripsAssumed then
/// lists the function), through at most the cost model's call depth. \p AssumedTripCost, when
/// given, receives the cost per thread of the outermost loops of unknown trip count.
std::map<const clang::FunctionDecl *, double>
callsPerThread(CostModel &Costs, const clang::FunctionDecl *Kernel,
               std::map<const clang::FunctionDecl *, bool> &TripsAssumed,
               double *AssumedTripCost = nullptr);

} // namespace divlint

#endif
