#include "divlint/CostModel.h"

#include "divlint/IntrinsicTable.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <cmath>

using namespace clang;

namespace divlint {

namespace {
// Relative costs (one unit: an integer or float operation).
constexpr double MemoryAccessCost = 4;  // a load or store through a pointer
constexpr double SpecialFunctionCost = 4;
constexpr double WarpIntrinsicCost = 2;
constexpr double AtomicCost = 8;
constexpr double UnknownCallCost = 10;
constexpr double PredicationMaxArmCost = 8; // arms at most this cheap become selects
constexpr unsigned MaxCallDepth = 3;

bool isMemoryAccess(const Expr *E) {
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow();
  return false;
}

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
} // namespace

double warpEfficiency(double T, double A, double CostTrue, double CostFalse, unsigned WarpSize) {
  double Time = (T > 0 ? CostTrue : 0) + (T < A ? CostFalse : 0);
  if (Time <= 0 || WarpSize == 0)
    return 1;
  return (T * CostTrue + (A - T) * CostFalse) / (WarpSize * Time);
}

unsigned SwitchTargets::target(int64_t Value) const {
  for (const auto &[CaseValue, Target] : ByValue)
    if (CaseValue == Value)
      return Target;
  return Default;
}

std::vector<std::pair<const SwitchCase *, unsigned>> switchLabelTargets(const SwitchStmt *S,
                                                                        const SourceManager &SM) {
  std::vector<const SwitchCase *> Cases; // the list runs backwards: sort into source order
  for (const SwitchCase *C = S->getSwitchCaseList(); C; C = C->getNextSwitchCase())
    Cases.push_back(C);
  std::sort(Cases.begin(), Cases.end(), [&](const SwitchCase *A, const SwitchCase *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  std::vector<std::pair<const SwitchCase *, unsigned>> Labels;
  unsigned Target = 0;
  const SwitchCase *Previous = nullptr;
  for (const SwitchCase *C : Cases) {
    if (Previous && Previous->getSubStmt() != C) // `case 0: case 1: ...` is one target
      ++Target;
    Previous = C;
    Labels.push_back({C, Target});
  }
  return Labels;
}

std::optional<SwitchTargets> switchTargets(const SwitchStmt *S, ASTContext &Ctx) {
  if (!S)
    return std::nullopt;
  auto Labels = switchLabelTargets(S, Ctx.getSourceManager());
  SwitchTargets T;
  std::optional<unsigned> Default;
  for (auto [C, Target] : Labels) {
    if (isa<DefaultStmt>(C)) {
      Default = Target;
      continue;
    }
    const auto *Case = cast<CaseStmt>(C);
    if (Case->getRHS() || Case->getLHS()->isValueDependent())
      return std::nullopt;
    llvm::APSInt V = Case->getLHS()->EvaluateKnownConstInt(Ctx);
    T.ByValue.push_back({V.isSigned() ? V.getExtValue() : int64_t(V.getZExtValue()), Target});
  }
  T.Count = Labels.empty() ? 0 : Labels.back().second + 1;
  T.Default = Default ? *Default : T.Count++;
  return T;
}

std::optional<double> meanSwitchPasses(const EnumerationResult &R,
                                       const std::optional<SwitchTargets> &T) {
  if (T && !R.SwitchValueSets.empty() && R.SwitchValueSetsComplete) {
    double Passes = 0, Evaluations = 0;
    for (const auto &[Values, Count] : R.SwitchValueSets) {
      std::vector<unsigned> Targets;
      for (int64_t V : Values)
        Targets.push_back(T->target(V));
      std::sort(Targets.begin(), Targets.end());
      Passes += double(Count) * double(std::unique(Targets.begin(), Targets.end()) -
                                       Targets.begin());
      Evaluations += Count;
    }
    return Passes / Evaluations;
  }
  if (!R.MeanDistinctValues)
    return std::nullopt;
  return T ? std::min(*R.MeanDistinctValues, double(T->Count)) : *R.MeanDistinctValues;
}

double CostModel::functionCost(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || !Def->hasBody())
    return UnknownCallCost;
  auto It = FunctionCosts.find(Def);
  if (It != FunctionCosts.end())
    return It->second;
  if (CallDepth >= MaxCallDepth)
    return UnknownCallCost;
  FunctionCosts[Def] = UnknownCallCost; // recursion guard
  ++CallDepth;
  double C = cost(Def->getBody());
  --CallDepth;
  FunctionCosts[Def] = C;
  return C;
}

std::optional<double> CostModel::tripCount(const Stmt *Loop) {
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

double CostModel::cost(const Stmt *S) {
  if (!S)
    return 0;
  auto It = StmtCosts.find(S);
  if (It != StmtCosts.end())
    return It->second;
  double C = computeCost(S);
  StmtCosts[S] = C;
  return C;
}

double CostModel::computeCost(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreImplicit();
    double Own = 0;
    if (isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
        isa<CXXBoolLiteralExpr>(E) || isa<ParenExpr>(E) || isa<CastExpr>(E))
      Own = 0;
    else if (isMemoryAccess(E))
      Own = MemoryAccessCost;
    else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      std::optional<IntrinsicInfo> Info;
      if (Callee && Callee->getIdentifier())
        Info = lookupIntrinsic(Callee->getName());
      if (Info) {
        switch (Info->Kind) {
        case IntrinsicKind::Atomic: Own = AtomicCost; break;
        case IntrinsicKind::Load: Own = MemoryAccessCost; break;
        case IntrinsicKind::Pure: Own = SpecialFunctionCost; break;
        default: Own = WarpIntrinsicCost; break;
        }
      } else if (Callee && Callee->getDefinition() && Callee->getDefinition()->hasBody()) {
        Own = functionCost(Callee);
      } else {
        Own = UnknownCallCost;
      }
    } else if (isa<BinaryOperator>(E) || isa<UnaryOperator>(E) ||
               isa<AbstractConditionalOperator>(E)) {
      Own = 1;
    }
    double Children = 0;
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      // Only one operand runs: the mean of the two.
      return Own + cost(CO->getCond()) +
             0.5 * (cost(CO->getTrueExpr()) + cost(CO->getFalseExpr()));
    }
    for (const Stmt *Child : E->children())
      Children += cost(Child);
    return Own + Children;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return cost(If->getCond()) + 0.5 * (cost(If->getThen()) + cost(If->getElse()));
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S)) {
    double Trips = tripCount(S).value_or(DefaultTripCount);
    double Body = 0, Once = 0;
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      Once = cost(For->getInit());
      Body = cost(For->getBody()) + cost(For->getCond()) + cost(For->getInc());
    } else if (const auto *While = dyn_cast<WhileStmt>(S)) {
      Body = cost(While->getBody()) + cost(While->getCond());
    } else if (const auto *Do = dyn_cast<DoStmt>(S)) {
      Body = cost(Do->getBody()) + cost(Do->getCond());
    } else if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
      Body = cost(Range->getBody()) + 2;
    }
    return Once + Trips * Body + 1;
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    unsigned Cases = 0;
    for (const SwitchCase *SC = Switch->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase())
      ++Cases;
    return cost(Switch->getCond()) + cost(Switch->getBody()) / std::max(1u, Cases);
  }
  double Sum = 0;
  for (const Stmt *Child : S->children())
    Sum += cost(Child);
  return Sum;
}

bool CostModel::hasSideEffects(const Stmt *S) {
  if (!S)
    return false;
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

ArmCosts CostModel::arms(const Stmt *Terminator, const Expr *Condition) {
  ArmCosts A;
  const Stmt *TrueArm = nullptr, *FalseArm = nullptr;
  double Extra = 0; // the rest of a && / || chain that one side evaluates
  bool ExtraOnTrue = true;
  if (Condition) {
    auto Parents = Ctx.getParents(*Condition);
    while (!Parents.empty()) {
      const auto *P = Parents[0].get<Expr>();
      if (!P || !isa<ParenExpr>(P))
        break;
      Parents = Ctx.getParents(*P);
    }
    if (!Parents.empty())
      if (const auto *BO = Parents[0].get<BinaryOperator>();
          BO && BO->isLogicalOp() && BO->getLHS()->IgnoreParens() == Condition) {
        Extra = cost(BO->getRHS());
        ExtraOnTrue = BO->getOpcode() == BO_LAnd;
      }
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
  }
  (ExtraOnTrue ? A.True : A.False) += Extra;
  return A;
}

std::vector<const Stmt *> CostModel::enclosingLoops(const Stmt *S) {
  std::vector<const Stmt *> Loops;
  DynTypedNodeList Parents = Ctx.getParents(*S);
  for (unsigned Guard = 0; Guard < 4096 && !Parents.empty(); ++Guard) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      break;
    if (const auto *St = P.get<Stmt>()) {
      if (isa<ForStmt>(St) || isa<WhileStmt>(St) || isa<DoStmt>(St) || isa<CXXForRangeStmt>(St))
        Loops.push_back(St);
    }
    Parents = Ctx.getParents(P);
  }
  return Loops;
}

Prediction CostModel::predict(const FunctionDecl *FD, const Stmt *Terminator,
                              const Expr *Condition, const EnumerationResult &R,
                              unsigned WarpSize) {
  Prediction P;
  ArmCosts A = arms(Terminator, Condition);
  P.Arms = A;
  // How often the branch runs per thread: the trip counts of the loops around it (a loop
  // condition runs once per iteration of its own loop too).
  std::vector<const Stmt *> Loops = enclosingLoops(Condition ? static_cast<const Stmt *>(Condition)
                                                             : Terminator);
  P.LoopDepth = static_cast<unsigned>(Loops.size());
  bool UnknownTrips = false;
  for (const Stmt *L : Loops) {
    auto Trips = tripCount(L);
    UnknownTrips |= !Trips;
    P.Frequency *= Trips.value_or(DefaultTripCount);
  }
  if (UnknownTrips)
    P.Assumptions.push_back("loops of unknown trip count assumed to run " +
                            std::to_string(static_cast<int>(DefaultTripCount)) + " times");

  // Per warp evaluation: how often it diverges (D), how many of its active lanes are true when
  // it does (T of A), how often its first active lane says true (f: the arm the uniformized warp
  // takes), and how often a warp that does not diverge takes the true arm (q). Active lanes are
  // those that reach the branch (UA in warps that do not diverge): a warp of a 16-thread block
  // has 16, a guard `lane < 8` leaves 8.
  double Lanes = std::min<double>(WarpSize, R.LanesPerWarp.value_or(WarpSize));
  double Active = Lanes, UniformActive = Lanes;
  double D = 1, T = 0.5 * Active, F = 0.5, Q = 0.5;
  unsigned Evaluations = R.DivergentEvaluations + R.UniformEvaluations;
  if (R.Enumerated && Evaluations) {
    D = double(R.DivergentEvaluations) / Evaluations;
    if (R.DivergentEvaluations) {
      Active = R.MeanDivergentActiveLanes.value_or(WarpSize);
      T = R.MeanDivergentTrueLanes.value_or(0.5 * Active);
      F = double(R.FirstLaneTrueEvaluations) / R.DivergentEvaluations;
    }
    UniformActive = R.UniformEvaluations ? R.MeanUniformActiveLanes.value_or(WarpSize) : Active;
    if (R.UniformEvaluations)
      Q = double(R.UniformTrueEvaluations) / R.UniformEvaluations;
  } else if (R.Ext == Extent::Tail) {
    D = 1.0 / std::max(1u, R.TotalWarps.value_or(8));
    // The other warps are all on the side of the low indices (in bounds), and so is lane 0.
    Q = F = R.TailTrueAtLowIndex.value_or(true) ? 1 : 0;
    P.Assumptions.push_back("tail: at most one warp per block diverges, its lanes split evenly");
  } else {
    P.Assumptions.push_back("data-dependent: every warp assumed to split its lanes evenly");
  }
  double DivergingTime, UniformizedTime, UsefulDiverging, NonDivergingTime;
  if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(Terminator)) {
    // k passes of the mean case, k the case targets of the warp's lanes (unknown: the targets
    // split evenly); one pass when uniform. A pass costs at least its jump (empty cases).
    std::optional<SwitchTargets> Targets = switchTargets(Switch, Ctx);
    double K = meanSwitchPasses(R, Targets)
                   .value_or(std::min<double>(Targets ? Targets->Count : A.Ways, Active));
    double Case = std::max(A.True, 1.0);
    DivergingTime = K * Case;
    UniformizedTime = Case;
    UsefulDiverging = Case * Active / WarpSize;
    NonDivergingTime = Case;
  } else {
    DivergingTime = (T > 0 ? A.True : 0) + (T < Active ? A.False : 0);
    UniformizedTime = F * A.True + (1 - F) * A.False;
    UsefulDiverging = warpEfficiency(T, Active, A.True, A.False, WarpSize) * DivergingTime;
    NonDivergingTime = Q * A.True + (1 - Q) * A.False;
  }
  double Divergent = D * DivergingTime + (1 - D) * NonDivergingTime;
  double Uniform = D * UniformizedTime + (1 - D) * NonDivergingTime;
  double Useful = D * UsefulDiverging + (1 - D) * NonDivergingTime * UniformActive / WarpSize;
  if (Divergent > 0) {
    P.Efficiency = Useful / Divergent;
    P.RegionSlowdown = Uniform > 0 ? Divergent / Uniform : 1;
  }
  // The function's own cost (each warp runs it once) carries the region `Frequency` times.
  double Kernel = FD ? functionCost(FD) : 0;
  double Extra = P.Frequency * (Divergent - Uniform);
  if (Kernel > 0 && Extra > 0)
    P.KernelSlowdown = (Kernel + Extra) / Kernel;
  P.LikelyPredicated = A.SideEffectFree && A.Ways == 2 &&
                       (isa<IfStmt>(Terminator) || isa<AbstractConditionalOperator>(Terminator)) &&
                       A.True <= PredicationMaxArmCost && A.False <= PredicationMaxArmCost;
  return P;
}

} // namespace divlint
