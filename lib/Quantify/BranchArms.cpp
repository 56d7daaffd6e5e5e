//===- BranchArms.cpp - what each side of a branch costs ------------------===//
//
// The arms of a branch priced for the prediction: an if's two sides (less the work both do
// alike, which nvcc runs once for the warp), a loop's body, a switch's mean case, the rest of a
// && / || chain one side evaluates; whether they are free of side effects (then nvcc may
// predicate them instead of branching); and the statements those arms are made of, whose
// assumed work (UnpricedWork.cpp) makes the prediction a range.
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/CostModel.h"

#include "CostModelInternal.h"
#include "divlint/Analysis/IntrinsicTable.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

using namespace clang;

namespace divlint {

namespace {
/// The statements of an arm in order.
llvm::SmallVector<const Stmt *, 8> armStatements(const Stmt *Arm) {
  llvm::SmallVector<const Stmt *, 8> List;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Arm))
    List.append(CS->body_begin(), CS->body_end());
  else if (Arm)
    List.push_back(Arm);
  return List;
}

/// Whether \p S assigns anything below its own top level (`x = (y = 3, f(y))`): then its first
/// call may see values the other side's does not.
bool assignsInside(const Stmt *S, bool Top = true) {
  if (!S)
    return false;
  if (!Top) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
      return true;
  }
  for (const Stmt *Child : S->children())
    if (assignsInside(Child, false))
      return true;
  return false;
}

/// The first call to a function with a body that \p S evaluates (post-order: arguments first).
const CallExpr *firstCall(const Stmt *S) {
  if (!S)
    return nullptr;
  for (const Stmt *Child : S->children())
    if (const CallExpr *C = firstCall(Child))
      return C;
  const auto *CE = dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
  return Callee && Callee->getDefinition() && Callee->getDefinition()->hasBody() ? CE : nullptr;
}

/// Whether \p E names a local variable (or a member of one, not through a pointer): storing to
/// it is no side effect another lane or thread could see.
bool isLocalVarRef(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return false;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return VD->hasLocalStorage() && !VD->getType()->isReferenceType();
  return false;
}
/// The variables \p S reads: the address of a store is the same on both sides only while none
/// of them changes.
void collectReferencedDecls(const Stmt *S, llvm::SmallPtrSetImpl<const ValueDecl *> &Into) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    Into.insert(DRE->getDecl());
  for (const Stmt *Child : S->children())
    collectReferencedDecls(Child, Into);
}

/// Whether \p S assigns or increments a variable of \p Decls, or calls a function while one
/// of them is a global or a reference (which the callee may change).
bool mayChange(const Stmt *S, const llvm::SmallPtrSetImpl<const ValueDecl *> &Decls) {
  if (!S)
    return false;
  if (isa<CallExpr>(S))
    for (const ValueDecl *D : Decls) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType())
        return true;
    }
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  if (Target)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
      if (Decls.count(DRE->getDecl()))
        return true;
  for (const Stmt *Child : S->children())
    if (mayChange(Child, Decls))
      return true;
  return false;
}

/// A statement that only names or sets local variables (registers: a merge of values, no
/// instruction of its own at the end of an arm).
bool onlyLocals(const Stmt *S) {
  if (isa<NullStmt>(S) || isa<DeclStmt>(S))
    return true;
  const auto *BO = dyn_cast<BinaryOperator>(S);
  return BO && BO->isAssignmentOp() && isLocalVarRef(BO->getLHS()) && !assignsInside(BO);
}
} // namespace

double CostModel::sunkStoreCost(const Stmt *TrueArm, const Stmt *FalseArm) {
  // Both arms end with plain stores to the same places (`s_left[addr] = lambda;` and
  // `s_left[addr] = left;`): the compiler sinks them below the branch as one store of a
  // select (NVVM does, in the PTX of nvcc 13), so the warp issues each store and its address
  // once. Matched from the arms' ends in step, as the compiler sinks a common tail; the stored
  // values stay in their arms.
  auto Tail = [&](const Stmt *Arm) {
    llvm::SmallVector<const Stmt *, 8> Kept;
    for (const Stmt *S : armStatements(Arm))
      if (!onlyLocals(S))
        Kept.push_back(S);
    return Kept;
  };
  auto Then = Tail(TrueArm), Else = Tail(FalseArm);
  auto AllThen = armStatements(TrueArm), AllElse = armStatements(FalseArm);
  auto Store = [&](llvm::ArrayRef<const Stmt *> Arm, size_t I) -> const BinaryOperator * {
    const auto *BO = dyn_cast<BinaryOperator>(Arm[I]);
    if (!BO || BO->getOpcode() != BO_Assign || isLocalVarRef(BO->getLHS()) ||
        assignsInside(BO) || BO->getLHS()->HasSideEffects(Ctx))
      return nullptr;
    return BO;
  };
  double Shared = 0;
  for (size_t K = 1; K <= std::min(Then.size(), Else.size()); ++K) {
    const BinaryOperator *A = Store(Then, Then.size() - K), *B = Store(Else, Else.size() - K);
    if (!A || !B)
      break;
    llvm::FoldingSetNodeID IdA, IdB;
    A->getLHS()->Profile(IdA, Ctx, /*Canonical=*/true);
    B->getLHS()->Profile(IdB, Ctx, /*Canonical=*/true);
    if (IdA != IdB)
      break;
    // The address must mean the same place on both sides: nothing in either arm changes what
    // it reads (the statements the compiler keeps in the arms run before the sunk stores).
    llvm::SmallPtrSet<const ValueDecl *, 8> Decls;
    collectReferencedDecls(A->getLHS(), Decls);
    bool Changed = false;
    for (const Stmt *S : AllThen)
      Changed |= S != A && mayChange(S, Decls);
    for (const Stmt *S : AllElse)
      Changed |= S != B && mayChange(S, Decls);
    if (Changed)
      break;
    Shared += std::min(cost(A) - cost(A->getRHS()), cost(B) - cost(B->getRHS()));
  }
  return std::max(0.0, Shared);
}

bool CostModel::hasSideEffects(const Stmt *S) {
  if (!S)
    return false;
  if (const LambdaExpr *Lambda = costmodel::lambdaWritten(S))
    return llvm::any_of(Lambda->capture_inits(),
                        [&](const Expr *Init) { return hasSideEffects(Init); });
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<GotoStmt>(S) ||
      isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) ||
      isa<AsmStmt>(S) || isa<SwitchStmt>(S))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && !isLocalVarRef(BO->getLHS()))
      return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp() && !isLocalVarRef(UO->getSubExpr()))
      return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    auto Info = Callee && Callee->getIdentifier() ? lookupIntrinsic(Callee->getName())
                                                  : std::nullopt;
    if (!Info || (Info->Kind != IntrinsicKind::Pure && Info->Kind != IntrinsicKind::Load))
      return true;
  }
  for (const Stmt *Child : S->children())
    if (hasSideEffects(Child))
      return true;
  return false;
}

const BinaryOperator *CostModel::enclosingChain(const Expr *Condition,
                                               const FunctionDecl *Within) {
  if (!Condition)
    return nullptr;
  const BinaryOperator *BO = nullptr;
  const ParentMap *PM = bodyParents(Within, Condition);
  if (!PM)
    PM = initializerParents(Within, Condition);
  if (PM) {
    const Stmt *P = PM->getParent(Condition);
    while (P && isa<ParenExpr>(P))
      P = PM->getParent(P);
    BO = dyn_cast_or_null<BinaryOperator>(P);
  } else if (!inAssumption(Within, Condition)) { // there, no parents in the ASTContext's map
    auto Parents = Ctx.getParents(*Condition);
    while (!Parents.empty()) {
      const auto *P = Parents[0].get<Expr>();
      if (!P || !isa<ParenExpr>(P))
        break;
      Parents = Ctx.getParents(*P);
    }
    if (!Parents.empty())
      BO = Parents[0].get<BinaryOperator>();
  }
  return BO && BO->isLogicalOp() && BO->getLHS()->IgnoreParens() == Condition ? BO : nullptr;
}

ArmCosts CostModel::arms(const Stmt *Terminator, const Expr *Condition,
                         const FunctionDecl *Within) {
  ArmCosts A;
  const Stmt *TrueArm = nullptr, *FalseArm = nullptr;
  double Extra = 0; // the rest of a && / || chain that one side evaluates
  bool ExtraOnTrue = true;
  if (const BinaryOperator *Chain = enclosingChain(Condition, Within)) {
    Extra = cost(Chain->getRHS());
    ExtraOnTrue = Chain->getOpcode() == BO_LAnd;
  }
  if (const auto *If = dyn_cast<IfStmt>(Terminator)) {
    TrueArm = If->getThen();
    FalseArm = If->getElse();
  } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(Terminator)) {
    TrueArm = CO->getTrueExpr();
    FalseArm = CO->getFalseExpr();
  } else if (const auto *For = dyn_cast<ForStmt>(Terminator)) {
    A.True = cost(For->getBody()) + cost(For->getInc()) + cost(For->getCond());
    A.SideEffectFree = false;
  } else if (const auto *While = dyn_cast<WhileStmt>(Terminator)) {
    A.True = cost(While->getBody()) + cost(While->getCond());
    A.SideEffectFree = false;
  } else if (const auto *Do = dyn_cast<DoStmt>(Terminator)) {
    A.True = cost(Do->getBody()) + cost(Do->getCond());
    A.SideEffectFree = false;
  } else if (const auto *Range = dyn_cast<CXXForRangeStmt>(Terminator)) {
    A.True = cost(Range->getBody()) + 2;
    A.SideEffectFree = false;
  } else if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(Terminator)) {
    unsigned Cases = 0;
    for (const SwitchCase *SC = Switch->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase())
      ++Cases;
    A.Ways = std::max(2u, Cases);
    A.True = A.False = cost(Switch->getBody()) / std::max(1u, Cases);
    A.SideEffectFree = false;
    return A;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Terminator)) {
    // && / || in a value context: one side evaluates the right operand.
    A.True = BO->getOpcode() == BO_LAnd ? cost(BO->getRHS()) : 0;
    A.False = BO->getOpcode() == BO_LOr ? cost(BO->getRHS()) : 0;
    A.SideEffectFree = !hasSideEffects(BO->getRHS());
    return A;
  }
  if (TrueArm || FalseArm) {
    A.True = cost(TrueArm);
    A.False = cost(FalseArm);
    A.SideEffectFree = !hasSideEffects(TrueArm) && !hasSideEffects(FalseArm);
    A.Shared = std::min({sharedArmCost(TrueArm, FalseArm) + sunkStoreCost(TrueArm, FalseArm),
                         A.True, A.False});
    A.True -= A.Shared;
    A.False -= A.Shared;
  }
  (ExtraOnTrue ? A.True : A.False) += Extra;
  return A;
}

double CostModel::sharedArmCost(const Stmt *TrueArm, const Stmt *FalseArm) {
  auto Then = armStatements(TrueArm), Else = armStatements(FalseArm);
  if (Then.empty() || Else.empty())
    return 0;
  // Hoisted: both sides start with the same call on the same arguments (`heavy(x)` first in
  // `x = heavy(heavy(x))` and in `x = heavy(x)`): the compiler runs it before the branch.
  // Not sunk: `y = heavy(x + 1)` / `y = heavy(x * 2)` ran two heavy() passes per diverging
  // warp on an H100 (bench/README.md), so calls on different arguments stay in their arms.
  if (assignsInside(Then.front()) || assignsInside(Else.front()))
    return 0;
  const CallExpr *LeadThen = firstCall(Then.front()), *LeadElse = firstCall(Else.front());
  if (!LeadThen || !LeadElse)
    return 0;
  llvm::FoldingSetNodeID IdThen, IdElse;
  LeadThen->Profile(IdThen, Ctx, /*Canonical=*/true);
  LeadElse->Profile(IdElse, Ctx, /*Canonical=*/true);
  return IdThen == IdElse ? cost(LeadThen) : 0;
}

std::vector<const Stmt *> CostModel::armParts(const Stmt *Terminator, const Expr *Condition,
                                                   const FunctionDecl *Within) {
  std::vector<const Stmt *> Arms;
  if (const auto *If = dyn_cast<IfStmt>(Terminator))
    Arms = {If->getThen(), If->getElse()};
  else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(Terminator))
    Arms = {CO->getTrueExpr(), CO->getFalseExpr()};
  else if (const auto *For = dyn_cast<ForStmt>(Terminator))
    Arms = {For->getBody(), For->getInc(), For->getCond()};
  else if (const auto *While = dyn_cast<WhileStmt>(Terminator))
    Arms = {While->getBody(), While->getCond()};
  else if (const auto *Do = dyn_cast<DoStmt>(Terminator))
    Arms = {Do->getBody(), Do->getCond()};
  else if (const auto *Range = dyn_cast<CXXForRangeStmt>(Terminator))
    Arms = {Range->getBody()};
  else if (const auto *Switch = dyn_cast<SwitchStmt>(Terminator))
    Arms = {Switch->getBody()};
  else if (const auto *BO = dyn_cast<BinaryOperator>(Terminator))
    Arms = {BO->getRHS()};
  if (const BinaryOperator *Chain = enclosingChain(Condition, Within))
    Arms.push_back(Chain->getRHS());
  Arms.erase(std::remove(Arms.begin(), Arms.end(), nullptr), Arms.end());
  return Arms;
}

} // namespace divlint
