#include "divlint/Quantify/CostModel.h"

#include "divlint/Analysis/CudaNames.h"
#include "divlint/Analysis/IntrinsicTable.h"
#include "divlint/Quantify/OperationCosts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <cmath>

using namespace clang;

namespace divlint {

namespace {
// Relative costs (one unit: an integer or float operation).
constexpr double SpecialFunctionCost = 4;
constexpr double WarpIntrinsicCost = 2;
constexpr double AtomicCost = 8;
constexpr double UnknownCallCost = 10;
constexpr double PredicationMaxArmCost = 8; // arms at most this cheap become selects
// Deep enough for the call chains of real device code (cooperative groups, cub), where a cut
// would price a visible body at UnknownCallCost; each function is priced once (memo).
constexpr unsigned MaxCallDepth = 16;

/// Whether nvcc computes \p E at compile time: literals, enumerators, constants, template
/// arguments and operators over them (`numThreads - 1` in a template). `warpSize` is not one
/// for nvcc (OperationCosts.h).
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

/// Which side of a branch on \p Cond runs, when nvcc knows it (a template argument, `if
/// constexpr`): the other side is dead code.
std::optional<bool> constantCondition(const Expr *Cond, const ASTContext &Ctx,
                                      bool Constexpr = false) {
  if (!Cond || Cond->isValueDependent() || (!Constexpr && !foldsToConstant(Cond)))
    return std::nullopt;
  bool Value = false;
  if (!Cond->EvaluateAsBooleanCondition(Value, Ctx))
    return std::nullopt;
  return Value;
}

/// Reads of threadIdx, blockIdx, blockDim, gridDim (clang's headers call a getter): nvcc reads
/// a special register once per kernel or uses a constant-bank operand, so no cost per use.
bool isBuiltinVariableRead(const FunctionDecl *Callee) {
  // A member of threadIdx's type: the getters `__fetch_builtin_x`, and the conversion to a uint3
  // or dim3 (threadIdx passed by value to cooperative groups' helpers).
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee))
    if (const CXXRecordDecl *Record = Method->getParent();
        Record && Record->getIdentifier() && builtinVarIndex(Record->getName()))
      return true;
  return Callee->getIdentifier() && specialRegister(Callee->getName());
}

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
    return unknownCallCost();
  auto &Memo = FunctionCosts[KnownOnly];
  auto It = Memo.find(Def);
  if (It != Memo.end())
    return It->second;
  if (CallDepth >= MaxCallDepth)
    return unknownCallCost();
  Memo[Def] = unknownCallCost(); // recursion guard
  ++CallDepth;
  double C = cost(Def->getBody());
  --CallDepth;
  Memo[Def] = C;
  return C;
}

double CostModel::knownCost(const Stmt *S) {
  return knownOnly([&] { return cost(S); });
}

double CostModel::knownFunctionCost(const FunctionDecl *FD) {
  return knownOnly([&] { return functionCost(FD); });
}

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

double CostModel::unknownCallCost() const { return KnownOnly ? 0 : UnknownCallCost; }

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
  // A call that does not return ends the kernel (assert's __assertfail, __trap): its cost does
  // not weigh on the warps that go on.
  if (Callee->isNoReturn() || isBuiltinVariableRead(Callee) || isCompilerBuiltin(Callee) ||
      (Callee->getIdentifier() && lookupIntrinsic(Callee->getName())))
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
  const FunctionDecl *Def = Callee->getDefinition();
  if (!Def || !Def->hasBody())
    return "'" + Callee->getNameAsString() + "' (no body divlint can see)";
  return std::nullopt;
}

namespace {
const Expr *loopCondition(const Stmt *Loop) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return For->getCond();
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return While->getCond();
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return Do->getCond();
  return nullptr;
}
} // namespace

std::string CostModel::siteName(const Stmt *S, const FunctionDecl *In) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = "line " + std::to_string(SM.getExpansionLineNumber(S->getBeginLoc()));
  if (In)
    Name += " in '" + In->getNameAsString() + "'";
  return Name;
}

std::string CostModel::assumedTripsSite(const Stmt *Loop, const FunctionDecl *Named) const {
  std::string Cond;
  if (const Expr *C = loopCondition(Loop)) {
    Cond = Lexer::getSourceText(CharSourceRange::getTokenRange(C->getSourceRange()),
                                Ctx.getSourceManager(), Ctx.getLangOpts())
               .str();
    if (Cond.size() > 40)
      Cond = Cond.substr(0, 37) + "...";
  }
  return std::to_string(static_cast<int>(DefaultTripCount)) + " trips of the loop at " +
         siteName(Loop, Named) + (Cond.empty() ? "" : " ('" + Cond + "')");
}

std::vector<std::string> CostModel::unpricedWork(const Stmt *S, const FunctionDecl *In) {
  auto Memo = UnpricedSites.find(S);
  if (Memo != UnpricedSites.end())
    return Memo->second;
  std::vector<std::string> Sites;
  std::vector<const FunctionDecl *> Stack;
  collectUnpriced(S, In, /*Callee=*/false, Sites, Stack);
  std::sort(Sites.begin(), Sites.end());
  Sites.erase(std::unique(Sites.begin(), Sites.end()), Sites.end());
  UnpricedSites[S] = Sites;
  return Sites;
}

void CostModel::collectUnpriced(const Stmt *S, const FunctionDecl *In, bool Callee,
                                std::vector<std::string> &Sites,
                                std::vector<const FunctionDecl *> &Stack) {
  if (!S)
    return;
  const FunctionDecl *Named = Callee ? In : nullptr; // name the function below the top
  if (const auto *If = dyn_cast<IfStmt>(S))
    if (auto Known = constantCondition(If->getCond(), Ctx, If->isConstexpr())) {
      collectUnpriced(*Known ? If->getThen() : If->getElse(), In, Callee, Sites, Stack);
      return;
    }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S))
    if (auto Known = constantCondition(CO->getCond(), Ctx)) {
      collectUnpriced(*Known ? CO->getTrueExpr() : CO->getFalseExpr(), In, Callee, Sites, Stack);
      return;
    }
  if (isLoop(S) && !tripCount(S))
    Sites.push_back(assumedTripsSite(S, Named));
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (std::optional<std::string> What = opaqueCall(E)) {
      Sites.push_back(std::to_string(static_cast<int>(UnknownCallCost)) + " units for " + *What +
                      " at " + siteName(S, Named));
    } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Def = CE->getDirectCallee() ? CE->getDirectCallee()->getDefinition()
                                                      : nullptr;
      if (Def && Def->hasBody() && !isBuiltinVariableRead(Def) &&
          !(Def->getIdentifier() && lookupIntrinsic(Def->getName()))) {
        if (Stack.size() >= MaxCallDepth ||
            std::find(Stack.begin(), Stack.end(), Def) != Stack.end()) {
          Sites.push_back(std::to_string(static_cast<int>(UnknownCallCost)) + " units for '" +
                          Def->getNameAsString() + "' at " + siteName(S, Named) +
                          " (recursion, or calls nested deeper than " +
                          std::to_string(MaxCallDepth) + ")");
        } else {
          // Each function's sites once (a call tree may reach a function many times).
          auto Memo = CalleeUnpriced.find(Def);
          if (Memo == CalleeUnpriced.end()) {
            std::vector<std::string> Inside;
            Stack.push_back(Def);
            collectUnpriced(Def->getBody(), Def, /*Callee=*/true, Inside, Stack);
            Stack.pop_back();
            std::sort(Inside.begin(), Inside.end());
            Inside.erase(std::unique(Inside.begin(), Inside.end()), Inside.end());
            Memo = CalleeUnpriced.try_emplace(Def, std::move(Inside)).first;
          }
          Sites.insert(Sites.end(), Memo->second.begin(), Memo->second.end());
        }
      }
    }
  }
  for (const Stmt *Child : S->children())
    collectUnpriced(Child, In, Callee, Sites, Stack);
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
  auto It = StmtCosts[KnownOnly].find(S);
  if (It != StmtCosts[KnownOnly].end())
    return It->second;
  double C = computeCost(S);
  StmtCosts[KnownOnly][S] = C;
  return C;
}

double CostModel::computeCost(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreImplicit();
    if ((isa<BinaryOperator>(E) || isa<UnaryOperator>(E) || isa<ConditionalOperator>(E)) &&
        !E->isValueDependent() && foldsToConstant(E))
      return 0;
    double Own = 0;
    if (isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
        isa<CXXBoolLiteralExpr>(E) || isa<ParenExpr>(E) || isa<CastExpr>(E))
      Own = 0;
    else if (isMemoryAccess(E))
      Own = MemoryAccessCost;
    else if ((isa<CXXNewExpr>(E) || isa<CXXDeleteExpr>(E)) && opaqueCall(E))
      Own = unknownCallCost();
    else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      std::optional<IntrinsicInfo> Info;
      if (Callee && isBuiltinVariableRead(Callee))
        return 0;
      if (Callee && Callee->getIdentifier())
        Info = lookupIntrinsic(Callee->getName());
      if (Info) {
        switch (Info->Kind) {
        case IntrinsicKind::Atomic: Own = AtomicCost; break;
        case IntrinsicKind::Load: Own = MemoryAccessCost; break;
        case IntrinsicKind::Pure:
          Own = mathFunctionCost(Callee->getName()).value_or(SpecialFunctionCost);
          break;
        default: Own = WarpIntrinsicCost; break;
        }
      } else if (opaqueCall(CE)) {
        Own = unknownCallCost();
      } else if (Callee && Callee->getDefinition() && Callee->getDefinition()->hasBody()) {
        Own = functionCost(Callee);
      } else if (Callee && isCompilerBuiltin(Callee)) {
        Own = 1; // a compiler builtin (__nvvm_*, __builtin_*): one instruction, or none
      }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      Own = divisionCost(BO, Ctx).value_or(1);
    } else if (isa<UnaryOperator>(E) || isa<AbstractConditionalOperator>(E)) {
      Own = 1;
    }
    double Children = 0;
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      if (auto Known = constantCondition(CO->getCond(), Ctx))
        return cost(*Known ? CO->getTrueExpr() : CO->getFalseExpr());
      // Only one operand runs: the mean of the two.
      return Own + cost(CO->getCond()) +
             0.5 * (cost(CO->getTrueExpr()) + cost(CO->getFalseExpr()));
    }
    for (const Stmt *Child : E->children())
      Children += cost(Child);
    return Own + Children;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (auto Known = constantCondition(If->getCond(), Ctx, If->isConstexpr()))
      return cost(If->getInit()) + cost(*Known ? If->getThen() : If->getElse());
    return cost(If->getCond()) + 0.5 * (cost(If->getThen()) + cost(If->getElse()));
  }
  if (isLoop(S)) {
    double Trips = tripCount(S).value_or(assumedTrips());
    const auto *For = dyn_cast<ForStmt>(S);
    return (For ? cost(For->getInit()) : 0) + Trips * iterationCost(S) + 1;
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

double CostModel::iterationCost(const Stmt *Loop) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return cost(For->getBody()) + cost(For->getCond()) + cost(For->getInc());
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return cost(While->getBody()) + cost(While->getCond());
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return cost(Do->getBody()) + cost(Do->getCond());
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    return cost(Range->getBody()) + 2;
  return 0;
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

const ParentMap *CostModel::bodyParents(const FunctionDecl *FD, const Stmt *S) {
  if (!FD || !FD->getBody())
    return nullptr;
  std::unique_ptr<ParentMap> &PM = BodyParents[FD];
  if (!PM)
    PM = std::make_unique<ParentMap>(FD->getBody());
  return PM->hasParent(S) ? PM.get() : nullptr;
}

const BinaryOperator *CostModel::enclosingChain(const Expr *Condition,
                                               const FunctionDecl *Within) {
  if (!Condition)
    return nullptr;
  const BinaryOperator *BO = nullptr;
  if (const ParentMap *PM = bodyParents(Within, Condition)) {
    const Stmt *P = PM->getParent(Condition);
    while (P && isa<ParenExpr>(P))
      P = PM->getParent(P);
    BO = dyn_cast_or_null<BinaryOperator>(P);
  } else {
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
    A.Shared = std::min({sharedArmCost(TrueArm, FalseArm), A.True, A.False});
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

std::vector<const Stmt *> CostModel::enclosingLoops(const Stmt *S, const FunctionDecl *FD) {
  std::vector<const Stmt *> Loops;
  if (const ParentMap *PM = bodyParents(FD, S)) {
    for (const Stmt *P = PM->getParent(S); P && !isa<LambdaExpr>(P); P = PM->getParent(P))
      if (isLoop(P))
        Loops.push_back(P);
    return Loops;
  }
  DynTypedNodeList Parents = Ctx.getParents(*S);
  for (unsigned Guard = 0; Guard < 4096 && !Parents.empty(); ++Guard) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      break;
    if (const auto *St = P.get<Stmt>()) {
      if (isLoop(St))
        Loops.push_back(St);
    }
    Parents = Ctx.getParents(P);
  }
  return Loops;
}

EnclosingArms CostModel::enclosingArms(
    const FunctionDecl *FD, const Stmt *S,
    llvm::function_ref<const EnumerationResult *(const IfStmt *)> ResultOf) {
  EnclosingArms Around;
  const ParentMap *PM = FD ? bodyParents(FD, S) : nullptr;
  if (!PM)
    return Around;
  const Stmt *Child = S;
  for (const Stmt *P = PM->getParent(S); P && !isa<LambdaExpr>(P);
       Child = P, P = PM->getParent(P)) {
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || (Child != If->getThen() && Child != If->getElse()))
      continue;
    const EnumerationResult *E = ResultOf(If);
    if (!E || !E->Enumerated || E->Sampled || E->Class != Uniformity::LaneVarying)
      continue;
    double Evaluations = E->DivergentEvaluations + E->UniformEvaluations;
    if (Evaluations <= 0)
      continue;
    bool Then = Child == If->getThen();
    Around.AsRun *= (Then ? E->TruePasses : E->FalsePasses) / Evaluations;
    Around.Regrouped *= (Then ? E->RegroupedTruePasses : E->RegroupedFalsePasses) / Evaluations;
  }
  return Around;
}

std::optional<Prediction> CostModel::predictSlowPath(const FunctionDecl *FD, const Expr *Site,
                                                    unsigned WarpSize) {
  std::optional<double> Slow = slowPathCost(Site, Ctx);
  if (!Slow || !WarpSize)
    return std::nullopt;
  Prediction P;
  for (const Stmt *L : enclosingLoops(Site, FD)) {
    std::optional<double> Trips = tripCount(L);
    P.TripsAssumed |= !Trips;
    P.Frequency *= Trips.value_or(DefaultTripCount);
  }
  P.AsRun = {*Slow, *Slow / WarpSize, 0};
  P.Efficiency = {1.0 / WarpSize, 1};
  return P;
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

Prediction CostModel::predict(const FunctionDecl *FD, const Stmt *Terminator,
                              const Expr *Condition, const EnumerationResult &R,
                              unsigned WarpSize, const EnclosingArms &Around) {
  Prediction P;
  ArmCosts A = arms(Terminator, Condition, FD);
  P.Arms = A;
  // How often the branch runs per thread: the trip counts of the loops around it (a loop
  // condition runs once per iteration of its own loop too).
  std::vector<const Stmt *> Loops = enclosingLoops(
      Condition ? static_cast<const Stmt *>(Condition) : Terminator, FD);
  P.LoopDepth = static_cast<unsigned>(Loops.size());
  // The condition of a loop whose trip count the lanes decide, enumerated to the end: how often
  // a warp tests it, and the loop's cost at the lanes' mean trip count, come from the lanes.
  const Stmt *LaneCountedLoop = nullptr;
  if (R.MeanLaneTrips && R.EvaluationsPerWarp && Loops.size() == 1 && Loops.front() == Terminator &&
      !tripCount(Terminator))
    LaneCountedLoop = Terminator;
  bool UnknownTrips = false;
  for (const Stmt *L : Loops) {
    auto Trips = tripCount(L);
    if (L == LaneCountedLoop) {
      P.Frequency *= *R.EvaluationsPerWarp;
      continue;
    }
    UnknownTrips |= !Trips;
    P.Frequency *= Trips.value_or(DefaultTripCount);
  }
  P.TripsAssumed = UnknownTrips;

  // Per warp evaluation: how often it diverges (D), how many of its active lanes are true when
  // it does (T of A), how often its first active lane says true (f: the arm the first-lane
  // counterfactual takes), and how often a warp that does not diverge takes the true arm (q).
  // Active lanes are those that reach the branch (UA in warps that do not diverge): a warp of a
  // 16-thread block has 16, a guard `lane < 8` leaves 8.
  double Lanes = std::min<double>(WarpSize, R.LanesPerWarp.value_or(WarpSize));
  std::optional<SwitchTargets> Targets;
  const auto *Switch = dyn_cast_or_null<SwitchStmt>(Terminator);
  if (Switch)
    Targets = switchTargets(Switch, Ctx);
  // The numbers for arms \p A in a function \p Kernel costs per call (as cost() prices them,
  // with the trips and calls it assumes, or knownOnly). False when the arms cost nothing.
  auto Numbers = [&](const ArmCosts &A, double Kernel, Prediction &P) {
  P.AsRun = P.Best = {};
  const double PricedKernel = Kernel; // before the corrections below
  if (LaneCountedLoop && Kernel > 0) // functionCost priced it at the default trip count
    Kernel = std::max(1.0, Kernel + (*R.MeanLaneTrips - assumedTrips()) *
                                        iterationCost(LaneCountedLoop));
  // Time of a diverging warp evaluation and its useful lane work (in warp-time units).
  struct Split {
    double Diverging, Useful, Uniformized;
  };
  auto Diverging = [&](double T, double Active, double F) -> Split {
    if (Switch) {
      // k passes of the mean case, k the case targets of the warp's lanes; a pass costs at
      // least its jump (empty cases).
      double K = meanSwitchPasses(R, Targets)
                     .value_or(std::min<double>(Targets ? Targets->Count : A.Ways, Active));
      double Case = std::max(A.True, 1.0);
      return {K * Case, Case * Active / WarpSize, Case};
    }
    double Time = (T > 0 ? A.True : 0) + (T < Active ? A.False : 0);
    return {Time, warpEfficiency(T, Active, A.True, A.False, WarpSize) * Time,
            F * A.True + (1 - F) * A.False};
  };
  auto Kernelwide = [&](double Lost) {
    return Kernel > 0 && Lost > 0 ? (Kernel + P.Frequency * Lost) / Kernel : 1.0;
  };
  unsigned Evaluations = R.DivergentEvaluations + R.UniformEvaluations;
  if (R.Enumerated && Evaluations) {
    double D = double(R.DivergentEvaluations) / Evaluations;
    double Active = Lanes, T = 0, F = 0, Q = 0;
    if (R.DivergentEvaluations) {
      Active = R.MeanDivergentActiveLanes.value_or(WarpSize);
      T = R.MeanDivergentTrueLanes.value_or(0.5 * Active);
      F = double(R.FirstLaneTrueEvaluations) / R.DivergentEvaluations;
    }
    double UniformActive =
        R.UniformEvaluations ? R.MeanUniformActiveLanes.value_or(WarpSize) : Active;
    if (R.UniformEvaluations)
      Q = double(R.UniformTrueEvaluations) / R.UniformEvaluations;
    Split S = Diverging(T, Active, F);
    double NonDiverging = Switch ? std::max(A.True, 1.0) : Q * A.True + (1 - Q) * A.False;
    double Divergent = D * S.Diverging + (1 - D) * NonDiverging;
    double Useful = D * S.Useful + (1 - D) * NonDiverging * UniformActive / WarpSize;
    double FirstLane = D * S.Uniformized + (1 - D) * NonDiverging;
    // Regrouped: the same lanes packed into warps that agree, in whole warps (one true lane
    // still costs a warp pass). A switch: its k passes shrink to one per warp of lanes.
    double Regrouped = Divergent;
    double Passes = R.TruePasses * A.True + R.FalsePasses * A.False;
    if (Switch) {
      double Occupancy = (D * Active + (1 - D) * UniformActive) / WarpSize;
      Regrouped = Occupancy > 0 ? Useful / Occupancy : Divergent;
    } else if (Passes > 0) {
      Regrouped = Divergent *
                  (R.RegroupedTruePasses * A.True + R.RegroupedFalsePasses * A.False) / Passes;
    }
    // The work both sides share runs once, with every lane that reaches the branch.
    Divergent += A.Shared;
    Regrouped += A.Shared;
    FirstLane += A.Shared;
    Useful += A.Shared * (D * Active + (1 - D) * UniformActive) / WarpSize;
    // functionCost priced an if at the mean of its arms; the lanes say how they really split
    // (a quarter on the long arm costs less than half): the function's cost with the branch at
    // its regrouped time is the base the lost time is measured against.
    //
    // Nested in the sides of lane-varying ifs (Around), the branch runs AsRun times per their
    // warp evaluations, whose times already count it at its mean; regrouped, Regrouped times.
    // Its own lost time is what that adds as run, f (Divergent - Mean), less what it adds
    // regrouped, f Regrouped - r Mean (f = r = 1 at the top level: Divergent - Regrouped).
    double Mean = 0.5 * (A.True + A.False) + A.Shared;
    double Fa = Around.AsRun, Fr = Around.Regrouped;
    bool WholeIf = isa_and_nonnull<IfStmt>(Terminator) && Condition &&
                   Condition->IgnoreParenImpCasts() ==
                       cast<IfStmt>(Terminator)->getCond()->IgnoreParenImpCasts();
    if (WholeIf && Kernel > 0)
      Kernel = std::max(1.0, Kernel + P.Frequency * (Fa * Regrouped - Fr * Mean));
    double Lost = Divergent - Regrouped;
    if (WholeIf)
      Lost = Fa * (Divergent - Regrouped) + (Fr - Fa) * Mean;
    if (Divergent > 0) {
      double Eff = Useful / Divergent;
      P.Efficiency = {Eff, Eff};
      double Slow = Regrouped > 0 ? std::max(1.0, Divergent / Regrouped) : 1;
      P.RegionSlowdown = {Slow, Slow};
      double KSlow = Kernelwide(Lost);
      P.KernelSlowdown = {KSlow, KSlow};
      P.FirstLaneSlowdown = FirstLane > 0 ? Divergent / FirstLane : 1;
      P.FirstLaneKernelSlowdown = Kernelwide(Divergent - FirstLane);
      P.AsRun = P.Best = {Divergent, Useful, Regrouped};
    }
  } else {
    // Data decides how lanes split: the best case is no warp splitting, the worst the split
    // that costs most (efficiency is linear in the true lanes, so one lane on either side).
    // A tail splits at most one warp of the block (of TotalWarps, when the shape says).
    double Worst = 1, WorstTime = 0, WorstUseful = 0;
    for (double T : {1.0, Lanes - 1}) {
      if (T <= 0 || T >= Lanes)
        continue;
      Split S = Diverging(T, Lanes, 0);
      if (S.Diverging > 0 && S.Useful / S.Diverging <= Worst) {
        Worst = S.Useful / S.Diverging;
        WorstTime = S.Diverging;
        WorstUseful = S.Useful;
      }
    }
    double W = std::max(1u, R.Shape.warps(WarpSize)); // warps of the block
    bool Tail = R.Ext == Extent::Tail;
    if (WorstTime > 0) {
      // A tail splits at most one warp of a 1-D block; the others agree (time Typical). In a
      // 2-D or 3-D block a bound on x crosses every row, so every warp may split.
      bool OneDimensional = R.Shape.Y == 1 && R.Shape.Z == 1;
      double Share = Tail && OneDimensional ? 1 / W : 1;
      double Typical = Switch ? std::max(A.True, 1.0) : std::max(A.True, A.False);
      double Time = Share * WorstTime + (1 - Share) * Typical + A.Shared;
      double Useful = Share * WorstUseful + (1 - Share) * Typical * Lanes / WarpSize +
                      A.Shared * Lanes / WarpSize;
      P.Efficiency = {Useful / Time, Lanes / WarpSize};
      // Lost time: a tail's one split warp cannot be regrouped away (its lanes fill at most one
      // partial warp either way): none. Data: every warp splits t / (a - t), against the same
      // lanes regrouped, ceil(t W / 32) true and ceil((a - t) W / 32) false passes.
      double WorstSlow = 1;
      if (!Tail && !Switch)
        for (double T : {1.0, Lanes - 1}) {
          double Actual = W * ((T > 0 ? A.True : 0) + (T < Lanes ? A.False : 0) + A.Shared);
          double Regrouped = std::ceil(T * W / WarpSize) * A.True +
                             std::ceil((Lanes - T) * W / WarpSize) * A.False + W * A.Shared;
          if (Regrouped > 0)
            WorstSlow = std::max(WorstSlow, Actual / Regrouped);
        }
      else if (Switch)
        WorstSlow = Time / (Useful * WarpSize / Lanes);
      P.RegionSlowdown = {1, WorstSlow};
      P.KernelSlowdown = {1, Kernelwide(Time - Time / WorstSlow)};
      // Worst: the split above against its regrouped time; best: no warp splits (the
      // regrouped time, every lane that reaches the branch busy).
      double Base = Time / WorstSlow;
      P.AsRun = {Time, Useful, Base};
      P.Best = {Base, Base * Lanes / WarpSize, Base};
    }
  }
  P.FunctionCostDelta = Kernel - PricedKernel;
  return P.AsRun.Issued > 0;
  };
  Numbers(A, FD ? functionCost(FD) : 0, P);
  // A loop's first-lane counterfactual runs each warp for its first lane's trip count, which the
  // per-evaluation model above does not price (a loop of `tid % 8` trips: 3.00x predicted, 103x
  // measured, lane 0 running none): no number rather than a wrong one.
  if (Terminator && isLoop(Terminator)) {
    P.FirstLaneSlowdown.reset();
    P.FirstLaneKernelSlowdown.reset();
  }
  P.PricedKernelSlowdown = P.KernelSlowdown;
  if (!(R.Enumerated && R.DivergentEvaluations + R.UniformEvaluations)) {
    if (R.Ext == Extent::Tail && (R.Shape.Y > 1 || R.Shape.Z > 1))
      P.Assumptions.push_back("tail: in a " + R.Shape.str() +
                              " block every warp may split (a bound on x crosses every row); "
                              "best case none");
    else if (R.Ext == Extent::Tail)
      P.Assumptions.push_back(
          R.TotalWarps ? "tail: at most one of the block's " + std::to_string(*R.TotalWarps) +
                             " warps splits; best case none"
                       : "tail: at most one warp of the block splits; best case none");
    else
      P.Assumptions.push_back("data-dependent: from no warp splitting (best) to every warp "
                              "splitting at its most expensive (worst)");
  }

  // Work whose cost cost() assumed (loops of unknown trip count, calls it cannot see into). Its
  // real cost is any x >= 0 per arm (and in the rest of the function), and every number above
  // is a ratio of sums linear in those costs: it lies between its value with none of that work
  // (knownOnly) and its value with that work alone, arm by arm (the mediant of the two).
  ArmCosts Known = knownOnly([&] { return arms(Terminator, Condition, FD); });
  P.KnownAsRun = P.AsRun;
  P.KnownBest = P.Best;
  P.KnownFunctionCostDelta = P.FunctionCostDelta;
  P.KnownArms = A;
  constexpr double Epsilon = 1e-9;
  // Each side's assumed work alone (a switch's cases together: they share one mean).
  std::vector<ArmCosts> Alone;
  ArmCosts Nothing = A;
  Nothing.True = Nothing.False = Nothing.Shared = 0;
  if (Switch && A.True - Known.True > Epsilon) {
    Alone.push_back(Nothing);
    Alone.back().True = Alone.back().False = A.True - Known.True;
  } else if (!Switch) {
    for (double ArmCosts::*Side : {&ArmCosts::True, &ArmCosts::False, &ArmCosts::Shared})
      if (A.*Side - Known.*Side > Epsilon) {
        Alone.push_back(Nothing);
        Alone.back().*Side = A.*Side - Known.*Side;
      }
  }
  bool ArmsAssumed = !Alone.empty();
  const Stmt *Body = FD ? FD->getBody() : nullptr;
  bool BodyAssumed = Body && cost(Body) - knownCost(Body) > Epsilon;
  std::vector<std::string> Sites = ArmsAssumed || BodyAssumed
                                       ? unpricedWork(Body ? Body : Terminator, FD)
                                       : std::vector<std::string>{};
  // The loop whose trips the lanes decide is priced at their mean trip count (Numbers), not
  // at the assumed one: nothing about it is assumed.
  if (LaneCountedLoop)
    llvm::erase(Sites, assumedTripsSite(LaneCountedLoop, nullptr));
  if (Sites.empty()) {
    if (P.TripsAssumed) { // a loop around it that unpricedWork does not see (a lambda's)
      P.KernelSlowdown.widen({1, 1});
      P.KernelSlowdown.widen(P.RegionSlowdown);
      P.Assumptions.push_back("loops of unknown trip count around it (the kernel slowdown is a "
                              "range over their trips)");
    }
    return finishPrediction(P, A, Terminator);
  }
  Prediction Full = P;
  Prediction WithKnown = P;
  bool KnownRuns = knownOnly([&] {
    return Numbers(Known, FD ? functionCost(FD) : 0, WithKnown);
  });
  P.KnownArms = Known;
  // Arms that cost nothing without the assumed work: no region at all.
  P.KnownAsRun = KnownRuns ? WithKnown.AsRun : Prediction::RegionTime{};
  P.KnownBest = KnownRuns ? WithKnown.Best : Prediction::RegionTime{};
  P.KnownFunctionCostDelta = WithKnown.FunctionCostDelta;
  if (KnownRuns) {
    P.Efficiency.widen(WithKnown.Efficiency);
    P.RegionSlowdown.widen(WithKnown.RegionSlowdown);
    P.KernelSlowdown.widen(WithKnown.KernelSlowdown);
  }
  for (const ArmCosts &One : Alone) {
    Prediction Limit = Full;
    if (!Numbers(One, 0, Limit))
      continue;
    P.Efficiency.widen(Limit.Efficiency);
    P.RegionSlowdown.widen(Limit.RegionSlowdown);
    // The branch's work outgrowing the rest of the function: its own slowdown.
    P.KernelSlowdown.widen(Limit.RegionSlowdown);
    if (!P.UnpricedLimit)
      P.UnpricedLimit = Limit.Efficiency;
    else
      P.UnpricedLimit->widen(Limit.Efficiency);
  }
  // Assumed work elsewhere in the function, or an unknown number of trips around the branch:
  // from the branch's lost time outweighing all else (its own slowdown) to none of it.
  bool RestAssumed = BodyAssumed && !ArmsAssumed;
  if (!RestAssumed && ArmsAssumed) {
    std::vector<std::string> InArms;
    for (const Stmt *Arm : armParts(Terminator, Condition, FD))
      for (std::string &Site : unpricedWork(Arm, FD))
        InArms.push_back(std::move(Site));
    for (const std::string &Site : Sites)
      if (std::find(InArms.begin(), InArms.end(), Site) == InArms.end())
        RestAssumed = true;
  }
  if (RestAssumed || P.TripsAssumed) {
    P.KernelSlowdown.widen({1, 1});
    if (P.TripsAssumed)
      P.KernelSlowdown.widen(P.RegionSlowdown);
  }
  P.AssumedCosts = Sites;
  P.Assumptions.push_back(
      llvm::join(Sites.begin(), Sites.begin() + std::min<size_t>(4, Sites.size()), "; ") +
      (Sites.size() > 4 ? "; and " + std::to_string(Sites.size() - 4) + " more" : "") +
      " where the code does not say (the numbers that depend on it are ranges over any cost)");
  // Whatever the assumed work costs, the kernel's slowdown from a top-level branch stays under
  // the region's own: the function's cost holds the region's regrouped time, and a ratio of sums
  // is at most its largest ratio. The known-only pricing above pairs the function without the
  // assumed trips with the branch's frequency at them, which can pass it (88.5x for a 3.92x
  // region in a loop of unknown trip count).
  if (Around.AsRun == 1 && Around.Regrouped == 1) {
    P.KernelSlowdown.High =
        std::min(P.KernelSlowdown.High, std::max(1.0, P.RegionSlowdown.High));
    P.KernelSlowdown.Low = std::min(P.KernelSlowdown.Low, P.KernelSlowdown.High);
  }
  return finishPrediction(P, A, Terminator);
}

Prediction CostModel::finishPrediction(Prediction &P, const ArmCosts &A,
                                       const Stmt *Terminator) {
  P.LikelyPredicated = A.SideEffectFree && A.Ways == 2 &&
                       (isa<IfStmt>(Terminator) || isa<AbstractConditionalOperator>(Terminator)) &&
                       A.True <= PredicationMaxArmCost && A.False <= PredicationMaxArmCost;
  return P;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
}

} // namespace divlint
