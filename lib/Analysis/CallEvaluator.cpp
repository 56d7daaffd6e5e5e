//===- CallEvaluator.cpp - the value of a call ---------------------------===//
//
// In order: builtin variables spelled as calls (`threadIdx.__fetch_builtin_x()`), PTX special
// registers, integer min/max, cooperative groups (CooperativeGroups.cpp), the intrinsic table
// (include/divlint/Analysis/IntrinsicTable.h), then functions with bodies, analyzed with these
// argument values through the CallResolver (memoized by the translation-unit analysis). A
// function without a body is lane-varying (sound). Constructors are calls too: `this` is the
// fresh object, and what they store into it is its value. A callee's stores through its
// arguments (and through pointers it loaded) land in the caller's private memory here.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace divlint {

/// A definition the analysis can run on (the call depth aside).
static bool hasAnalyzableBody(const FunctionDecl *Def) {
  return Def && Def->hasBody() && !Def->isInvalidDecl();
}

SymRef CallEvaluator::eval(const CallExpr *CE, State &S, unsigned D) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee) {
    // Calls through pointers: the callee is unknown.
    for (const Expr *A : CE->arguments())
      Eval.eval(A, S, D + 1);
    return unknownResult(CE);
  }
  // threadIdx.__fetch_builtin_x() spelled out, or `uint3 t = threadIdx;`
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (const CXXRecordDecl *RD = MCE->getRecordDecl())
      if (auto Var = builtinVarIndex(RD->getName())) {
        if (auto Comp = componentIndex(Callee->getName()))
          return F.withOrigin(builtinVar(*Var, *Comp), CE);
        return sym::dim3(builtinVar(*Var, 0), builtinVar(*Var, 1), builtinVar(*Var, 2));
      }
  }
  if (Callee->getIdentifier()) {
    llvm::StringRef Name = Callee->getName();
    if (auto Reg = specialRegister(Name))
      return F.withOrigin(builtinVar(Reg->first, Reg->second), CE);
    if (Name == "min" || Name == "max" || Name == "umin" || Name == "umax" ||
        Name == "__nv_min" || Name == "__nv_max" || Name == "__nv_umin" || Name == "__nv_umax") {
      if (CE->getNumArgs() == 2 && isIntegerLike(CE->getType()))
        return sym::binary(Name.ends_with("min") ? SymOp::Min : SymOp::Max,
                           Eval.eval(CE->getArg(0), S, D + 1), Eval.eval(CE->getArg(1), S, D + 1),
                           intTypeOf(CE->getType(), F.Ctx));
    }
    if (inCooperativeGroups(Callee))
      if (SymRef G = Groups.eval(CE, Callee, S, D))
        return G;
    if (auto V = evalMemoryBuiltin(CE, Callee, S, D))
      return *V;
    if (!isa<CXXMethodDecl>(Callee))
      if (auto Info = lookupIntrinsic(Name)) {
        SymRef V = evalIntrinsic(CE, *Info, S, D);
        // Outputs through `&local` (__match_all_sync's predicate, sincosf's results) hold what
        // the result does.
        CallSummary Outputs;
        Outputs.StoredThrough.resize(CE->getNumArgs());
        for (unsigned I = 0; I < CE->getNumArgs(); ++I)
          if (const auto *UO = dyn_cast<UnaryOperator>(CE->getArg(I)->IgnoreParenImpCasts()))
            if (UO->getOpcode() == UO_AddrOf)
              Outputs.StoredThrough[I] = ObjectContents::of(V->Class);
        applyStoresThroughArguments(Outputs, argumentTargets(CE, Callee), {}, S);
        return V;
      }
  }
  // A function with a body: analyze it with these arguments, and with what private memory
  // they reach (DESIGN §6.2).
  const FunctionDecl *Def = Callee->getDefinition();
  std::vector<SymRef> Args;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    const Expr *Obj = MCE->getImplicitObjectArgument();
    if (auto Path = Obj ? M.pathOf(Obj) : std::nullopt)
      Args.push_back(M.structValue(*Path, S));
    else
      Args.push_back(Obj ? Eval.eval(Obj, S, D + 1)
                         : sym::opaque(0, Uniformity::BlockUniform, false, "this"));
  }
  for (const Expr *A : CE->arguments())
    Args.push_back(Eval.eval(A, S, D + 1));
  std::vector<Targets> Reached = argumentTargets(CE, Callee);
  std::vector<const Expr *> Given;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
    Given.push_back(MCE->getImplicitObjectArgument());
  Given.insert(Given.end(), CE->arguments().begin(), CE->arguments().end());
  // Dynamic parallelism: `child<<<g, b>>>(p)` in device code starts a new grid. It is no call
  // in these threads (the child's threadIdx is not theirs, nor its block shape): the child is
  // analyzed as a kernel, with its own launches' shapes. Here it may store anything through
  // the pointers it was given, as a call divlint cannot see would.
  if (isa<CUDAKernelCallExpr>(CE)) {
    applyStoresThroughArguments(unknownEffects(Callee, Reached, Given), Reached, Given, S);
    return F.leafFor(CE, Uniformity::BlockUniform, false, F.textOf(CE)); // void
  }
  // `{ return N; }` (CuTe's `C<N>::operator int()`, a trait's `value()`): the constant, with
  // no analysis (nor budget) spent on it; the arguments were evaluated above.
  if (auto K = constantReturn(Def); K && isIntegerLike(CE->getType()))
    return sym::constant(*K, intTypeOf(CE->getType(), F.Ctx));
  if (hasAnalyzableBody(Def) && F.Depth + 1 < MaxAnalyzedCallDepth) {
    ClosureArguments Closures = closureArguments(Given);
    PrivateReach Reach = reachOf(CE, Reached, Args, Given, S, Closures);
    CallSummary Summary = F.Calls.resolveCall(Def, Args, F.Depth + 1, Reach);
    F.ReliesOnUnseen |= Summary.ReliesOnUnseen;
    applyStoresThroughArguments(Summary, Reached, Given, S, &Closures);
    noteReturnedTargets(CE, Summary, Reached, Given, S);
    if (Summary.Return)
      return F.withOrigin(Summary.Return, CE);
    return F.leafFor(CE, Uniformity::BlockUniform, false, F.textOf(CE)); // void
  }
  // No body, or too deep: sound fallback, for the result and for what it may store through its
  // arguments (and through pointers it finds in the memory they reach).
  if (hasAnalyzableBody(Def))
    F.Calls.noteCutCall(Def); // its branches are classified when it is analyzed alone
  applyStoresThroughArguments(unknownEffects(Callee, Reached, Given), Reached, Given, S);
  return unknownResult(CE);
}

std::optional<SymRef> CallEvaluator::evalMemoryBuiltin(const CallExpr *CE,
                                                       const FunctionDecl *Callee, State &S,
                                                       unsigned D) {
  // The bytes copied are the source's, wherever its pointer points: the intrinsic table's
  // `__builtin_` prefix (pure) would drop the store (`memcpy(&y, &x, 4)` left y as it was).
  std::optional<MemoryBuiltin> Kind = memoryBuiltinOf(Callee);
  if (!Kind)
    return std::nullopt;
  if (CE->getNumArgs() < 2)
    return std::nullopt;
  unsigned Dst = *Kind == MemoryBuiltin::CopyFromSecond ? 1 : 0;
  unsigned Src = *Kind == MemoryBuiltin::CopyFromSecond ? 0 : 1;
  // Where and how much (the pointers, the size) and the byte value: each lane's own if any
  // differs; under divergent control, some lanes only.
  Uniformity C = F.CurrentBlock ? F.controlClass(F.CurrentBlock) : Uniformity::BlockUniform;
  std::vector<SymRef> Args;
  for (const Expr *A : CE->arguments()) {
    Args.push_back(Eval.eval(A, S, D + 1));
    C = join(C, Args.back()->Class);
  }
  // A copy: what the source holds, as a load through its pointer reads it.
  if (*Kind != MemoryBuiltin::Set)
    C = join(C, M.classOf(M.pointerTargets(CE->getArg(Src)), S));
  M.store(M.writable(M.pointerTargets(CE->getArg(Dst))), C, S);
  if (*Kind == MemoryBuiltin::CopyFromSecond || CE->getType()->isVoidType())
    return F.leafFor(CE, Uniformity::BlockUniform, false, F.textOf(CE)); // void
  return F.withOrigin(Args[Dst], CE); // the destination (mempcpy's end: the same class)
}

std::optional<int64_t> CallEvaluator::constantReturn(const FunctionDecl *Def) const {
  if (!Def || Def->isInvalidDecl() || !isIntegerLike(Def->getReturnType()))
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return std::nullopt;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  const Expr *V = Ret ? Ret->getRetValue() : nullptr;
  // Only an expression that reads nothing of the call (no `this`, no parameter) evaluates.
  if (!V || V->isValueDependent())
    return std::nullopt;
  std::optional<ConstantInt> C = F.constantInt(V);
  if (!C || C->HasSideEffects)
    return std::nullopt;
  return C->Value;
}

SymRef CallEvaluator::unknownResult(const Expr *E) {
  F.ReliesOnUnseen = true;
  return F.leafFor(E, F.Opts.UnseenIsUniform ? Uniformity::BlockUniform : Uniformity::LaneVarying,
                   !F.Opts.UnseenIsUniform, F.textOf(E));
}

SymRef CallEvaluator::evalConstruct(const CXXConstructExpr *CE, State &S, unsigned D) {
  // `this` is the object under construction: private memory of this thread that nothing
  // reaches yet and that holds nothing yet (DESIGN §6.2). What the constructor (its member
  // initializers, its base and delegated constructors, its body) stores through `this` is what
  // the object holds.
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  std::vector<SymRef> Args{sym::opaque(0, Uniformity::BlockUniform, false, "this")};
  std::vector<Targets> Reached(1);
  std::vector<char> ByRefTemporary(1, 0);
  std::vector<const Expr *> Given{nullptr};
  Given.insert(Given.end(), CE->arguments().begin(), CE->arguments().end());
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *Arg = CE->getArg(I);
    QualType ParamTy =
        I < Ctor->getNumParams() ? Ctor->getParamDecl(I)->getType() : Arg->getType();
    Args.push_back(Eval.eval(Arg, S, D + 1));
    Reached.push_back(argumentTarget(Arg, ParamTy));
    ByRefTemporary.push_back(ParamTy->isReferenceType() &&
                             !Arg->IgnoreParenImpCasts()->isGLValue());
  }
  const FunctionDecl *Def = Ctor->getDefinition();
  if (hasAnalyzableBody(Def) && F.Depth + 1 < MaxAnalyzedCallDepth) {
    ClosureArguments Closures = closureArguments(Given);
    PrivateReach Reach = reachOf(Reached, ByRefTemporary, Args, Given, S, Closures);
    Reach.Contents[0] = ObjectContents();
    Reach.Place[0] = Uniformity::BlockUniform; // each thread's own new object
    CallSummary Summary = F.Calls.resolveCall(Def, std::move(Args), F.Depth + 1, Reach);
    F.ReliesOnUnseen |= Summary.ReliesOnUnseen;
    applyStoresThroughArguments(Summary, Reached, Given, S, &Closures);
    return constructedValue(CE, Summary);
  }
  // No body (or too deep): it may store anything, into the object and through its arguments.
  if (hasAnalyzableBody(Def))
    F.Calls.noteCutCall(Def);
  applyStoresThroughArguments(unknownEffects(Ctor, Reached, Given), Reached, Given, S);
  return unknownResult(CE);
}

SymRef CallEvaluator::evalInheritedConstruct(const CXXInheritedCtorInitExpr *E) {
  // `using Base::Base;`: the inherited constructor runs on this object with this constructor's
  // arguments, unchanged since entry (nothing runs before it), reaching what they reached.
  const FunctionDecl *Def = E->getConstructor()->getDefinition();
  if (!hasAnalyzableBody(Def) || F.Depth + 1 >= MaxAnalyzedCallDepth ||
      F.ParamValues.size() != Def->getNumParams() + 1) {
    if (hasAnalyzableBody(Def))
      F.Calls.noteCutCall(Def);
    return unknownResult(E);
  }
  std::vector<SymRef> Args = F.ParamValues;
  Args.front() = sym::opaque(0, Uniformity::BlockUniform, false, "this");
  PrivateReach Reach = F.Reach;
  size_t Known = Reach.Group.size();
  Reach.Contents.resize(Args.size());
  Reach.Group.resize(Args.size());
  Reach.Hidden.resize(Args.size());
  Reach.Place.resize(Args.size(), Uniformity::LaneVarying);
  for (size_t I = Known; I < Args.size(); ++I)
    Reach.Group[I] = I;
  Reach.Contents[0] = ObjectContents();
  Reach.Place[0] = Uniformity::BlockUniform; // each thread's own new object
  CallSummary Summary = F.Calls.resolveCall(Def, std::move(Args), F.Depth + 1, Reach);
  F.ReliesOnUnseen |= Summary.ReliesOnUnseen;
  // What it stores through its reference and pointer parameters lands where ours reach.
  std::vector<Targets> Reached(1);
  for (const ParmVarDecl *P : F.FD->parameters()) {
    Reached.emplace_back();
    if (M.hasPointee(P))
      Reached.back().Objects.push_back({{P, true}, {}});
  }
  State Unused;
  applyStoresThroughArguments(Summary, Reached, {}, Unused);
  return constructedValue(E, Summary);
}

SymRef CallEvaluator::constructedValue(const Expr *E, const CallSummary &Summary) {
  // What the constructor stored through `this`, field by field: the new object's value.
  ObjectContents Object = !Summary.StoredThrough.empty() && Summary.StoredThrough[0]
                              ? *Summary.StoredThrough[0]
                              : ObjectContents();
  return F.withOrigin(M.valueOfContents(Object, F.idFor(E), F.textOf(E), E->getType()), E);
}

void CallEvaluator::noteReturnedTargets(const CallExpr *CE, const CallSummary &Summary,
                                        const std::vector<Targets> &Reached,
                                        const std::vector<const Expr *> &Given, State &S) {
  QualType T = CE->getCallReturnType(F.Ctx);
  if (!T->isPointerType() && !T->isReferenceType())
    return;
  // Into the argument's memory at the place the callee named (`get<1>(t)`: t's field), which
  // is where that argument is (`arr[tid % 4].self()`).
  Targets Into;
  Uniformity Place = Summary.ReturnedPlace;
  for (const ReturnPlace &P : Summary.ReturnsInto)
    if (P.Arg < Reached.size()) {
      Into.add(Reached[P.Arg].member(P.Path));
      if (P.Arg < Given.size() && Given[P.Arg])
        Place = join(Place, Eval.placeClass(Given[P.Arg], S));
    } else {
      Into.Any = true;
    }
  if (Summary.ReturnsAnywhere && givesPrivateMemory(Reached, Given))
    Into.Any = true;
  M.noteCallReturn(CE, std::move(Into), Place);
}

std::optional<Memory::ClosureParts> CallEvaluator::closureParts(const Expr *Arg) const {
  if (!Arg)
    return std::nullopt;
  QualType T = Arg->getType()->isPointerType() ? Arg->getType()->getPointeeType() : Arg->getType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->isLambda())
    return std::nullopt;
  Memory::ClosureParts P;
  P.Own = Arg->getType()->isPointerType() ? M.pointerTargets(Arg)
          : Arg->isGLValue()              ? M.lvalueTargets(Arg)
                                          : Targets();
  P.Captures = M.closureCaptures(T, Arg);
  return P;
}

ClosureArguments CallEvaluator::closureArguments(const std::vector<const Expr *> &Given) const {
  ClosureArguments Out;
  Out.reserve(Given.size());
  for (const Expr *Arg : Given)
    Out.push_back(closureParts(Arg));
  return Out;
}

std::optional<Memory::ClosureParts>
CallEvaluator::closureAt(unsigned I, const std::vector<const Expr *> &Given,
                         const ClosureArguments *Closures) const {
  if (Closures)
    return I < Closures->size() ? (*Closures)[I] : std::nullopt;
  return closureParts(I < Given.size() ? Given[I] : nullptr);
}

Targets CallEvaluator::argumentTarget(const Expr *Arg, QualType ParamTy) const {
  Targets T;
  if (ParamTy->isReferenceType())
    T = M.lvalueTargets(Arg);
  else if (ParamTy->isPointerType() || Arg->getType()->isPointerType() ||
           Arg->getType()->isArrayType())
    T = M.pointerTargets(Arg);
  T.add(M.closureTargets(Arg->getType(), Arg));
  return T;
}

std::vector<Targets> CallEvaluator::argumentTargets(const CallExpr *CE,
                                                    const FunctionDecl *Callee) const {
  // In the callee's order: `this` first for a member call (an operator's object is already
  // its first argument).
  std::vector<Targets> Out;
  auto ObjectTargets = [&](const Expr *Obj) {
    Targets T = Obj->getType()->isPointerType() ? M.pointerTargets(Obj) : M.lvalueTargets(Obj);
    T.add(M.closureTargets(Obj->getType()->isPointerType() ? Obj->getType()->getPointeeType()
                                                           : Obj->getType(),
                           Obj));
    return T;
  };
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE);
  if (MCE) {
    const Expr *Obj = MCE->getImplicitObjectArgument();
    Out.push_back(Obj ? ObjectTargets(Obj) : Targets());
  }
  bool OperatorMethod = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee);
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *Arg = CE->getArg(I);
    if (OperatorMethod && I == 0) {
      Out.push_back(ObjectTargets(Arg));
      continue;
    }
    unsigned PI = OperatorMethod ? I - 1 : I;
    Out.push_back(argumentTarget(Arg, PI < Callee->getNumParams()
                                          ? Callee->getParamDecl(PI)->getType()
                                          : Arg->getType()));
  }
  return Out;
}

PrivateReach CallEvaluator::reachOf(const CallExpr *CE, const std::vector<Targets> &Reached,
                                    const std::vector<SymRef> &Args,
                                    const std::vector<const Expr *> &Given, State &S,
                                    const ClosureArguments &Closures) const {
  // A reference bound to a temporary (`f(a + b)`, a closure made at the call): the caller's
  // private memory too, holding that value.
  std::vector<char> ByRefTemporary(Reached.size(), 0);
  const FunctionDecl *Callee = CE->getDirectCallee();
  bool OperatorMethod = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee);
  unsigned Shift = isa<CXXMemberCallExpr>(CE) ? 1 : 0;
  // The object of a member call on a prvalue (`make().get()`) is a temporary too; the object
  // expression of `p->get()` is the pointer, not a temporary.
  const Expr *Object = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
    if (const Expr *Obj = MCE->getImplicitObjectArgument(); Obj && !Obj->getType()->isPointerType())
      Object = Obj;
  for (unsigned I = 0; I < Reached.size(); ++I) {
    bool IsObject = (Shift && I == 0) || (OperatorMethod && I == 0);
    const Expr *Arg = I >= Shift && I - Shift < CE->getNumArgs() ? CE->getArg(I - Shift)
                      : Shift && I == 0                          ? Object
                                                                 : nullptr;
    unsigned PI = OperatorMethod ? I - 1 : I - Shift;
    bool ByRef = IsObject || (Arg && PI < Callee->getNumParams() &&
                              Callee->getParamDecl(PI)->getType()->isReferenceType());
    ByRefTemporary[I] = ByRef && Arg && !Arg->IgnoreParenImpCasts()->isGLValue();
  }
  return reachOf(Reached, ByRefTemporary, Args, Given, S, Closures);
}

PrivateReach CallEvaluator::reachOf(const std::vector<Targets> &Reached,
                                    const std::vector<char> &ByRefTemporary,
                                    const std::vector<SymRef> &Args,
                                    const std::vector<const Expr *> &Given, State &S,
                                    const ClosureArguments &Closures) const {
  PrivateReach R;
  R.Contents.resize(Reached.size());
  R.Group.resize(Reached.size());
  R.Immutable.resize(Reached.size());
  R.Hidden.resize(Reached.size());
  R.Place.resize(Reached.size(), Uniformity::LaneVarying);
  for (unsigned I = 0; I < Reached.size(); ++I) {
    R.Group[I] = I;
    const Targets &T = Reached[I];
    auto ConstVariable = [&](const AccessPath &P) {
      return M.isConstObject(MemObject(P.front(), false));
    };
    R.Immutable[I] = !(T.Objects.empty() && T.Paths.empty()) && T.Params.empty() && !T.Any &&
                     llvm::all_of(T.Objects,
                                  [&](const ObjectRef &O) { return M.isConstObject(O.Object); }) &&
                     llvm::all_of(T.Paths, ConstVariable);
    R.Hidden[I] = !T.empty() && !T.Any && T.Params.empty() &&
                  llvm::none_of(T.Objects, [&](const ObjectRef &O) { return M.isExposed(O.Object); });
    if (auto Closure = closureAt(I, Given, &Closures); Closure && !T.empty())
      R.Contents[I] = M.closureContents(*Closure, S); // capture by capture
    else if (!T.empty())
      R.Contents[I] = M.contentsOf(T, S);
    else if (ByRefTemporary[I] && I < Args.size())
      R.Contents[I] = Memory::contentsOfValue(Args[I]);
    if (R.Contents[I])
      R.Place[I] = ByRefTemporary[I]       ? Uniformity::BlockUniform // the thread's own
                   : I < Given.size() && Given[I] ? Eval.placeClass(Given[I], S)
                                                  : Uniformity::LaneVarying;
  }
  // Arguments that may reach the same memory are one group (the lowest index of them).
  for (unsigned I = 0; I < Reached.size(); ++I)
    for (unsigned J = 0; J < I; ++J)
      if (Reached[I].overlaps(Reached[J])) {
        unsigned G = R.Group[J];
        for (unsigned K = 0; K <= I; ++K)
          if (R.Group[K] == R.Group[I])
            R.Group[K] = G;
      }
  return R;
}

namespace {
/// Whether memory of type \p T may hold a pointer or a reference (to private memory, for all
/// we know).
bool mayHoldPointers(QualType T, unsigned Depth = 0) {
  T = T.getNonReferenceType().getCanonicalType();
  if (Depth > 6 || T->isPointerType() || T->isReferenceType() || T->isDependentType())
    return true;
  if (const auto *AT = T->getAsArrayTypeUnsafe())
    return mayHoldPointers(AT->getElementType(), Depth + 1);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return T->isRecordType(); // a C struct: look no further
  if (!RD->hasDefinition())
    return true;
  for (const FieldDecl *FD : RD->fields())
    if (mayHoldPointers(FD->getType(), Depth + 1))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (mayHoldPointers(B.getType(), Depth + 1))
      return true;
  return false;
}
} // namespace

bool CallEvaluator::givesPrivateMemory(const std::vector<Targets> &Reached,
                                       const std::vector<const Expr *> &Given) {
  for (unsigned I = 0; I < Reached.size(); ++I) {
    if (!Reached[I].empty())
      return true;
    if (I < Given.size() && Given[I] && Given[I]->getType()->isRecordType() &&
        mayHoldPointers(Given[I]->getType()))
      return true;
  }
  return false;
}

bool writableThrough(QualType Pointee) {
  if (!Pointee.isConstQualified())
    return true;
  const auto *RD = Pointee->getAsCXXRecordDecl();
  return RD && (!RD->hasDefinition() || RD->hasMutableFields());
}

/// Whether a callee may store through its argument \p Index (`this` first for methods): a
/// pointer or reference to writable memory, or an argument by value (a closure may hold
/// references).
static bool mayStoreThroughArgument(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee)
    return true;
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
  bool HasThis = MD && MD->isInstance();
  if (HasThis && Index == 0)
    return !MD->isConst() || writableThrough(MD->getThisType()->getPointeeType());
  unsigned P = Index - (HasThis ? 1 : 0);
  if (P >= Callee->getNumParams())
    return true; // variadic
  QualType T = Callee->getParamDecl(P)->getType();
  if (T->isReferenceType() || T->isPointerType())
    return writableThrough(T->getPointeeType());
  return true;
}

std::vector<std::optional<ObjectContents>> unknownStoredThrough(const FunctionDecl *Callee,
                                                                size_t NumArgs) {
  std::vector<std::optional<ObjectContents>> Stored(NumArgs);
  for (unsigned I = 0; I < NumArgs; ++I)
    if (mayStoreThroughArgument(Callee, I))
      Stored[I] = ObjectContents::of(Uniformity::LaneVarying);
  return Stored;
}

CallSummary CallEvaluator::unknownEffects(const FunctionDecl *Callee,
                                          const std::vector<Targets> &Reached,
                                          const std::vector<const Expr *> &Given) const {
  CallSummary Summary;
  F.ReliesOnUnseen = true;
  if (F.Opts.UnseenIsUniform) // the witness analysis: it stores nothing that differs
    return Summary;
  Summary.StoredThrough = unknownStoredThrough(Callee, Reached.size());
  for (unsigned I = 0; I < Reached.size() && I < Given.size(); ++I) {
    if (Reached[I].empty() || !Given[I])
      continue;
    QualType T = Given[I]->getType();
    if (T->isPointerType())
      T = T->getPointeeType();
    else if (const auto *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType();
    if (mayHoldPointers(T))
      Summary.StoredAnywhere = Uniformity::LaneVarying;
  }
  return Summary;
}

void CallEvaluator::applyStoresThroughArguments(const CallSummary &Summary,
                                                const std::vector<Targets> &Reached,
                                                const std::vector<const Expr *> &Given,
                                                State &S, const ClosureArguments *Closures) {
  // A call under divergent control stores in some lanes only.
  Uniformity Control =
      F.CurrentBlock ? F.controlClass(F.CurrentBlock) : Uniformity::BlockUniform;
  const auto &Stored = Summary.StoredThrough;
  for (unsigned I = 0; I < Stored.size() && I < Reached.size(); ++I)
    if (Stored[I]) {
      auto Closure = closureAt(I, Given, Closures);
      // The callee stored into the object it was given; which one, lanes may pick apart
      // (`arr[tid % 4].set()`, `f(arr[tid % 4])` with `S &`): its place joins in.
      const Expr *Arg = I < Given.size() ? Given[I] : nullptr;
      Uniformity Place = Arg ? Eval.placeClass(Arg, S) : Uniformity::BlockUniform;
      M.storeContents(M.writable(Reached[I]), *Stored[I], join(Control, Place), S,
                      Closure ? &*Closure : nullptr);
    }
  // Through pointers the callee loaded: wherever a pointer of unknown origin may point, when
  // it was given private memory (a pointer to it, or an object by value that may hold one).
  if (Summary.StoredAnywhere && givesPrivateMemory(Reached, Given)) {
    Targets Anywhere;
    Anywhere.Any = true;
    M.store(Anywhere, join(*Summary.StoredAnywhere, Control), S);
  }
}

SymRef CallEvaluator::evalIntrinsic(const CallExpr *CE, const IntrinsicInfo &Info, State &S,
                                    unsigned D) {
  std::vector<SymRef> Args;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I)
    Args.push_back(Eval.eval(CE->getArg(I), S, D + 1));
  Uniformity ArgClass = Uniformity::BlockUniform;
  bool ArgData = false;
  for (const SymRef &A : Args) {
    ArgClass = join(ArgClass, A->Class);
    ArgData |= A->DataDependent;
  }
  std::string Label = F.textOf(CE);
  switch (Info.Kind) {
  case IntrinsicKind::Pure:
    return F.withOrigin(sym::joinLeaf(F.idFor(CE), Args, Label), CE);
  case IntrinsicKind::LaneId:
    return sym::binary(SymOp::Rem, sym::linearThreadId(),
                       sym::constant(F.Opts.WarpSize, {32, false}), {32, false});
  case IntrinsicKind::WarpVote:
    return F.leafFor(CE, ArgClass == Uniformity::BlockUniform ? ArgClass : Uniformity::WarpUniform,
                   ArgData, Label);
  case IntrinsicKind::Shuffle: {
    Uniformity Src = Info.OperandArg >= 0 && unsigned(Info.OperandArg) < Args.size()
                         ? Args[Info.OperandArg]->Class
                         : Uniformity::LaneVarying;
    int64_t Width = F.Opts.WarpSize;
    if (Args.size() > 3 && !isConst(Args[3], &Width))
      Width = 0;
    if (Src == Uniformity::LaneVarying || Width < int64_t(F.Opts.WarpSize))
      return F.leafFor(CE, Uniformity::LaneVarying, true, Label);
    Uniformity Val = Args.size() > 1 ? Args[1]->Class : Uniformity::LaneVarying;
    return F.leafFor(CE, join(Src, Val) == Uniformity::BlockUniform ? Uniformity::BlockUniform
                                                                 : Uniformity::WarpUniform,
                   ArgData, Label);
  }
  case IntrinsicKind::ShuffleRelative: {
    Uniformity Val = Args.size() > 1 ? Args[1]->Class : Uniformity::LaneVarying;
    return F.leafFor(CE, Val, true, Label);
  }
  case IntrinsicKind::Varying:
  case IntrinsicKind::Atomic:
    return F.leafFor(CE, Uniformity::LaneVarying, true, Label);
  case IntrinsicKind::Barrier:
  case IntrinsicKind::WarpSync:
    return F.leafFor(CE, Uniformity::BlockUniform, ArgData, Label);
  case IntrinsicKind::Load: {
    Uniformity Ptr = Info.OperandArg >= 0 && unsigned(Info.OperandArg) < Args.size()
                         ? Args[Info.OperandArg]->Class
                         : Uniformity::LaneVarying;
    return F.leafFor(CE, Ptr, true, "load " + Label);
  }
  }
  return F.leafFor(CE, Uniformity::LaneVarying, true, Label);
}
} // namespace divlint
