//===- ExprEvaluator.cpp - expressions to symbolic values ----------------===//
//
// Integer constant expressions fold; threadIdx and friends become thread-index leaves; locals
// the data flow tracks read their value in the state; escaped locals, globals, loads and
// anything opaque become leaves of the right class. Arithmetic and comparisons on integers
// stay symbolic (LaneEnumerator evaluates them per lane); everything else is as uniform as its
// operands. Calls are CallEvaluator's.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"
#include "IdentityCalls.h"

#include "CudaBuiltins.h"
#include "divlint/Analysis/LinearThreadId.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

SymRef ExprEvaluator::atLeast(SymRef V, Uniformity C, const Expr *E) {
  if (join(V->Class, C) == V->Class)
    return V;
  return sym::opaque(llvm::hash_combine(V->Hash, F.idFor(E), 0xa71), join(V->Class, C), true,
                     F.textOf(E), V->Ty);
}

SymRef ExprEvaluator::aggregateValue(const InitListExpr *ILE, State &S, unsigned D) {
  // `S{a, b}`: its bases' initializers first, then one per field in order (C++17). A union, or
  // an array: one value for all.
  const auto *RD = ILE->getType()->getAsCXXRecordDecl();
  if (!RD || RD->isUnion() || !RD->hasDefinition() || ILE->isTransparent())
    return nullptr;
  unsigned NumBases = RD->getNumBases();
  std::vector<std::pair<const void *, SymRef>> Fields;
  std::vector<SymRef> Bases;
  unsigned I = 0;
  for (; I < NumBases && I < ILE->getNumInits(); ++I)
    Bases.push_back(eval(ILE->getInit(I), S, D + 1));
  for (const FieldDecl *FD : RD->fields()) {
    if (I >= ILE->getNumInits())
      break;
    if (FD->isUnnamedBitField())
      continue;
    Fields.push_back({FD, eval(ILE->getInit(I++), S, D + 1)});
  }
  // A base's fields are fields of this object too (their FieldDecls are the base's own).
  for (const SymRef &B : Bases)
    if (B && B->Kind == SymKind::Record)
      Fields.insert(Fields.end(), B->Fields->begin(), B->Fields->end());
  std::vector<SymRef> Rest;
  for (const SymRef &B : Bases)
    if (B && B->Kind != SymKind::Record)
      Rest.push_back(B);
    else if (B && B->A)
      Rest.push_back(B->A);
  SymRef RestValue = Rest.empty() ? nullptr : sym::joinLeaf(F.idFor(ILE, 0x5e5), Rest, F.textOf(ILE));
  return sym::record(std::move(Fields), std::move(RestValue), F.textOf(ILE));
}

bool isEmptyObjectType(QualType T) {
  const auto *RD = T.isNull() ? nullptr : T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && !RD->isInvalidDecl() && RD->isEmpty();
}

SymRef emptyObjectValue() {
  // One per thread: SymRef's count is not atomic.
  static thread_local const SymRef V = sym::contextFreeOpaque(
      0xe3d7e0b1ec7ULL, Uniformity::BlockUniform, false, "empty object");
  return V;
}

/// Where the private memory argument \p Index reaches lies, as the caller said
/// (PrivateReach::Place). Without the caller's word (no private object reached), nothing.
static std::optional<Uniformity> placeGiven(const FunctionState &F, unsigned Index) {
  if (Index >= F.Reach.Place.size() || Index >= F.Reach.Contents.size() ||
      !F.Reach.Contents[Index])
    return std::nullopt;
  return F.Reach.Place[Index];
}
/// Where the object `this` points to lies: lanes that call a method on different objects
/// (`arr[tid % 4].get()`) read different memory. Without the caller's word, the object's value,
/// whose class joins what it holds and where it is, stands for it.
static std::optional<Uniformity> thisPlace(const FunctionState &F) {
  const auto *MD = dyn_cast<CXXMethodDecl>(F.FD);
  return MD && MD->isInstance() ? placeGiven(F, 0) : std::nullopt;
}
/// The same for what a reference parameter is bound to (`read(arr[tid % 4])`).
static std::optional<Uniformity> paramPlace(const FunctionState &F, const Memory &M,
                                            const VarDecl *V) {
  const auto *P = dyn_cast<ParmVarDecl>(V);
  std::optional<unsigned> Index =
      P && P->getType()->isReferenceType() ? M.argumentIndex(P) : std::nullopt;
  return Index ? placeGiven(F, *Index) : std::nullopt;
}

SymRef ExprEvaluator::eval(const Expr *E, State &S, unsigned D) {
  SymRef V = evalNode(E, S, D);
  // An object of a class without data is the same in every thread, whatever made it (its
  // calls were still evaluated above: what they store through their arguments stands).
  if (E && E->isPRValue() && isEmptyObjectType(E->getType()))
    return emptyObjectValue();
  return V;
}

SymRef ExprEvaluator::evalNode(const Expr *E, State &S, unsigned D) {
  if (!E)
    return sym::opaque(0, Uniformity::LaneVarying, true, "unknown");
  if (D > MaxEvalDepth)
    return F.leafFor(E, Uniformity::LaneVarying, true, "deeply nested expression");
  E = E->IgnoreParens();
  if (const Expr *Named = identityCallArgument(E)) // `std::move(x)` is x
    return eval(Named, S, D + 1);
  QualType Ty = E->getType();
  IntType IT = intTypeOf(Ty, F.Ctx);

  // Integer constant expressions (literals, enumerators, constexpr, sizeof) fold right away.
  // Also template arguments (`N` in an instantiation) and static constexpr members reached
  // through an object (`packed.size`).
  const auto *StaticMember = dyn_cast<MemberExpr>(E);
  if (StaticMember && !isa<VarDecl, EnumConstantDecl>(StaticMember->getMemberDecl()))
    StaticMember = nullptr;
  // A static member or a member enumerator read through an object or a reference (`t.ne`,
  // `frag.num_elements`): the object is not read, so its class does not matter; clang's
  // evaluator may refuse the object expression.
  if (StaticMember && isIntegerLike(Ty) && !E->isValueDependent()) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(StaticMember->getMemberDecl()))
      return sym::constant(EC->getInitVal().getExtValue(), IT);
    const auto *VD = cast<VarDecl>(StaticMember->getMemberDecl());
    if (const APValue *V = VD->evaluateValue(); V && V->isInt())
      return sym::constant(V->getInt().getExtValue(), IT);
  }
  // A constexpr function given constants (`ceil_div(N, 32)`, `t.size()` of a static size).
  const auto *ConstexprCall = dyn_cast<CallExpr>(E);
  if (ConstexprCall && (!ConstexprCall->getDirectCallee() ||
                        !ConstexprCall->getDirectCallee()->isConstexpr()))
    ConstexprCall = nullptr;
  if (isIntegerLike(Ty) && !E->isValueDependent() &&
      (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) || isa<CXXBoolLiteralExpr>(E) ||
       isa<UnaryExprOrTypeTraitExpr>(E) || isa<DeclRefExpr>(E) || isa<ConstantExpr>(E) ||
       isa<SubstNonTypeTemplateParmExpr>(E) || StaticMember || ConstexprCall)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *WVD = dyn_cast<VarDecl>(DRE->getDecl());
      if (WVD && WVD->getName() == "warpSize" && !WVD->isLocalVarDeclOrParm())
        return sym::constant(F.Opts.WarpSize, IT);
    }
    bool IsLocalVar = false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        IsLocalVar = VD->hasLocalStorage() && !VD->getType().isConstQualified();
    if (!IsLocalVar)
      if (std::optional<ConstantInt> C = F.constantInt(E))
        return sym::constant(C->Value, IT);
  }

  if (const auto *FE = dyn_cast<FullExpr>(E)) // ConstantExpr, ExprWithCleanups
    return eval(FE->getSubExpr(), S, D + 1);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(MTE->getSubExpr(), S, D + 1);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(BTE->getSubExpr(), S, D + 1);
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(DAE->getExpr(), S, D + 1);
  if (const auto *DIE = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(DIE->getExpr(), S, D + 1);

  // threadIdx.x and friends (clang models them as MS properties over __fetch_builtin_x()).
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E)) {
    if (const auto *Prop = dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens()))
      if (const auto *Base = dyn_cast<DeclRefExpr>(Prop->getBaseExpr()->IgnoreParenImpCasts()))
        if (auto Var = builtinVarIndex(Base->getDecl()->getName()))
          if (auto Comp = componentIndex(Prop->getPropertyDecl()->getName()))
            return F.withOrigin(builtinVar(*Var, *Comp), E);
    return eval(POE->getResultExpr(), S, D + 1);
  }

  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    SymRef Sub = eval(Cast->getSubExpr(), S, D + 1);
    if (isIntegerLike(Ty) && isIntegerLike(Cast->getSubExpr()->getType()))
      return sym::unary(SymOp::Cast, Sub, IT);
    if (Cast->getCastKind() == CK_LValueToRValue || Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_ConstructorConversion ||
        Cast->getCastKind() == CK_UserDefinedConversion || Cast->getCastKind() == CK_ToVoid ||
        Cast->getCastKind() == CK_DerivedToBase || Cast->getCastKind() == CK_UncheckedDerivedToBase)
      return Sub;
    if (isIntegerLike(Ty)) // float/pointer to integer: keep the class, lose the value
      return sym::opaqueOf(Sub, "(" + F.textOf(E) + ")");
    return Sub;
  }

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *VD = DRE->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(VD))
      return sym::constant(EC->getInitVal().getExtValue(), IT);
    // A structured binding (`auto [l, o] = f();`) names a part of its hidden object: a field,
    // or what `get<I>` returns for a tuple-like one.
    if (const auto *BD = dyn_cast<BindingDecl>(VD)) {
      if (const VarDecl *Holding = BD->getHoldingVar(); Holding && Holding->getInit())
        return eval(Holding->getInit(), S, D + 1);
      if (const Expr *Binding = BD->getBinding())
        return eval(Binding, S, D + 1);
    }
    if (const auto *Var = dyn_cast<VarDecl>(VD)) {
      if (auto Path = M.pathOf(DRE))
        return M.read(*Path, S, E);
      if (M.isEscaped(Var)) {
        if (Var->getType()->isRecordType())
          return M.objectValue({Var, false}, {}, Var->getType(), E);
        return F.leafFor(E, M.escapedClass(Var), true, Var->getNameAsString() + " (memory)");
      }
      if (auto Index = builtinVarIndex(Var->getName()); Index && !Var->hasLocalStorage()) {
        // the whole builtin struct (e.g. `dim3 b = blockDim;`)
        return sym::dim3(builtinVar(*Index, 0), builtinVar(*Index, 1), builtinVar(*Index, 2));
      }
      if (Var->hasGlobalStorage() || Var->isStaticLocal())
        return sym::contextFreeOpaque(llvm::hash_combine(Var, 0x61), Uniformity::BlockUniform,
                                      true, Var->getNameAsString(), IT);
      if (Var->getType()->isReferenceType() && Var->hasLocalStorage() &&
          F.isOwnLocal(Var)) {
        // A reference: what it was bound to (reads); writes go through storeToMemory. A
        // reference parameter to the caller's private memory also holds what was stored
        // there since (by this function, its callees, or through an alias).
        AccessPath Path{Var};
        auto It = S.find(Path);
        SymRef V = It != S.end() ? It->second : nullptr;
        if (!isa<ParmVarDecl>(Var) && Var->getInit()) {
          if (auto Bound = M.pathOf(Var->getInit())) { // a tracked local, as it is now
            V = M.read(*Bound, S, E);
          } else if (Targets T = M.lvalueTargets(Var->getInit()); !T.empty()) {
            // Memory (an escaped local, an element, what a pointer points to): what it holds
            // now, not only what it held when the reference was bound (`int &c = b;` then a
            // lambda stores into b through its capture of c).
            // A record, field by field, each as far apart between lanes as the object it was
            // bound to (`Cell &r = cells[tid % 4]; r.v`: generator seed 25).
            if (Var->getType().getNonReferenceType()->isRecordType() && T.Objects.size() == 1 &&
                T.Paths.empty() && T.Params.empty() && !T.Any)
              return M.objectValue(T.Objects[0].Object, T.Objects[0].Path, Var->getType(), E,
                                   placeClass(Var->getInit(), S));
            return atLeast(V ? V : F.leafFor(E, Uniformity::BlockUniform, true, Var->getNameAsString()),
                           M.classOf(T, S), E);
          }
        }
        if (M.hasPointee(Var)) {
          // An object: what it holds now, field by field (the value it was passed with while
          // nothing was stored into it since).
          if (Var->getType().getNonReferenceType()->isRecordType()) {
            if (V && M.objectContents({Var, true}) == Memory::contentsOfValue(V))
              return V;
            // Each field as far apart between lanes as the object is (`arr[tid % 4]`).
            return M.objectValue({Var, true}, {}, Var->getType(), E,
                                 paramPlace(F, M, Var).value_or(Uniformity::BlockUniform));
          }
          return atLeast(V ? V : F.leafFor(E, Uniformity::BlockUniform, true, Var->getNameAsString()),
                         M.objectClass({Var, true}), E);
        }
        if (V)
          return V;
      }
      // A lambda capture or something we do not track: sound.
      return F.leafFor(E, Uniformity::LaneVarying, true, Var->getNameAsString());
    }
    if (isa<FunctionDecl>(VD))
      return sym::contextFreeOpaque(llvm::hash_combine(VD), Uniformity::BlockUniform, false,
                                    VD->getNameAsString());
    return F.leafFor(E, Uniformity::LaneVarying, true, VD->getNameAsString());
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Minus: return sym::unary(SymOp::Neg, eval(UO->getSubExpr(), S, D + 1), IT);
    case UO_Not: return sym::unary(SymOp::BitNot, eval(UO->getSubExpr(), S, D + 1), IT);
    case UO_LNot: return sym::unary(SymOp::LNot, eval(UO->getSubExpr(), S, D + 1), IT);
    case UO_Plus: return eval(UO->getSubExpr(), S, D + 1);
    case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
      // The element for the increment already updated the state (CFG order).
      return eval(UO->getSubExpr(), S, D + 1);
    case UO_AddrOf: {
      SymRef Sub = eval(UO->getSubExpr(), S, D + 1);
      // The address of an lvalue is as uniform as the way it was computed.
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
        SymRef Base = eval(ASE->getBase(), S, D + 1), Idx = eval(ASE->getIdx(), S, D + 1);
        return F.leafFor(E, join(Base->Class, Idx->Class), false, F.textOf(E));
      }
      if (rootLocal(UO->getSubExpr()))
        return F.leafFor(E, Uniformity::BlockUniform, false, F.textOf(E));
      return F.leafFor(E, Sub->Class, Sub->DataDependent, F.textOf(E));
    }
    case UO_Deref: {
      SymRef Ptr = eval(UO->getSubExpr(), S, D + 1);
      return F.leafFor(E, join(Ptr->Class, M.classOf(M.pointerTargets(UO->getSubExpr()), S)),
                       true, "load " + F.textOf(E));
    }
    default: {
      SymRef Sub = eval(UO->getSubExpr(), S, D + 1);
      return sym::opaqueOf(Sub, F.textOf(E));
    }
    }
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      if (auto Path = M.pathOf(BO->getLHS()))
        return M.read(*Path, S, E);
      return eval(BO->getRHS(), S, D + 1);
    }
    if (BO->getOpcode() == BO_Comma)
      return eval(BO->getRHS(), S, D + 1);
    SymRef L = eval(BO->getLHS(), S, D + 1);
    SymRef R = eval(BO->getRHS(), S, D + 1);
    auto Op = binaryOpFor(BO->getOpcode());
    bool IntOperands = isIntegerLike(BO->getLHS()->getType()) &&
                       isIntegerLike(BO->getRHS()->getType());
    if (Op && IntOperands && isIntegerLike(Ty))
      return asWarpIndex(sym::binary(*Op, L, R, IT), F.Opts.WarpSize);
    if (Op && BO->isComparisonOp() && !IntOperands) {
      // Float or pointer comparison: integer-valued, but the operands are not evaluable.
      SymRef LL = L->Evaluable && isIntegerLike(BO->getLHS()->getType())
                      ? L
                      : sym::opaqueOf(L, F.textOf(BO->getLHS()));
      SymRef RR = R->Evaluable && isIntegerLike(BO->getRHS()->getType())
                      ? R
                      : sym::opaqueOf(R, F.textOf(BO->getRHS()));
      return sym::binary(*Op, LL, RR, IT);
    }
    if (Op && (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr))
      return sym::binary(*Op, L, R, IT);
    // Float arithmetic, pointer arithmetic: keep class and data dependence.
    std::vector<SymRef> Parts{L, R};
    return F.withOrigin(sym::joinLeaf(F.idFor(E), Parts, F.textOf(E)), E);
  }

  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    SymRef C = eval(CO->getCond(), S, D + 1);
    SymRef Then = eval(CO->getTrueExpr(), S, D + 1);
    SymRef Else = eval(CO->getFalseExpr(), S, D + 1);
    if (isIntegerLike(Ty) && Then->Evaluable && Else->Evaluable)
      return sym::select(C, Then, Else, IT);
    std::vector<SymRef> Parts{C, Then, Else};
    return F.withOrigin(sym::joinLeaf(F.idFor(E), Parts, F.textOf(E)), E);
  }

  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    SymRef Base = eval(ASE->getBase(), S, D + 1);
    SymRef Idx = eval(ASE->getIdx(), S, D + 1);
    Uniformity C = join(Base->Class, Idx->Class);
    // Private memory (a local array, what a pointer parameter reaches): what was stored there.
    C = join(C, M.classOf(M.pointerTargets(ASE->getBase()), S));
    return F.leafFor(E, C, true, "load " + F.textOf(E));
  }

  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (const auto *Static = dyn_cast<VarDecl>(ME->getMemberDecl()))
      return sym::contextFreeOpaque(llvm::hash_combine(Static, 0x61), Uniformity::BlockUniform,
                                    true, Static->getNameAsString(), IT); // a global
    if (auto Path = M.pathOf(ME))
      return M.read(*Path, S, E);
    SymRef Base = eval(ME->getBase(), S, D + 1);
    if (Base->Kind == SymKind::Dim3)
      if (auto Comp = componentIndex(ME->getMemberDecl()->getName()))
        return *Comp == 0 ? Base->A : *Comp == 1 ? Base->B : Base->C;
    if (isa<CXXMethodDecl>(ME->getMemberDecl()))
      return Base;
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    bool ThisObject = isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
    if (ME->isArrow() && ThisObject && Base->Kind == SymKind::Record) {
      // `this` is the caller's private object (its value a record): the field holds what was
      // stored into it, whatever its other fields hold. Where the caller said nothing of what
      // it holds (no private object reached), the record's class stands for it.
      Targets T = M.lvalueTargets(ME);
      Uniformity C = M.classOf(T, S);
      return F.leafFor(E,
                       T.empty() ? join(C, Base->Class)
                                 : join(C, thisPlace(F).value_or(Uniformity::BlockUniform)),
                       true, "load " + F.textOf(E));
    }
    if (ME->isArrow()) {
      // A field of the caller's object: what the field holds, where the object is; not
      // everything the object holds (`the_predicates.set()` reading `extent_` after storing
      // the thread's offset into another field).
      Targets T = M.lvalueTargets(ME);
      std::optional<Uniformity> Place = ThisObject ? thisPlace(F) : std::nullopt;
      Uniformity C = M.classOf(T, S);
      return F.leafFor(E, Place && !T.empty() ? join(C, *Place) : join(Base->Class, C), true,
                       "load " + F.textOf(E));
    }
    if (Field && Base->Kind == SymKind::Record) {
      if (SymRef V = recordField(Base, Field))
        return V;
      Uniformity Rest = Base->A ? Base->A->Class : Uniformity::BlockUniform;
      return F.leafFor(E, Rest, Rest != Uniformity::BlockUniform, F.textOf(E));
    }
    return F.leafFor(E, Base->Class, Base->DataDependent, F.textOf(E));
  }

  if (const auto *CE = dyn_cast<CallExpr>(E))
    return Calls.eval(CE, S, D);

  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *RD = Construct->getConstructor()->getParent();
    if (RD && RD->getName() == "dim3" && Construct->getNumArgs() >= 1 &&
        !Construct->getConstructor()->isCopyOrMoveConstructor()) {
      SymRef Parts[3] = {sym::constant(1, {32, false}), sym::constant(1, {32, false}),
                         sym::constant(1, {32, false})};
      for (unsigned I = 0; I < Construct->getNumArgs() && I < 3; ++I)
        if (!isa<CXXDefaultArgExpr>(Construct->getArg(I)))
          Parts[I] = eval(Construct->getArg(I), S, D + 1);
      return sym::dim3(Parts[0], Parts[1], Parts[2]);
    }
    if (auto G = groupTypeOf(Ty)) {
      for (const Expr *Arg : Construct->arguments())
        eval(Arg, S, D + 1);
      return sym::group(G->first, G->second);
    }
    // A trivial constructor runs no code: a copy holds what its source holds, a default one
    // leaves the object uninitialized. Any other is analyzed like a call (CallEvaluator).
    if (!Construct->getConstructor()->isTrivial())
      return Calls.evalConstruct(Construct, S, D);
    if (Construct->getNumArgs() == 1)
      return eval(Construct->getArg(0), S, D + 1);
    return F.leafFor(E, Uniformity::BlockUniform, false, F.textOf(E) + " (uninitialized)");
  }

  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    if (ILE->getNumInits() == 1 && isIntegerLike(Ty))
      return eval(ILE->getInit(0), S, D + 1);
    if (SymRef R = aggregateValue(ILE, S, D))
      return R;
    std::vector<SymRef> Parts;
    for (const Expr *Init : ILE->inits())
      Parts.push_back(eval(Init, S, D + 1));
    return sym::joinLeaf(F.idFor(E), Parts, F.textOf(E));
  }

  if (isa<CXXThisExpr>(E)) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(F.FD);
        MD && MD->isInstance() && !F.ParamValues.empty())
      return F.ParamValues.front();
    return sym::opaque(F.idFor(E), Uniformity::BlockUniform, false, "this");
  }
  if (isa<FloatingLiteral>(E) || isa<StringLiteral>(E) || isa<CXXNullPtrLiteralExpr>(E) ||
      isa<GNUNullExpr>(E) || isa<CXXScalarValueInitExpr>(E) ||
      isa<ImplicitValueInitExpr>(E) || isa<CXXBoolLiteralExpr>(E) || isa<IntegerLiteral>(E))
    return sym::opaque(F.idFor(E), Uniformity::BlockUniform, false, F.textOf(E), IT);
  if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
    // A closure holds its captures, a field each (ClosureCaptures.cpp): copies of values,
    // references to the variables (whose class is their memory's, read here so that the
    // closure grows with it).
    std::vector<std::pair<const void *, SymRef>> Fields;
    auto Field = LE->getLambdaClass()->field_begin(), End = LE->getLambdaClass()->field_end();
    for (const Expr *Init : LE->capture_inits()) {
      const FieldDecl *FD = Field != End ? *Field++ : nullptr;
      if (Init && FD)
        Fields.push_back({FD, eval(Init, S, D + 1)});
    }
    if (Fields.empty())
      return sym::opaque(F.idFor(E), Uniformity::BlockUniform, false, "lambda", IT);
    return sym::record(std::move(Fields), nullptr, "lambda");
  }
  if (const auto *Inherited = dyn_cast<CXXInheritedCtorInitExpr>(E))
    return Calls.evalInheritedConstruct(Inherited);
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    // Each thread allocates its own object: the addresses differ between lanes.
    for (const Stmt *Child : New->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        eval(CE, S, D + 1);
    return F.leafFor(E, Uniformity::LaneVarying, true, F.textOf(E));
  }
  if (const auto *Loop = dyn_cast<ArrayInitLoopExpr>(E)) {
    // An array copied element by element (a copy constructor's, a lambda's by-copy capture):
    // what the source holds, and what a non-trivial element constructor stores.
    std::vector<SymRef> Parts{eval(Loop->getCommonExpr()->getSourceExpr(), S, D + 1)};
    if (const auto *Element = dyn_cast<CXXConstructExpr>(Loop->getSubExpr()->IgnoreImplicit());
        Element && !Element->getConstructor()->isTrivial())
      Parts.push_back(eval(Element, S, D + 1));
    return sym::joinLeaf(F.idFor(E), Parts, F.textOf(E));
  }
  if (isa<AtomicExpr>(E))
    return F.leafFor(E, Uniformity::LaneVarying, true, "atomic " + F.textOf(E));
  if (isa<StmtExpr>(E) || isa<OpaqueValueExpr>(E))
    return F.leafFor(E, Uniformity::LaneVarying, true, F.textOf(E));
  if (isa<RecoveryExpr>(E)) {
    // What clang could not resolve (a call to a `__host__` function from a `__host__
    // __device__` one, which nvcc accepts): its inputs are not all children, so its value is
    // unknown, as an unanalyzed call's is.
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        eval(CE, S, D + 1);
    return Calls.unknownResult(E);
  }

  // Anything else: as uniform as its children (sound: every input is a child).
  std::vector<SymRef> Parts;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      Parts.push_back(eval(CE, S, D + 1));
  return F.withOrigin(sym::joinLeaf(F.idFor(E), Parts, F.textOf(E)), E);
}

Uniformity ExprEvaluator::placeClass(const Expr *LV, State &S, unsigned Depth) {
  // Where it lands matters as much as what is stored: lanes that write different elements
  // (`legs[tid % 4].amount = 1`), through different pointers, or through a reference a call
  // picked per lane (`a[tid] = 1` with an array class's operator[]) leave the memory
  // lane-varying.
  Uniformity C = Uniformity::BlockUniform;
  const Expr *E = LV->IgnoreParenImpCasts();
  for (unsigned Steps = 0; E && Steps < 32; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      C = join(C, eval(ASE->getIdx(), S)->Class);
      E = ASE->getBase();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // (`this->`: where the object lies is joined at the root, below.)
      if (ME->isArrow() && !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        C = join(C, eval(ME->getBase(), S)->Class);
      E = ME->getBase();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
      if (!isa<CXXThisExpr>(UO->getSubExpr()->IgnoreParenImpCasts())) // `*this`: as `this->`
        C = join(C, eval(UO->getSubExpr(), S)->Class);
      E = UO->getSubExpr();
    } else {
      break;
    }
  }
  const auto *Var = isa_and_nonnull<DeclRefExpr>(E)
                        ? dyn_cast<VarDecl>(cast<DeclRefExpr>(E)->getDecl())
                        : nullptr;
  if (isa_and_nonnull<CXXThisExpr>(E)) {
    // The caller's object: where it lies is the caller's to say (a member of it passed on is
    // as far apart between lanes as the object is).
    if (std::optional<Uniformity> Place = thisPlace(F))
      C = join(C, *Place);
  } else if (std::optional<Uniformity> Place = Var ? paramPlace(F, M, Var) : std::nullopt) {
    C = join(C, *Place); // the same for what a reference parameter is bound to
  } else if (const auto *Call = dyn_cast_or_null<CallExpr>(E);
             Call && Call->getCallReturnType(F.Ctx)->isReferenceType())
    C = join(C, M.callReturnPlace(Call)); // evaluated already (storeToMemory, the return)
  else if (E && E->getType()->isPointerType())
    C = join(C, eval(E, S)->Class); // the pointer a subscript starts from
  else if (Var && Var->getType()->isReferenceType() && !isa<ParmVarDecl>(Var) &&
           F.isOwnLocal(Var) && Var->getInit() && Depth < 8)
    // A local reference is where it was bound (`S &r = arr[tid % 4]; r.x = 1;`). A reference
    // parameter's place is the caller's to join (applyStoresThroughArguments), as `this`'s is
    // where the caller did not say it: `this`'s value is the object's, not its address.
    C = join(C, placeClass(Var->getInit(), S, Depth + 1));
  return C;
}

} // namespace divlint
