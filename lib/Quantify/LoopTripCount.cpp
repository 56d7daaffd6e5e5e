//===- LoopTripCount.cpp - the trip count of a loop, where the code says it ---===//
//
// A `for` loop whose start, bound and step are constants runs a number of trips the cost model
// can count (stepping the induction variable as the loop would); every other loop is priced at
// DefaultTripCount and named among the assumptions (UnpricedWork.cpp).
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/CostModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace divlint {

std::optional<double> CostModel::tripCount(const Stmt *Loop) {
  // Asked of the same loops again and again (the pricing, naming what was assumed, the
  // kernels' call counts, the loops around a branch): counted once.
  auto [It, New] = TripCounts.try_emplace(Loop);
  if (New)
    It->second = countTrips(Loop);
  return It->second;
}

std::optional<double> CostModel::countTrips(const Stmt *Loop) {
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  if (!For || !For->getCond() || !For->getInc())
    return std::nullopt;
  auto Constant = [&](const Expr *E) -> std::optional<int64_t> {
    Expr::EvalResult R;
    if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  };
  // init: `int i = C` or `i = C`
  const VarDecl *Var = nullptr;
  std::optional<int64_t> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl())
      if ((Var = dyn_cast<VarDecl>(DS->getSingleDecl())))
        Start = Constant(Var->getInit());
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (BO->getOpcode() == BO_Assign)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        if ((Var = dyn_cast<VarDecl>(DRE->getDecl())))
          Start = Constant(BO->getRHS());
  }
  if (!Var || !Start)
    return std::nullopt;
  auto IsVar = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == Var;
  };
  // cond: `i < C` (or <=, >, >=, !=), either side.
  const auto *Cond = dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  if (!Cond || !Cond->isComparisonOp())
    return std::nullopt;
  BinaryOperatorKind Op = Cond->getOpcode();
  std::optional<int64_t> Bound;
  if (IsVar(Cond->getLHS()))
    Bound = Constant(Cond->getRHS());
  else if (IsVar(Cond->getRHS())) {
    Bound = Constant(Cond->getLHS());
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!Bound)
    return std::nullopt;
  // inc: ++i, i++, --i, i--, i += C, i -= C, i *= C, i /= C, i <<= C, i >>= C
  BinaryOperatorKind Update = BO_Add;
  int64_t Step = 0;
  if (const auto *UO = dyn_cast<UnaryOperator>(For->getInc()->IgnoreParens())) {
    if (!UO->isIncrementDecrementOp() || !IsVar(UO->getSubExpr()))
      return std::nullopt;
    Step = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(For->getInc()->IgnoreParens())) {
    auto S = Constant(CA->getRHS());
    if (!IsVar(CA->getLHS()) || !S)
      return std::nullopt;
    Step = *S;
    switch (CA->getOpcode()) {
    case BO_AddAssign: Update = BO_Add; break;
    case BO_SubAssign: Update = BO_Add; Step = -Step; break;
    case BO_MulAssign: Update = BO_Mul; break;
    case BO_DivAssign: Update = BO_Div; break;
    case BO_ShlAssign: Update = BO_Shl; break;
    case BO_ShrAssign: Update = BO_Shr; break;
    default: return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
  auto Holds = [&](int64_t V) {
    switch (Op) {
    case BO_LT: return V < *Bound;
    case BO_LE: return V <= *Bound;
    case BO_GT: return V > *Bound;
    case BO_GE: return V >= *Bound;
    case BO_NE: return V != *Bound;
    default: return false;
    }
  };
  int64_t V = *Start;
  double Trips = 0;
  for (unsigned I = 0; I < 1u << 20 && Holds(V); ++I) {
    ++Trips;
    int64_t Next = V;
    switch (Update) {
    case BO_Add: Next = V + Step; break;
    case BO_Mul: Next = V * Step; break;
    case BO_Div: Next = Step ? V / Step : V; break;
    case BO_Shl: Next = Step >= 0 && Step < 63 ? V << Step : V; break;
    case BO_Shr: Next = Step >= 0 && Step < 63 ? V >> Step : V; break;
    default: break;
    }
    if (Next == V)
      return std::nullopt; // would never end
    V = Next;
  }
  return Trips;
}

} // namespace divlint
