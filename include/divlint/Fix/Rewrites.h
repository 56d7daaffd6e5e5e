//===- Rewrites.h - suggested rewrites for divergent branches -*- C++ -*-===//
//
// DESIGN.md §4. Only rewrites that keep the program's meaning and pay carry replacements
// (fix-its): the warp-aligned remap, planned per kernel (WarpAlignedRemap.h). The rewrites here
// are advice (a FixSuggestion without replacements):
//  - branchless select for short value-only arms, `x = (c) ? (a) : (b);`: nvcc emits a select
//    for those already (a fix-it measured 0.84x-1.02x), so only where the SASS shows a branch;
//  - warp-aligned remapping for lane-interleaved conditions where the fix-it cannot be offered
//    (the kernel-level planner adds why),
//  - a __all_sync/__any_sync fast path for data-dependent branches in loops,
//  - sorting/bucketing data-dependent work,
//  - hoisting loop work out of a divergent region.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_REWRITES_H
#define DIVLINT_REWRITES_H

#include "divlint/Report/Finding.h"
#include "clang/AST/Stmt.h"
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint {

/// How the warp-aligned remapping advice starts (the kernel-level fix-it replaces or extends it).
constexpr const char *RemapAdvicePrefix = "warp-aligned remapping: ";
/// How the branchless-select advice ends when the compiled code is not known; --compiled
/// replaces it with what the SASS says (applyCompiledFacts).
constexpr const char *SelectAdviceCaveat =
    "; nvcc usually emits a select for arms this short already, so write it only where the SASS "
    "(cuobjdump -sass) shows a branch on this line";

/// Rewrites for the branch \p Terminator of a lane-varying finding \p F (F's Ext, LoopDepth,
/// PredictedSlowdown and LikelyPredicated must already be set).
std::vector<FixSuggestion> suggestRewrites(const Finding &F, const clang::Stmt *Terminator,
                                           clang::ASTContext &Ctx);

} // namespace divlint

#endif
