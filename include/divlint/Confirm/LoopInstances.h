//===- LoopInstances.h - per-lane iteration counters for probed loops -*- C++ -*-===//
//
// A uniform condition is equal for the lanes that evaluate it at the same dynamic instance. With
// independent thread scheduling (Volta and later), lanes of one warp can reach a probe together
// while at different iterations of an enclosing loop (they were split by an earlier divergent
// branch and have not reconverged); there a uniform loop-variant condition can differ between
// them without any lane pair of one iteration disagreeing. To tell the two apart, every loop of a
// function that encloses a probe gets a per-lane counter of its iterations:
//     for (...) BODY    ->  { unsigned __divlint_itN = 0; for (...) { ++__divlint_itN; BODY } }
// and the probes inside pass the counters of their enclosing loops (outermost first, hashed) as
// an instance key. The probe groups the lanes that arrived together by key: lanes with one key
// are at the same iteration of every enclosing loop of the function. Loops in other functions
// (a probe in a callee) and loops that cannot be rewritten (macros) are not in the key: their
// lanes count as one instance, so a split there reads as divergence (the conservative side).
//
// A `#pragma` directly before a loop stays directly before it (the counter's declaration goes
// before the pragma, and a #line directive keeps the line numbers).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_LOOPINSTANCES_H
#define DIVLINT_CONFIRM_LOOPINSTANCES_H

#include "clang/Basic/SourceLocation.h"
#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class Rewriter;
class Stmt;
} // namespace clang

namespace divlint::confirm {

class LoopInstances {
public:
  explicit LoopInstances(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The instance key of a probe of \p E: an unsigned expression of the counters of the loops
  /// of its function that enclose it; empty when none does. Registers those loops.
  std::string keyFor(const clang::Expr *E);

  /// Inserts the registered loops' counters. Call before the probes' own text is inserted:
  /// at a shared location, a loop's text must come first.
  void insert(clang::Rewriter &RW) const;

  /// How many loops got a counter.
  size_t size() const { return Loops.size(); }

private:
  struct Edit {
    clang::SourceLocation Loc;
    std::string Text;
  };
  struct Loop {
    unsigned Index = 0;
    std::vector<Edit> Openings, Closings; ///< openings in order (declaration, then increment)
  };
  /// The counter of \p S, or nullptr when it cannot be rewritten.
  const Loop *loop(const clang::Stmt *S);

  clang::ASTContext &Ctx;
  std::map<const clang::Stmt *, Loop> Loops;
  std::map<const clang::Stmt *, bool> Unwrappable;
  std::vector<const clang::Stmt *> Order; ///< registration order (outer loops before inner)
};

/// The name of loop counter \p Index.
std::string loopCounterName(unsigned Index);

} // namespace divlint::confirm

#endif
