#include "divlint/Confirm/ConstantContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace divlint::confirm {

namespace {

/// Whether \p Inner lies within \p Outer (both token ranges of one file).
bool within(const SourceManager &SM, SourceRange Outer, SourceRange Inner) {
  if (Outer.isInvalid() || Inner.isInvalid())
    return false;
  SourceLocation OB = SM.getExpansionLoc(Outer.getBegin()), OE = SM.getExpansionLoc(Outer.getEnd());
  SourceLocation IB = SM.getExpansionLoc(Inner.getBegin()), IE = SM.getExpansionLoc(Inner.getEnd());
  return !SM.isBeforeInTranslationUnit(IB, OB) && !SM.isBeforeInTranslationUnit(OE, IE);
}

bool within(const SourceManager &SM, const Stmt *Outer, const Expr *E) {
  return Outer && within(SM, Outer->getSourceRange(), E->getSourceRange());
}

/// A variable whose initializer the compiler may have to evaluate as a constant: constexpr, or
/// a const integral one initialized by a constant (or, in a template, value-dependent) expression.
bool constantVariable(ASTContext &Ctx, const VarDecl *V) {
  if (V->isConstexpr())
    return true;
  QualType T = V->getType();
  const Expr *Init = V->getInit();
  if (!Init || !T.isConstQualified() || !T->isIntegralOrEnumerationType())
    return false;
  return Init->isValueDependent() || Init->isIntegerConstantExpr(Ctx);
}

/// Why \p Node (an ancestor of \p E) makes \p E a compile-time or unevaluated expression.
std::optional<std::string> reasonAt(ASTContext &Ctx, const DynTypedNode &Node, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (const auto *S = Node.get<Stmt>()) {
    if (isa<ConstantExpr>(S))
      return "a constant expression";
    if (const auto *Case = dyn_cast<CaseStmt>(S))
      if (within(SM, Case->getLHS(), E) || within(SM, Case->getRHS(), E))
        return "a case label";
    if (const auto *If = dyn_cast<IfStmt>(S))
      if (If->isConstexpr() && within(SM, If->getCond(), E))
        return "an `if constexpr` condition";
    if (isa<UnaryExprOrTypeTraitExpr, CXXNoexceptExpr, CXXTypeidExpr>(S))
      return "an unevaluated operand (sizeof, alignof, noexcept, typeid)";
    return std::nullopt;
  }
  if (Node.get<TemplateArgumentLoc>())
    return "a template argument";
  if (const auto *TL = Node.get<TypeLoc>()) {
    if (TL->getAs<ConstantArrayTypeLoc>() || TL->getAs<DependentSizedArrayTypeLoc>())
      return "an array bound";
    if (TL->getAs<DecltypeTypeLoc>() || TL->getAs<TypeOfExprTypeLoc>())
      return "an unevaluated operand (decltype)";
    return std::nullopt;
  }
  if (const auto *D = Node.get<Decl>()) {
    if (const auto *V = dyn_cast<VarDecl>(D))
      if (constantVariable(Ctx, V) && V->getInit() && within(SM, V->getInit(), E))
        return V->isConstexpr() ? "a constexpr variable's initializer"
                                : "a constant variable's initializer";
    if (isa<StaticAssertDecl>(D))
      return "a static_assert";
    if (isa<EnumConstantDecl>(D))
      return "an enumerator's value";
    if (isa<NonTypeTemplateParmDecl>(D))
      return "a template parameter's default";
    if (const auto *F = dyn_cast<FieldDecl>(D))
      if (F->isBitField() && within(SM, F->getBitWidth(), E))
        return "a bit-field width";
    if (const auto *F = dyn_cast<FunctionDecl>(D))
      if (F->isConstexprSpecified() || F->isConsteval())
        return "a constexpr function";
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> constantContext(ASTContext &Ctx, const Expr *E) {
  // Up every parent chain (a node of a template can have several) to the enclosing function.
  llvm::SmallVector<DynTypedNode, 8> Work = {DynTypedNode::create(*E)};
  for (unsigned Steps = 0; !Work.empty() && Steps < 512; ++Steps) {
    DynTypedNode Node = Work.pop_back_val();
    for (const DynTypedNode &Parent : Ctx.getParents(Node)) {
      if (auto Why = reasonAt(Ctx, Parent, E))
        return Why;
      const auto *D = Parent.get<Decl>();
      if (D && (isa<FunctionDecl>(D) || isa<TranslationUnitDecl>(D) || isa<RecordDecl>(D)))
        continue; // the function's body runs; what encloses the function does not matter
      Work.push_back(Parent);
    }
  }
  return std::nullopt;
}

} // namespace divlint::confirm
