//===- Rewrites.h - suggested rewrites for divergent branches -*- C++ -*-===//
//
// DESIGN.md §4. Only rewrites that keep the program's meaning carry replacements (fix-its):
//  - branchless select: `if (c) x = a; else x = b;` on a local x -> `x = (c) ? (a) : (b);`
// The others are advice (a FixSuggestion without replacements):
//  - warp-aligned remapping for lane-interleaved conditions (tid % 2, lane masks),
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

/// Rewrites for the branch \p Terminator of a lane-varying finding \p F (F's Ext, LoopDepth,
/// PredictedSlowdown and LikelyPredicated must already be set).
std::vector<FixSuggestion> suggestRewrites(const Finding &F, const clang::Stmt *Terminator,
                                           clang::ASTContext &Ctx);

} // namespace divlint

#endif
