//===- SwitchTargets.h - where a switch jumps, and how many passes a warp makes -*- C++ -*-===//
//
// A warp whose lanes take k different targets of a switch runs k passes (DESIGN.md §2). Which
// target a value jumps to is the switch's own structure (stacked labels share one, values
// without a case go to `default`), used by the cost model (k per warp) and by `divlint confirm`
// (its probes label each target): kept apart from the pricing of statements.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_QUANTIFY_SWITCHTARGETS_H
#define DIVLINT_QUANTIFY_SWITCHTARGETS_H

#include "divlint/Quantify/LaneEnumerator.h"
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
class SwitchCase;
class SwitchStmt;
} // namespace clang

namespace divlint {

/// A switch's labels in source order, each with the index of its target: labels stacked on one
/// statement (`case 0: case 1: ...`) share a target, targets are numbered from 0.
std::vector<std::pair<const clang::SwitchCase *, unsigned>>
switchLabelTargets(const clang::SwitchStmt *S, const clang::SourceManager &SM);

/// Where a switch jumps for each value: case labels stacked on one statement share a target,
/// values with no case go to `default` (or past the switch: one more target).
struct SwitchTargets {
  std::vector<std::pair<int64_t, unsigned>> ByValue; ///< case value -> target
  unsigned Default = 0;                              ///< target of every other value
  unsigned Count = 0;                                ///< targets, the default's included
  unsigned target(int64_t Value) const;
};
/// std::nullopt for case ranges and values that are not constants (templates).
std::optional<SwitchTargets> switchTargets(const clang::SwitchStmt *S, clang::ASTContext &Ctx);

/// Mean case targets per diverging warp evaluation of a switch (DESIGN §2's k): each warp's
/// distinct values mapped through \p T; without the sets, their mean count (at most T's targets).
std::optional<double> meanSwitchPasses(const EnumerationResult &R,
                                       const std::optional<SwitchTargets> &T);

} // namespace divlint

#endif
