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
// A cycle made of `goto`s (a label, and a `goto` back to it further down) is a loop too: its
// counter, declared at the top of the function, counts the backward jumps to the label
//     L: BODY if (c) goto L;   ->   L: BODY if (c) { ++__divlint_itgN; goto L; }
// and the probes between the label and its last backward goto pass it. Only where it counts
// the iterations of one pass through the cycle: in a structured loop it restarts at each
// iteration of the innermost one (`{ ++__divlint_itM; __divlint_itgN = 0; ...`: a body in
// braces only), and a label in another label's cycle gets none (else the counter would run on
// from one pass to the next, and lanes at one iteration could hold different counts: a
// divergence read as lanes that arrived apart).
// A jump into the cycle's middle starts at count 0 as one at the label does, and a cycle
// re-entered some other way keeps its count: lanes are then told apart less, never more.
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
class CompoundStmt;
class Decl;
class Expr;
class LabelStmt;
class Rewriter;
class SourceManager;
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

  /// A label that a `goto` further down jumps back to, and the cycle they make.
  struct GotoCycle {
    const clang::LabelStmt *Label = nullptr;
    /// Its backward gotos, each as the text to wrap: its start and the location past its `;`.
    std::vector<std::pair<clang::SourceLocation, clang::SourceLocation>> BackJumps;
    clang::SourceLocation End; ///< the end of its last backward goto
    bool Rewritable = true;    ///< no backward goto of it is in a macro
    bool Countable = false;    ///< rewritable, and in no other label's cycle
    /// Where the label lies in a structured loop: the start of the innermost one's body, where
    /// the counter restarts at each iteration (else it would run on from one pass of the cycle
    /// to the next, and could tell lanes of one iteration apart). Invalid: in no loop.
    clang::SourceLocation ResetAt;
    bool Used = false;         ///< a probe's key names its counter
    unsigned Index = 0;
    /// Whether \p At lies between the label and the end of its last backward goto.
    bool contains(clang::SourceLocation At, const clang::SourceManager &SM) const;
  };
  struct FunctionCycles {
    const clang::CompoundStmt *Body = nullptr;
    std::vector<GotoCycle> Cycles;
  };
  /// The goto cycles of the function whose body holds \p E (none inside a lambda).
  FunctionCycles *cyclesAround(const clang::Expr *E);

  clang::ASTContext &Ctx;
  std::map<const clang::Stmt *, Loop> Loops;
  std::map<const clang::Stmt *, bool> Unwrappable;
  std::vector<const clang::Stmt *> Order; ///< registration order (outer loops before inner)
  std::map<const clang::Decl *, FunctionCycles> Functions;
  unsigned GotoCounters = 0;
};

/// The name of loop counter \p Index.
std::string loopCounterName(unsigned Index);
/// The name of the counter of goto cycle \p Index.
std::string gotoCounterName(unsigned Index);

} // namespace divlint::confirm

#endif
