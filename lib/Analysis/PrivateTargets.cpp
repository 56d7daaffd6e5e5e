//===- PrivateTargets.cpp - the private memory a pointer may reach -------===//
//
// DESIGN §6.2: memory private to a thread loads what was stored there, never the class of its
// address. So loads and stores through a pointer or reference need the private objects it may
// reach: `&x` and a local array reach that local, a pointer parameter what its caller passed
// (PrivateReach), `this` the object a method was called on, a pointer variable whatever was
// assigned to it. A pointer of unknown origin (loaded from memory, returned by a call that was
// given private memory) may reach any object whose address was exposed. Global, shared and
// constant memory are not objects here: their loads stay as uniform as their address.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"
#include "IdentityCalls.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

namespace {
constexpr unsigned MaxTargetDepth = 24;

bool isPrefixPath(const AccessPath &A, const AccessPath &B) {
  size_t N = std::min(A.size(), B.size());
  return std::equal(A.begin(), A.begin() + N, B.begin());
}
} // namespace

uint64_t PrivateReach::hash() const {
  uint64_t H = 0x9e37;
  for (size_t I = 0; I < Contents.size(); ++I)
    H = llvm::hash_combine(H, Contents[I] ? Contents[I]->hash() + 1 : 0,
                           I < Group.size() ? Group[I] : I,
                           I < Immutable.size() ? Immutable[I] : 0, I < Hidden.size() ? Hidden[I] : 0,
                           I < Place.size() ? static_cast<int>(Place[I]) : -1);
  return H;
}

void Targets::add(const Targets &O) {
  for (const ObjectRef &X : O.Objects)
    if (!llvm::is_contained(Objects, X))
      Objects.push_back(X);
  for (const AccessPath &P : O.Paths)
    if (!llvm::is_contained(Paths, P))
      Paths.push_back(P);
  for (unsigned I : O.Params)
    if (!llvm::is_contained(Params, I))
      Params.push_back(I);
  Any |= O.Any;
}

bool Targets::overlaps(const Targets &O) const {
  if (empty() || O.empty())
    return false;
  if (Any || O.Any)
    return true;
  for (const ObjectRef &X : Objects)
    for (const ObjectRef &Y : O.Objects)
      if (X.Object == Y.Object && pathsOverlap(X.Path, Y.Path))
        return true;
  for (const AccessPath &P : Paths)
    for (const AccessPath &Q : O.Paths)
      if (isPrefixPath(P, Q))
        return true;
  for (unsigned I : Params)
    if (llvm::is_contained(O.Params, I))
      return true;
  return false;
}

Targets Targets::member(llvm::ArrayRef<const FieldDecl *> Path) const {
  Targets T = *this;
  for (ObjectRef &O : T.Objects)
    for (const FieldDecl *FD : Path) {
      if (FD->getParent()->isUnion())
        break; // a union's members overlap: the union is the subobject
      O.Path.push_back(FD);
    }
  for (AccessPath &P : T.Paths)
    P.append(Path.begin(), Path.end());
  return T;
}

Targets Targets::wholeObjects() const {
  Targets T = *this;
  // A pointer into a member array stays in it; any other moves anywhere in its object.
  for (ObjectRef &O : T.Objects)
    if (!O.Path.empty() && !O.Path.back()->getType()->isArrayType())
      O.Path.clear();
  for (AccessPath &P : T.Paths)
    P.resize(1);
  return T;
}

Targets Memory::variableTargets(const VarDecl *VD, unsigned D) const {
  Targets T;
  // Targets are a union over every variable reachable through assignments: each once per
  // query (cycles such as a pointer swap end here).
  if (!VisitedVariables.insert(VD).second)
    return T;
  if (HostArguments.count(VD))
    return T; // the host's pointer, captured by a lambda
  // Its address escaped: anything may have been stored into it. (Captured by reference alone,
  // it holds what its assignments, those in lambdas' bodies included, say.)
  if (AddressTaken.count(VD) || (Escaped.count(VD) && !VD->getType()->isPointerType())) {
    T.Any = true;
    return T;
  }
  if (auto It = Pointees.find(VD); It != Pointees.end())
    T.Objects.push_back({{VD, true}, {}});
  if (Captured.count(VD) && VD->getType()->isPointerType())
    T.Any = true; // a pointer the enclosing function made
  if (auto It = Assigned.find(VD); It != Assigned.end())
    for (const Expr *V : It->second)
      T.add(pointerTargets(V, D + 1));
  return T;
}

/// Whether \p Call is given private memory: an argument, or the object of a member call, that
/// reaches some (what a pointer or reference it returns may then reach).
static bool callGivenPrivateMemory(const Memory &M, const CallExpr *Call, unsigned D) {
  for (const Expr *Arg : Call->arguments())
    if ((Arg->getType()->isPointerType() && !M.pointerTargets(Arg, D).empty()) ||
        (Arg->isGLValue() && !M.lvalueTargets(Arg, D).empty()))
      return true;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(Call))
    if (const Expr *Obj = MCE->getImplicitObjectArgument())
      return Obj->getType()->isPointerType() ? !M.pointerTargets(Obj, D).empty()
                                             : !M.lvalueTargets(Obj, D).empty();
  return false;
}

Targets Memory::pointerTargets(const Expr *Ptr, unsigned D) const {
  Targets T;
  if (D == 0)
    VisitedVariables.clear();
  if (!Ptr || D > MaxTargetDepth) {
    T.Any = true;
    return T;
  }
  const Expr *E = Ptr->IgnoreParens();
  if (const Expr *Named = identityCallArgument(E)) // `std::move(p)`: p's value
    return pointerTargets(Named, D + 1);
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return lvalueTargets(Cast->getSubExpr(), D + 1);
    case CK_NullToPointer:
    case CK_FunctionToPointerDecay:
    case CK_BuiltinFnToFnPtr:
      return T;
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived:
    case CK_NoOp:
    case CK_LValueToRValue:
      return pointerTargets(Cast->getSubExpr(), D + 1); // the same object, the same fields
    default:
      if (Cast->getSubExpr()->getType()->isPointerType() ||
          Cast->getSubExpr()->getType()->isArrayType() ||
          Cast->getSubExpr()->getType()->isNullPtrType())
        return pointerTargets(Cast->getSubExpr(), D + 1).wholeObjects();
      if (Cast->getSubExpr()->getType()->isIntegerType() && Cast->getSubExpr()->isIntegerConstantExpr(F.Ctx))
        return T; // `(int *)0`
      T.Any = true;
      return T;
    }
  }
  if (isa<CXXNullPtrLiteralExpr>(E) || isa<GNUNullExpr>(E) || isa<StringLiteral>(E))
    return T;
  if (isa<CXXThisExpr>(E))
    return thisTargets();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return lvalueTargets(UO->getSubExpr(), D + 1);
    if (UO->isIncrementDecrementOp())
      return pointerTargets(UO->getSubExpr(), D + 1).wholeObjects();
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp())
      return pointerTargets(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                                      : BO->getRHS(),
                            D + 1)
          .wholeObjects();
    if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma)
      return pointerTargets(BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_Comma
                                ? BO->getRHS()
                                : BO->getLHS(),
                            D + 1);
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    T = pointerTargets(CO->getTrueExpr(), D + 1);
    T.add(pointerTargets(CO->getFalseExpr(), D + 1));
    return T;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return T; // a function
    if (VD->getType()->isArrayType() || VD->getType()->isReferenceType())
      return lvalueTargets(E, D + 1);
    if (!VD->hasLocalStorage())
      return T; // a global pointer holds no thread's private address
    return variableTargets(VD, D);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // A pointer a call returns reaches private memory only through what it was given: where
    // its summary says, once the call was evaluated.
    if (auto It = CallReturns.find(Call); It != CallReturns.end())
      return It->second;
    if (callGivenPrivateMemory(*this, Call, D + 1))
      T.Any = true;
    return T;
  }
  // A pointer the host launched the kernel with, in a parameter nothing stores into.
  if (readsHostArgument(E))
    return T;
  // Loaded from memory (`s.p`, `p->next`, `ps[i]`) or anything else.
  T.Any = true;
  return T;
}

bool Memory::readsHostArgument(const Expr *E) const {
  const VarDecl *Root = HostArguments.empty() ? nullptr : rootLocal(E);
  return Root && HostArguments.count(Root);
}

Targets Memory::thisTargets() const {
  Targets T;
  if (Pointees.count(F.FD))
    T.Objects.push_back({{F.FD, true}, {}});
  return T;
}

Targets Memory::lvalueTargets(const Expr *LV, unsigned D) const {
  Targets T;
  if (D == 0)
    VisitedVariables.clear();
  if (!LV || D > MaxTargetDepth) {
    T.Any = true;
    return T;
  }
  const Expr *E = LV->IgnoreParens();
  if (const Expr *Named = identityCallArgument(E)) // `std::move(x)` names x
    return lvalueTargets(Named, D + 1);
  if (const auto *Cast = dyn_cast<CastExpr>(E);
      Cast && (Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_LValueToRValue ||
               Cast->getCastKind() == CK_DerivedToBase ||
               Cast->getCastKind() == CK_UncheckedDerivedToBase ||
               Cast->getCastKind() == CK_BaseToDerived))
    return lvalueTargets(Cast->getSubExpr(), D + 1);
  if (const auto *Cast = dyn_cast<CastExpr>(E); Cast && Cast->getCastKind() == CK_LValueBitCast)
    return lvalueTargets(Cast->getSubExpr(), D + 1).wholeObjects();
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return lvalueTargets(MTE->getSubExpr(), D + 1);
  if (auto Path = pathOf(E)) {
    T.Paths.push_back(*Path);
    return T;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) {
      const VarDecl *Holding = BD->getHoldingVar();
      return lvalueTargets(Holding ? Holding->getInit() : BD->getBinding(), D + 1);
    }
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->hasLocalStorage())
      return T; // global, shared, constant memory
    if (VD->getType()->isReferenceType()) {
      if (Pointees.count(VD))
        T.Objects.push_back({{VD, true}, {}});
      else if (!isa<ParmVarDecl>(VD) && F.isOwnLocal(VD) && VD->getInit())
        return lvalueTargets(VD->getInit(), D + 1); // a local reference: what it is bound to
      else if (Captured.count(VD))
        T.Objects.push_back({{VD, false}, {}}); // a capture: what the closure's field refers to
      return T;
    }
    if (Escaped.count(VD))
      T.Objects.push_back({{VD, false}, {}});
    return T;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (isa<VarDecl>(ME->getMemberDecl()))
      return T; // a static data member: global memory
    T = ME->isArrow() ? pointerTargets(ME->getBase(), D + 1) : lvalueTargets(ME->getBase(), D + 1);
    if (const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      return T.member({Field});
    return T;
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return pointerTargets(ASE->getBase(), D + 1).wholeObjects();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return pointerTargets(UO->getSubExpr(), D + 1);
    if (UO->isIncrementDecrementOp())
      return lvalueTargets(UO->getSubExpr(), D + 1);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return lvalueTargets(BO->getLHS(), D + 1);
    if (BO->getOpcode() == BO_Comma)
      return lvalueTargets(BO->getRHS(), D + 1);
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    T = lvalueTargets(CO->getTrueExpr(), D + 1);
    T.add(lvalueTargets(CO->getFalseExpr(), D + 1));
    return T;
  }
  if (!E->isGLValue())
    return T; // a temporary: no one else reaches it
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // A reference a call returns: into what it was given (where its summary says).
    if (auto It = CallReturns.find(Call); It != CallReturns.end())
      return It->second;
    if (callGivenPrivateMemory(*this, Call, D + 1))
      T.Any = true;
    return T;
  }
  T.Any = true;
  return T;
}

bool Memory::anyReachesExposed(const Targets &T) const {
  if (!T.Any || Exposed.empty())
    return false;
  F.ReliesOnUnseen = true;
  return !F.Opts.UnseenIsUniform; // the witness analysis: a lost pointer reaches no local
}

Uniformity Memory::classOf(const Targets &T, const State &S) const {
  Uniformity C = Uniformity::BlockUniform;
  for (const ObjectRef &O : T.Objects)
    C = join(C, objectClass(O.Object, O.Path));
  for (const AccessPath &Path : T.Paths)
    C = join(C, structValue(Path, S)->Class);
  if (anyReachesExposed(T))
    for (const MemObject &O : Exposed)
      C = join(C, objectClass(O));
  return C;
}

ObjectContents Memory::contentsOf(const Targets &T, const State &S) const {
  ObjectContents C;
  for (const ObjectRef &O : T.Objects)
    C.storeAll({}, objectContents(O.Object).below(O.Path));
  for (const AccessPath &Path : T.Paths)
    C.storeAll({}, contentsOfValue(structValue(Path, S)));
  if (anyReachesExposed(T))
    for (const MemObject &O : Exposed)
      C.store({}, objectClass(O));
  return C;
}

} // namespace divlint
