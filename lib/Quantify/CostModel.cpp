//===- CostModel.cpp - the cost of statements and calls -------------------===//
//
// DESIGN.md §2's units: what one execution of a statement costs (operators, memory accesses,
// intrinsics, math functions, calls priced at their bodies, loops at their trip counts), and
// the same with nothing assumed (knownCost). The rest of the cost model builds on these prices:
// branch arms (BranchArms.cpp), the prediction (BranchPrediction.cpp).
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/CostModel.h"

#include "CostModelInternal.h"
#include "divlint/Analysis/CudaNames.h"
#include "divlint/Analysis/IntrinsicTable.h"
#include "divlint/Quantify/OperationCosts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include <algorithm>

using namespace clang;

namespace divlint {

using namespace costmodel;

namespace costmodel {

bool foldsToConstant(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return foldsToConstant(Subst->getReplacement());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && !isWarpSize(DRE) && VD->getType().isConstQualified() &&
           !VD->getType()->isReferenceType() && VD->hasInit() &&
           VD->getInit()->getType()->isScalarType() && foldsToConstant(VD->getInit());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && !BO->isCommaOp() && foldsToConstant(BO->getLHS()) &&
           foldsToConstant(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_AddrOf &&
           UO->getOpcode() != UO_Deref && foldsToConstant(UO->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return foldsToConstant(CO->getCond()) && foldsToConstant(CO->getTrueExpr()) &&
           foldsToConstant(CO->getFalseExpr());
  return false;
}

std::optional<bool> constantCondition(const Expr *Cond, const ASTContext &Ctx, bool Constexpr) {
  if (!Cond || Cond->isValueDependent() || (!Constexpr && !foldsToConstant(Cond)))
    return std::nullopt;
  bool Value = false;
  if (!Cond->EvaluateAsBooleanCondition(Value, Ctx))
    return std::nullopt;
  return Value;
}

bool isBuiltinVariableRead(const FunctionDecl *Callee) {
  // A member of threadIdx's type: the getters `__fetch_builtin_x`, and the conversion to a uint3
  // or dim3 (threadIdx passed by value to cooperative groups' helpers).
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee))
    if (const CXXRecordDecl *Record = Method->getParent();
        Record && Record->getIdentifier() && builtinVarIndex(Record->getName()))
      return true;
  return Callee->getIdentifier() && specialRegister(Callee->getName());
}

} // namespace costmodel

namespace {
bool isMemoryAccess(const Expr *E) {
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow();
  return false;
}
} // namespace

double CostModel::functionCost(const FunctionDecl *FD) { return pick(functionPrice(FD)); }

CostModel::Price CostModel::unknownCall() { return {UnknownCallCost, 0}; }

CostModel::Price CostModel::functionPrice(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || !Def->hasBody())
    return unknownCall();
  auto It = FunctionCosts.find(Def);
  if (It != FunctionCosts.end())
    return It->second;
  if (CallDepth >= MaxCallDepth)
    return unknownCall();
  FunctionCosts[Def] = unknownCall(); // recursion guard
  ++CallDepth;
  Price C = price(Def->getBody());
  --CallDepth;
  FunctionCosts[Def] = C;
  return C;
}

double CostModel::knownCost(const Stmt *S) { return price(S).Known; }

double CostModel::knownFunctionCost(const FunctionDecl *FD) { return functionPrice(FD).Known; }

bool CostModel::isCompilerBuiltin(const FunctionDecl *Callee) const {
  unsigned ID = Callee->getBuiltinID();
  switch (ID) {
  case Builtin::BImove: // std::move and its kin are casts
  case Builtin::BIforward:
  case Builtin::BIforward_like:
  case Builtin::BImove_if_noexcept:
  case Builtin::BIas_const:
  case Builtin::BIaddressof:
  case Builtin::BI__addressof:
    return true;
  default:
    // Library functions clang knows (malloc, printf, memcpy) are calls, not instructions.
    return ID && !Ctx.BuiltinInfo.isPredefinedLibFunction(ID);
  }
}

double CostModel::assumedTrips() const { return KnownOnly ? 0 : DefaultTripCount; }

std::optional<std::string> CostModel::opaqueCall(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *New = dyn_cast<CXXNewExpr>(E))
    return New->getNumPlacementArgs() ? std::nullopt
                                      : std::optional<std::string>("'new' (the device heap)");
  if (isa<CXXDeleteExpr>(E))
    return std::string("'delete' (the device heap)");
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || isa<CUDAKernelCallExpr>(CE))
    return std::nullopt;
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return CE->getCalleeDecl() ? std::nullopt // a builtin or a pseudo-destructor
                               : std::optional<std::string>("a call through a pointer");
  CalleeKind Kind = calleeKind(Callee);
  if (Kind == CalleeKind::Transparent)
    return std::nullopt;
  // A virtual call runs whichever override the object's dynamic type has, unless the call is
  // qualified (`Base::f()`) or clang can tell the type (a final class, an object by value).
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(CE))
    if (const CXXMethodDecl *Method = Member->getMethodDecl(); Method && Method->isVirtual()) {
      const auto *ME = dyn_cast<MemberExpr>(Member->getCallee()->IgnoreParens());
      if (!(ME && ME->hasQualifier()) &&
          !Method->getDevirtualizedMethod(Member->getImplicitObjectArgument(),
                                          /*IsAppleKext=*/false))
        return "a virtual call to '" + Method->getNameAsString() + "'";
    }
  if (Kind == CalleeKind::Opaque)
    return "'" + Callee->getNameAsString() + "' (no body divlint can see)";
  return std::nullopt;
}

CostModel::CalleeKind CostModel::calleeKind(const FunctionDecl *Callee) const {
  auto [It, New] = CalleeKinds.try_emplace(Callee, CalleeKind::Seen);
  if (!New)
    return It->second;
  // A call that does not return ends the kernel (assert's __assertfail, __trap): its cost does
  // not weigh on the warps that go on.
  if (Callee->isNoReturn() || isBuiltinVariableRead(Callee) || isCompilerBuiltin(Callee) ||
      (Callee->getIdentifier() && lookupIntrinsic(Callee->getName())))
    It->second = CalleeKind::Transparent;
  else if (const FunctionDecl *Def = Callee->getDefinition(); !Def || !Def->hasBody())
    It->second = CalleeKind::Opaque;
  return It->second;
}

double CostModel::cost(const Stmt *S) { return pick(price(S)); }

CostModel::Price CostModel::price(const Stmt *S) {
  if (!S)
    return {};
  auto It = StmtCosts.find(S);
  if (It != StmtCosts.end())
    return It->second;
  Price C = computePrice(S);
  StmtCosts[S] = C;
  return C;
}

// Each operation below is priced both ways at once, Full and Known in the same order of
// floating-point operations as one pricing alone.
CostModel::Price CostModel::computePrice(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreImplicit();
    if (const LambdaExpr *Lambda = lambdaWritten(E)) {
      Price Captures;
      for (const Expr *Init : Lambda->capture_inits())
        Captures += price(Init);
      return Captures;
    }
    if ((isa<BinaryOperator>(E) || isa<UnaryOperator>(E) || isa<ConditionalOperator>(E)) &&
        !E->isValueDependent() && foldsToConstant(E))
      return {};
    Price Own;
    if (isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
        isa<CXXBoolLiteralExpr>(E) || isa<ParenExpr>(E) || isa<CastExpr>(E))
      Own = {};
    else if (isMemoryAccess(E))
      Own = Price::both(MemoryAccessCost);
    else if ((isa<CXXNewExpr>(E) || isa<CXXDeleteExpr>(E)) && opaqueCall(E))
      Own = unknownCall();
    else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      std::optional<IntrinsicInfo> Info;
      if (Callee && isBuiltinVariableRead(Callee))
        return {};
      if (Callee && Callee->getIdentifier())
        Info = lookupIntrinsic(Callee->getName());
      if (Info) {
        switch (Info->Kind) {
        case IntrinsicKind::Atomic: Own = Price::both(AtomicCost); break;
        case IntrinsicKind::Load: Own = Price::both(MemoryAccessCost); break;
        case IntrinsicKind::Pure:
          Own = Price::both(mathFunctionCost(Callee->getName()).value_or(SpecialFunctionCost));
          break;
        default: Own = Price::both(WarpIntrinsicCost); break;
        }
      } else if (opaqueCall(CE)) {
        Own = unknownCall();
      } else if (Callee && Callee->getDefinition() && Callee->getDefinition()->hasBody()) {
        Own = functionPrice(Callee);
      } else if (Callee && isCompilerBuiltin(Callee)) {
        // A compiler builtin (__nvvm_*, __builtin_*): one instruction, or none.
        Own = Price::both(1);
      }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      Own = Price::both(divisionCost(BO, Ctx).value_or(1));
    } else if (isa<UnaryOperator>(E) || isa<AbstractConditionalOperator>(E)) {
      Own = Price::both(1);
    }
    Price Children;
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      if (auto Known = constantCondition(CO->getCond(), Ctx))
        return price(*Known ? CO->getTrueExpr() : CO->getFalseExpr());
      // Only one operand runs: the mean of the two.
      return Own + price(CO->getCond()) +
             0.5 * (price(CO->getTrueExpr()) + price(CO->getFalseExpr()));
    }
    for (const Stmt *Child : E->children())
      Children += price(Child);
    return Own + Children;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (auto Known = constantCondition(If->getCond(), Ctx, If->isConstexpr()))
      return price(If->getInit()) + price(*Known ? If->getThen() : If->getElse());
    return price(If->getCond()) + 0.5 * (price(If->getThen()) + price(If->getElse()));
  }
  if (isLoop(S)) {
    std::optional<double> Trips = tripCount(S);
    const auto *For = dyn_cast<ForStmt>(S);
    Price Init = For ? price(For->getInit()) : Price{};
    Price Iteration = iterationPrice(S);
    return {Init.Full + Trips.value_or(DefaultTripCount) * Iteration.Full + 1,
            Init.Known + Trips.value_or(0) * Iteration.Known + 1};
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    unsigned Cases = 0;
    for (const SwitchCase *SC = Switch->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase())
      ++Cases;
    Price Body = price(Switch->getBody());
    double Share = std::max(1u, Cases);
    return price(Switch->getCond()) + Price{Body.Full / Share, Body.Known / Share};
  }
  Price Sum;
  for (const Stmt *Child : S->children())
    Sum += price(Child);
  return Sum;
}

CostModel::Price CostModel::iterationPrice(const Stmt *Loop) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return price(For->getBody()) + price(For->getCond()) + price(For->getInc());
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return price(While->getBody()) + price(While->getCond());
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return price(Do->getBody()) + price(Do->getCond());
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    return price(Range->getBody()) + Price::both(2);
  return {};
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

} // namespace divlint
