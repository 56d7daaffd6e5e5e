//===- WarpAlignedRemap.h - the warp-aligned remap fix-it (issue 15) -*- C++ -*-===//
//
// A branch decided by lane arithmetic (`tid % 2`, `lane < 8`, nested splits, trip counts that
// grow with the lane) splits every warp; the same work with the thread indices permuted inside
// the block, so that the lanes of each warp take the same path, does not. The fix-it reads
// threadIdx.x through warpAlignedIndex (a bijection of each run of G warps: physical lane l of
// warp w gets index l * G + w, so `index % G` is the same across a warp) and is offered only
// where it keeps the program's meaning and pays:
//  - the kernel's block shapes are known (launches, --block-dim, an assert), one-dimensional,
//    and multiples of G warps;
//  - nothing in the kernel or what it calls depends on which lane a thread is in: no warp
//    votes, shuffles, lane ids, __syncwarp, cooperative groups, inline asm or volatile memory
//    (warp-synchronous code), no threadIdx.y/z, and no callee reads threadIdx (it would see the
//    physical index);
//  - every branch of the kernel that reads the thread index is enumerated again with the remap
//    (LaneEnumerator), and the kernel's predicted time (the cost model's lost time, summed)
//    drops by at least 5%.
// What it costs elsewhere is said in the fix-it: memory indexed by threadIdx.x is touched by a
// warp in G-strided order (coalescing, shared-memory banks), which the cost model does not count.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_FIX_WARPALIGNEDREMAP_H
#define DIVLINT_FIX_WARPALIGNEDREMAP_H

#include "divlint/Analysis/FunctionAnalysis.h"
#include "divlint/Quantify/CostModel.h"
#include "divlint/Report/Finding.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace divlint {

struct RemapPlan {
  unsigned Group = 0;          ///< G: warps per run of the bijection
  double PredictedSpeedup = 1; ///< the kernel's predicted time as written over remapped
  /// The kernel's own branch the fix-it is attached to: the one whose lost time drops most.
  const BranchRecord *Branch = nullptr;
  FixSuggestion Fix; ///< replacements without a file name (the caller sets it)
};

/// The best warp-aligned remap of kernel \p Kernel (analyzed as \p FA with \p Shapes), or
/// std::nullopt with the reason in \p WhyNot. \p CompiledAway, when given, says which branches
/// nvcc compiled without a branch (--compiled): no warp splits there, so there is nothing to
/// regroup and they count for nothing.
std::optional<RemapPlan>
planWarpAlignedRemap(const clang::FunctionDecl *Kernel, const FunctionAnalysis &FA,
                     const std::vector<BlockShape> &Shapes, CostModel &Costs,
                     clang::ASTContext &Ctx, unsigned WarpSize, std::string &WhyNot,
                     const std::function<bool(const BranchRecord &)> &CompiledAway = nullptr);

} // namespace divlint

#endif
