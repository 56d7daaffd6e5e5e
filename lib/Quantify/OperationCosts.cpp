#include "divlint/Quantify/OperationCosts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringSwitch.h"
#include <climits>

using namespace clang;

namespace divlint {

bool isWarpSize(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->getName() == "warpSize" && VD->getDeclContext()->isTranslationUnit();
}

namespace {
struct DivisionKind {
  bool Float = false, Wide = false, Signed = false, Rem = false;
};

std::optional<DivisionKind> divisionKind(const BinaryOperator *BO, const ASTContext &Ctx) {
  BinaryOperatorKind K = BO->getOpcode();
  bool Div = K == BO_Div || K == BO_DivAssign, Rem = K == BO_Rem || K == BO_RemAssign;
  if (!Div && !Rem)
    return std::nullopt;
  QualType T = BO->getType();
  if (const auto *CAO = dyn_cast<CompoundAssignOperator>(BO))
    T = CAO->getComputationResultType();
  if (T.isNull() || T->isDependentType() || !(T->isRealFloatingType() || T->isIntegerType()))
    return std::nullopt;
  DivisionKind D;
  D.Float = T->isRealFloatingType();
  D.Wide = Ctx.getTypeSize(T) == 64;
  D.Signed = T->isSignedIntegerType();
  D.Rem = Rem;
  return D;
}
} // namespace

std::optional<double> divisionCost(const BinaryOperator *BO, const ASTContext &Ctx) {
  std::optional<DivisionKind> D = divisionKind(BO, Ctx);
  if (!D)
    return std::nullopt;
  const Expr *Divisor = BO->getRHS()->IgnoreParenImpCasts();
  if (D->Float) {
    if (Divisor->isValueDependent())
      return D->Wide ? 16 : 10;
    llvm::APFloat V(0.0);
    if (Divisor->EvaluateAsFloat(V, Ctx))
      return V.getExactLog2Abs() != INT_MIN ? 1 : (D->Wide ? 16 : 8); // a multiply, or IEEE
    return D->Wide ? 16 : 10;
  }
  if (!Divisor->isValueDependent() && Divisor->isIntegerConstantExpr(Ctx) &&
      !isWarpSize(Divisor)) {
    std::optional<llvm::APSInt> V = Divisor->getIntegerConstantExpr(Ctx);
    return V && V->isPowerOf2() ? 1 : 2; // a shift or mask; a multiply-high and shifts
  }
  if (isWarpSize(Divisor))
    return D->Rem ? 13 : 15;
  if (D->Wide)
    return D->Rem ? 24 : 26;
  if (D->Signed)
    return D->Rem ? 22 : 24;
  return D->Rem ? 17 : 18;
}

std::optional<double> mathFunctionCost(llvm::StringRef Name) {
  Name.consume_front("__nv_");
  return llvm::StringSwitch<std::optional<double>>(Name)
      .Cases({"sqrtf", "__fsqrt_rn"}, 10)
      .Cases({"sqrt", "__dsqrt_rn"}, 18)
      .Case("rsqrtf", 4)
      .Case("expf", 9)
      .Case("exp", 60)
      .Case("logf", 27)
      .Case("log", 83)
      .Case("sinf", 27)
      .Case("cosf", 28)
      .Case("tanf", 24)
      .Case("sin", 44)
      .Case("tanhf", 17)
      .Case("powf", 87)
      .Cases({"floorf", "fminf", "fmaxf", "fabsf", "fabs"}, 1)
      .Case("__expf", 5)
      .Case("__logf", 4)
      .Case("__sinf", 2)
      .Case("__fdividef", 5)
      .Cases({"__popc", "__clz", "__mulhi"}, 1)
      .Case("__mul24", 5)
      .Default(std::nullopt);
}

std::optional<double> slowPathCost(const Expr *Site, const ASTContext &Ctx) {
  if (const auto *BO = dyn_cast<BinaryOperator>(Site)) {
    std::optional<DivisionKind> D = divisionKind(BO, Ctx);
    if (!D)
      return std::nullopt;
    if (D->Float)
      return D->Wide ? 59 : 72; // a denormal divisor (zero dividend: 35, huge: 49 for float)
    if (D->Wide)
      return 87;                // operands wider than 32 bits
    return std::nullopt;
  }
  const auto *CE = dyn_cast<CallExpr>(Site);
  const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  llvm::StringRef Name = Callee->getName();
  Name.consume_front("__nv_");
  return llvm::StringSwitch<std::optional<double>>(Name)
      .Cases({"sqrtf", "__fsqrt_rn"}, 26)        // a denormal operand
      .Case("sinf", 228)                         // a huge argument (Payne-Hanek reduction)
      .Case("__fdiv_rn", 72)
      .Default(std::nullopt);
}

} // namespace divlint
