#include "divlint/Quantify/LaunchShapes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <functional>
#include <set>

using namespace clang;

namespace divlint {

namespace {
constexpr unsigned MaxDepth = 8;

const VarDecl *localVar(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD))
        return VD;
  return nullptr;
}

/// What a call returns when its callee is `{ return E; }` and not virtual (`dim3 threads()
/// const { return dim3(kWarpSize, kWarps, 1); }`), else null. E is read in the callee: its
/// parameters, fields and `this` are no constants there, so only what is constant anyway
/// (template arguments, static constexpr members) gives a value.
const Expr *onlyReturned(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || (isa<CXXMethodDecl>(F) && cast<CXXMethodDecl>(F)->isVirtual()))
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
  const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
  return Ret ? Ret->getRetValue() : nullptr;
}

/// `v.x` with v a local: (v, 0).
std::optional<std::pair<const VarDecl *, unsigned>> localField(const Expr *E) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!ME || ME->isArrow())
    return std::nullopt;
  const VarDecl *VD = localVar(ME->getBase());
  llvm::StringRef Name = ME->getMemberDecl()->getName();
  if (!VD || Name.size() != 1 || Name[0] < 'x' || Name[0] > 'z')
    return std::nullopt;
  return std::make_pair(VD, unsigned(Name[0] - 'x'));
}
} // namespace

/// Writes to locals after their declaration: whole-variable changes make a local unknown; a
/// dim3's field assignments are kept to be applied when each is the only one of its field.
struct LaunchShapeResolver::LocalWrites : RecursiveASTVisitor<LocalWrites> {
  std::set<const VarDecl *> Changed;
  std::map<std::pair<const VarDecl *, unsigned>, std::vector<const Expr *>> FieldAssigns;

  void changed(const Expr *E) {
    if (auto F = localField(E)) {
      Changed.insert(F->first); // a field changed other than by `v.x = ...`
      return;
    }
    if (const VarDecl *VD = localVar(E))
      Changed.insert(VD);
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    if (auto F = localField(BO->getLHS()); F && BO->getOpcode() == BO_Assign)
      FieldAssigns[*F].push_back(BO->getRHS());
    else
      changed(BO->getLHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
    if (OCE->isAssignmentOp() && OCE->getNumArgs() > 0)
      changed(OCE->getArg(0));
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      changed(UO->getSubExpr());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
    if (const CXXMethodDecl *MD = MCE->getMethodDecl(); MD && !MD->isConst())
      changed(MCE->getImplicitObjectArgument());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // Passed by non-const reference: the callee may change it.
    if (const FunctionDecl *FD = CE->getDirectCallee())
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
        QualType T = FD->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          changed(CE->getArg(I));
      }
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    // Bound to a non-const reference: written through it, perhaps.
    if (VD->getType()->isReferenceType() && VD->getInit() &&
        !VD->getType().getNonReferenceType().isConstQualified())
      changed(VD->getInit());
    return true;
  }
};

LaunchShapeResolver::LaunchShapeResolver(ASTContext &Ctx) : Ctx(Ctx) {}
LaunchShapeResolver::~LaunchShapeResolver() = default;

const LaunchShapeResolver::LocalWrites &LaunchShapeResolver::writesIn(const FunctionDecl *FD) {
  auto &Slot = Writes[FD];
  if (!Slot) {
    Slot = std::make_unique<LocalWrites>();
    if (FD && FD->getBody())
      Slot->TraverseStmt(FD->getBody());
  }
  return *Slot;
}

bool LaunchShapeResolver::unchangedAfterInit(const VarDecl *VD) {
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD->getInit())
    return false;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  return FD && !writesIn(FD).Changed.count(VD);
}

std::optional<int64_t> LaunchShapeResolver::integer(const Expr *E, unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->getType().isNull())
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  if (const VarDecl *VD = localVar(E)) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!VD->getInit() || !FD || writesIn(FD).Changed.count(VD))
      return std::nullopt;
    return integer(VD->getInit(), Depth + 1);
  }
  if (const Expr *Returned = onlyReturned(E))
    return integer(Returned, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = integer(BO->getLHS(), Depth + 1), R2 = integer(BO->getRHS(), Depth + 1);
    if (!L || !R2)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_Add: return *L + *R2;
    case BO_Sub: return *L - *R2;
    case BO_Mul: return *L * *R2;
    case BO_Div: return *R2 ? std::optional<int64_t>(*L / *R2) : std::nullopt;
    case BO_Shl: return *R2 >= 0 && *R2 < 32 ? std::optional<int64_t>(*L << *R2) : std::nullopt;
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<BlockShape> LaunchShapeResolver::shape(const Expr *E, unsigned Depth) {
  return partial(E, Depth).shape();
}

PartialBlockShape LaunchShapeResolver::partial(const Expr *E, unsigned Depth) {
  PartialBlockShape Unknown; // nothing known
  if (!E || Depth > MaxDepth)
    return Unknown;
  E = E->IgnoreParenImpCasts();
  // Code clang rejected and nvcc accepts (`dim3 block(min(n, 1024))` in host code, where
  // clang sees no host `min`): an initializer with no type, which tells nothing.
  if (E->getType().isNull())
    return Unknown;
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return partial(MTE->getSubExpr(), Depth + 1);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return partial(BTE->getSubExpr(), Depth + 1);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return partial(FC->getSubExpr(), Depth + 1);
  if (const Expr *Returned = onlyReturned(E);
      Returned && !E->getType()->isIntegralOrEnumerationType())
    return partial(Returned, Depth + 1);
  // A component: its constant value, or unknown (a value out of range is no shape at all).
  bool Invalid = false;
  auto Component = [&](const Expr *C) -> std::optional<unsigned> {
    auto V = integer(C, Depth + 1);
    if (!V)
      return std::nullopt;
    if (*V <= 0 || *V > int64_t(MaxThreadsPerBlock))
      Invalid = true;
    return unsigned(*V);
  };
  PartialBlockShape S;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() == 1)
      return partial(CE->getArg(0), Depth + 1);
    S.Dims[0] = S.Dims[1] = S.Dims[2] = 1u; // dim3() is 1x1x1; given components replace the ones
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I)
      if (!isa<CXXDefaultArgExpr>(CE->getArg(I)))
        S.Dims[I] = Component(CE->getArg(I));
  } else if (const auto *ILE = dyn_cast<InitListExpr>(E);
             ILE && !E->getType()->isIntegralOrEnumerationType()) {
    // `dim3 b = {4, 8, n}`: the fields in order, the rest from their default initializers.
    S.Dims[0] = S.Dims[1] = S.Dims[2] = 1u;
    for (unsigned I = 0; I < ILE->getNumInits() && I < 3; ++I)
      if (!isa<CXXDefaultInitExpr>(ILE->getInit(I)->IgnoreImplicit()))
        S.Dims[I] = Component(ILE->getInit(I));
  } else if (const VarDecl *VD = localVar(E); VD && !VD->getType()->isIntegralOrEnumerationType()) {
    // A local dim3: its initializer, then the one constant each assigned field is given (a
    // field assigned twice, or a value not constant, is unknown).
    const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!VD->getInit() || !FD || writesIn(FD).Changed.count(VD))
      return Unknown;
    S = partial(VD->getInit(), Depth + 1);
    for (unsigned I = 0; I < 3; ++I) {
      auto It = writesIn(FD).FieldAssigns.find({VD, I});
      if (It != writesIn(FD).FieldAssigns.end())
        S.Dims[I] = It->second.size() == 1 ? Component(It->second.front()) : std::nullopt;
    }
  } else if (E->getType()->isIntegralOrEnumerationType()) {
    // An integer converts to dim3(n, 1, 1).
    S.Dims[0] = Component(E);
    S.Dims[1] = S.Dims[2] = 1u;
  } else {
    return Unknown;
  }
  if (Invalid || S.knownThreads() > MaxThreadsPerBlock)
    return Unknown;
  return S;
}

namespace {
/// `blockDim.y` (clang: a property of the builtin variable): its component, 0-2.
std::optional<unsigned> blockDimComponent(const Expr *E) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  const Expr *BaseExpr = nullptr;
  llvm::StringRef Name;
  if (const auto *POE = dyn_cast_or_null<PseudoObjectExpr>(E)) {
    // CUDA's headers: a property of the builtin variable.
    const auto *Prop = dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens());
    if (!Prop)
      return std::nullopt;
    BaseExpr = Prop->getBaseExpr();
    Name = Prop->getPropertyDecl()->getName();
  } else if (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
    // The built-in prelude: a field of a dim3 variable.
    BaseExpr = ME->getBase();
    Name = ME->getMemberDecl()->getName();
  } else {
    return std::nullopt;
  }
  BaseExpr = BaseExpr->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(BaseExpr); OVE && OVE->getSourceExpr())
    BaseExpr = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Base = dyn_cast<DeclRefExpr>(BaseExpr);
  if (!Base || (Base->getDecl()->getName() != "blockDim" &&
                Base->getDecl()->getName() != "__cuda_builtin_blockDim_t"))
    return std::nullopt;
  Name.consume_front("__fetch_builtin_");
  if (Name.size() != 1 || Name[0] < 'x' || Name[0] > 'z')
    return std::nullopt;
  return unsigned(Name[0] - 'x');
}

bool stopsTheThread(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return CS->size() == 1 && stopsTheThread(CS->body_front());
  if (isa<ReturnStmt>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      return FD->isNoReturn() || FD->getName() == "__trap" || FD->getName() == "__assertfail" ||
             FD->getName() == "__assert_fail" || FD->getName() == "__builtin_trap";
  return false;
}
} // namespace

std::optional<BlockShape> LaunchShapeResolver::assertedShape(const FunctionDecl *Kernel) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel ? Kernel->getBody() : nullptr);
  if (!Body)
    return std::nullopt;
  std::optional<unsigned> Dims[3];
  // `blockDim.d == K` (Equal) or `blockDim.d != K` (!Equal), possibly joined by && (Equal) or
  // || (!Equal).
  std::function<void(const Expr *, bool)> Pin = [&](const Expr *E, bool Equal) {
    E = E->IgnoreParenCasts(); // assert's `static_cast<bool>(c)` too
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return;
    if (BO->getOpcode() == (Equal ? BO_LAnd : BO_LOr)) {
      Pin(BO->getLHS(), Equal);
      Pin(BO->getRHS(), Equal);
      return;
    }
    if (BO->getOpcode() != (Equal ? BO_EQ : BO_NE))
      return;
    for (auto [D, K] : {std::make_pair(BO->getLHS(), BO->getRHS()),
                        std::make_pair(BO->getRHS(), BO->getLHS())})
      if (auto C = blockDimComponent(D))
        if (auto V = integer(K, 0); V && *V > 0 && *V <= int64_t(MaxThreadsPerBlock))
          Dims[*C] = unsigned(*V), AssertedDims.insert({Kernel, *C});
  };
  for (const Stmt *S : Body->body()) {
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (!If->getElse() && stopsTheThread(If->getThen()))
        Pin(If->getCond(), /*Equal=*/false);
    } else if (const auto *CO = dyn_cast_or_null<ConditionalOperator>(
                   isa<Expr>(S) ? cast<Expr>(S)->IgnoreParenCasts() : nullptr)) {
      // assert(c): `c ? void(0) : __assert_fail(...)`.
      if (stopsTheThread(CO->getFalseExpr()->IgnoreParenCasts()))
        Pin(CO->getCond(), /*Equal=*/true);
    }
  }
  if (!Dims[0])
    return std::nullopt;
  BlockShape S;
  S.X = *Dims[0];
  S.Y = Dims[1].value_or(1);
  S.Z = Dims[2].value_or(1);
  S.Source = Dims[1] && Dims[2] ? "assert" : "assert-x";
  if (S.threads() > MaxThreadsPerBlock)
    return std::nullopt;
  return S;
}

PartialBlockShape LaunchShapeResolver::partialBlockShape(const Expr *BlockArg) {
  PartialBlockShape S = partial(BlockArg, 0);
  S.Source = "launch";
  return S;
}

std::optional<PartialBlockShape>
LaunchShapeResolver::assertedPartialShape(const FunctionDecl *Kernel) {
  auto S = assertedShape(Kernel);
  if (!S)
    return std::nullopt;
  PartialBlockShape P;
  P.Dims[0] = S->X;
  if (S->Source == "assert") {
    P.Dims[1] = S->Y;
    P.Dims[2] = S->Z;
  } else {
    // assertedShape says which of y and z it pins only by the source; ask again.
    P.Dims[1] = AssertedDims.count({Kernel, 1}) ? std::optional<unsigned>(S->Y) : std::nullopt;
    P.Dims[2] = AssertedDims.count({Kernel, 2}) ? std::optional<unsigned>(S->Z) : std::nullopt;
  }
  P.Source = "assert";
  return P;
}

std::optional<BlockShape> LaunchShapeResolver::blockShape(const Expr *BlockArg) {
  auto S = shape(BlockArg, 0);
  if (S)
    S->Source = "launch";
  return S;
}

} // namespace divlint
