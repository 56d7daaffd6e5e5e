//===- FunctionStructure.h - what a function's analysis needs whatever its context -*- C++ -*-===//
//
// A function's CFG (initializers added, trivially false edges pruned), dominator and
// post-dominator trees and control dependences (the last three built on first use) depend on
// the function alone, not on the calling context it is analyzed in. Template-heavy code
// analyzes one function in thousands of contexts, so FunctionStructures builds them once per
// function for the whole translation unit; a CallResolver hands them to every
// FunctionAnalysis it starts (CallResolver::structures).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_ANALYSIS_FUNCTIONSTRUCTURE_H
#define DIVLINT_ANALYSIS_FUNCTIONSTRUCTURE_H

#include "divlint/Analysis/ControlDependences.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace divlint {

struct FunctionStructure {
  std::unique_ptr<clang::AnalysisDeclContextManager> ADCM;
  clang::AnalysisDeclContext *ADC = nullptr;
  clang::CFG *Cfg = nullptr; ///< null: clang builds no CFG for the function (invalid code)
  /// No block reaches itself: no loop, so no loop header to find with the dominator tree.
  bool Acyclic = false;

  // The trees and control dependences, built on first use (Cfg required): most functions of
  // template-heavy code (CuTe's accessors, tuple plumbing) have no branch and ask for none.
  clang::CFGDomTree &domTree() const;
  clang::CFGPostDomTree &postDomTree() const;
  ControlDependences &controlDeps() const;

  // What the analysis asks of the function's source, the same in every context: computed on
  // first use (FunctionState::withOrigin, textOf; Memory::findEscapes).
  /// Line and column of a location's expansion ({0, 0}: none), by raw encoding.
  mutable llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>> LineColumns;
  /// A statement's source text, shortened (leaf labels).
  mutable llvm::DenseMap<const clang::Stmt *, std::string> Texts;
  /// The locals whose address escapes, those exposed to callees, a lambda's captures, and what
  /// pointer locals are assigned (Memory::findEscapes).
  struct EscapeFacts {
    llvm::DenseSet<const clang::VarDecl *> Escaped, Exposed, Captured;
    /// Locals (parameters included) something in the body stores into, or into a field of:
    /// an assignment, an increment, an assigning operator, a non-const method, an asm output.
    llvm::DenseSet<const clang::VarDecl *> Written;
    llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Expr *, 2>> Assigned;
    /// Locals whose address a pointer or reference of the function may hold (address taken,
    /// bound to a mutable reference; not a by-reference capture alone).
    llvm::DenseSet<const clang::VarDecl *> AddressTaken;
    /// A lambda's captures that are its kernel's parameters, untouched there: the host's values.
    llvm::DenseSet<const clang::VarDecl *> HostCaptures;
  };
  mutable std::unique_ptr<EscapeFacts> Escapes;

  /// Builds \p FD's structure (a body is required).
  static std::unique_ptr<FunctionStructure> build(const clang::FunctionDecl *FD,
                                                  clang::ASTContext &Ctx);

private:
  static bool isAcyclic(const clang::CFG &Cfg);
  mutable std::unique_ptr<clang::CFGDomTree> DomTree;
  mutable std::unique_ptr<clang::CFGPostDomTree> PostDomTree;
  mutable std::unique_ptr<ControlDependences> ControlDeps;
};

/// What Expr::EvaluateAsInt gives: the value, and whether evaluating it had side effects.
struct ConstantInt {
  int64_t Value = 0;
  bool HasSideEffects = false;
};
/// Expr::EvaluateAsInt (\p E must not be value-dependent); std::nullopt: not a constant.
std::optional<ConstantInt> evaluateConstantInt(const clang::Expr *E, const clang::ASTContext &Ctx);

/// One FunctionStructure per function, built on first use, for one ASTContext.
class FunctionStructures {
public:
  const FunctionStructure &get(const clang::FunctionDecl *FD, clang::ASTContext &Ctx) {
    std::unique_ptr<FunctionStructure> &S = Built[FD];
    if (!S)
      S = FunctionStructure::build(FD, Ctx);
    return *S;
  }

  /// \p E as an integer constant expression (clang's Expr::EvaluateAsInt), remembered: the
  /// answer is the AST's, the same in every calling context, and clang's evaluator is a tenth
  /// of a template-heavy unit's analysis when asked again in each context.
  std::optional<ConstantInt> constantInt(const clang::Expr *E, const clang::ASTContext &Ctx) {
    auto [It, New] = Constants.try_emplace(E);
    if (New)
      It->second = evaluateConstantInt(E, Ctx);
    return It->second;
  }

  /// The parameters of \p FD that may keep the address of what they are bound to (its escape
  /// finder's AddressTaken), computed by \p Find on first use.
  template <class FindFn>
  const llvm::DenseSet<const clang::VarDecl *> &addressesKept(const clang::FunctionDecl *FD,
                                                             FindFn Find) {
    if (auto It = Kept.find(FD); It != Kept.end())
      return It->second;
    auto Found = Find(); // may ask of other functions first (and grow the map)
    return Kept[FD] = std::move(Found);
  }

private:
  llvm::DenseMap<const clang::FunctionDecl *, llvm::DenseSet<const clang::VarDecl *>> Kept;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionStructure>> Built;
  llvm::DenseMap<const clang::Expr *, std::optional<ConstantInt>> Constants;
};

} // namespace divlint

#endif
