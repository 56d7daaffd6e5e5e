//===- StatementTransfer.cpp - what a statement does to the state --------===//
//
// clang's CFG (with every statement added as its own element) lists the assignments,
// increments and calls of an expression in evaluation order, so each is applied here once, in
// order; ExprEvaluator only reads. A write to a tracked local replaces its value; a write to
// anything else is a store to memory (Memory.cpp), as uniform as the value, the index and the
// control it happens under.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"
#include "IdentityCalls.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace divlint {

void StatementTransfer::transfer(const Stmt *St, const CFGBlock *B, State &S) {
  if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *Dcl : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(Dcl);
      if (!VD || !VD->hasLocalStorage())
        continue;
      // A scalar read before any store holds whatever its register held: lanes may differ
      // (indeterminate, DESIGN §6: never uniform unproved). Objects and arrays keep a uniform
      // placeholder: their members and elements are stored one by one, and a lane-varying
      // start would stay joined into every element (stores to them are weak).
      QualType T = VD->getType();
      bool Scalar = T->isScalarType() && !groupTypeOf(T);
      SymRef V = VD->getInit() ? Eval.eval(VD->getInit(), S)
                               : sym::opaque(F.idFor(VD),
                                             Scalar ? Uniformity::LaneVarying
                                                    : Uniformity::BlockUniform,
                                             false, VD->getNameAsString() + " (uninitialized)",
                                             intTypeOf(T, F.Ctx));
      if (M.isEscaped(VD)) {
        Targets Own;
        Own.Objects.push_back({{VD, false}, {}});
        M.storeValue(Own, V, F.controlClass(B), S);
        continue;
      }
      if (auto G = groupTypeOf(VD->getType()); G && V->Kind != SymKind::Group)
        V = sym::group(G->first, G->second);
      M.write(AccessPath{VD}, V, S);
    }
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
    if (!BO->isAssignmentOp())
      return;
    SymRef V;
    if (BO->getOpcode() == BO_Assign) {
      V = Eval.eval(BO->getRHS(), S);
    } else {
      auto Op = binaryOpFor(BO->getOpcode());
      const auto *CAO = cast<CompoundAssignOperator>(BO);
      IntType IT = intTypeOf(CAO->getComputationResultType(), F.Ctx);
      SymRef L = Eval.eval(BO->getLHS(), S), R = Eval.eval(BO->getRHS(), S);
      if (Op && isIntegerLike(BO->getType()) && isIntegerLike(BO->getRHS()->getType()))
        V = sym::unary(SymOp::Cast, sym::binary(*Op, sym::unary(SymOp::Cast, L, IT), R, IT),
                       intTypeOf(BO->getType(), F.Ctx));
      else
        V = sym::joinLeaf(F.idFor(BO), {L, R}, F.textOf(BO));
    }
    assign(BO->getLHS(), V, B, S);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
    if (!UO->isIncrementDecrementOp())
      return;
    SymRef Old = Eval.eval(UO->getSubExpr(), S);
    SymRef V = Old;
    if (isIntegerLike(UO->getType()))
      V = sym::binary(UO->isIncrementOp() ? SymOp::Add : SymOp::Sub, Old,
                      sym::constant(1, intTypeOf(UO->getType(), F.Ctx)),
                      intTypeOf(UO->getType(), F.Ctx));
    else
      V = sym::joinLeaf(F.idFor(UO), {Old}, F.textOf(UO));
    assign(UO->getSubExpr(), V, B, S);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(St)) {
    transferCall(CE, B, S);
    return;
  }
  // A constructor runs here, whether or not its object is read later (`S(out);`): its
  // branches see these arguments, and what it stores through them lands now.
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(St)) {
    if (!CCE->getConstructor()->isTrivial())
      Eval.eval(CCE, S);
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
    if (const Expr *Ret = RS->getRetValue()) {
      F.Returns.push_back({Eval.eval(Ret, S), B});
      // A pointer or reference: where it may point, for the callers (CallSummary::ReturnsInto).
      QualType T = F.FD->getReturnType();
      if (T->isReferenceType())
        M.noteReturnTargets(M.lvalueTargets(Ret), Eval.placeClass(Ret, S));
      else if (T->isPointerType())
        M.noteReturnTargets(M.pointerTargets(Ret), Eval.eval(Ret, S)->Class);
    }
    return;
  }
  if (const auto *Asm = dyn_cast<AsmStmt>(St)) {
    for (unsigned I = 0; I < Asm->getNumOutputs(); ++I) {
      const Expr *OutE = Asm->getOutputExpr(I);
      assign(OutE, F.leafFor(OutE, Uniformity::LaneVarying, true, "inline asm output"), B, S);
    }
  }
}

void StatementTransfer::transferInitializer(const CXXCtorInitializer *Init, const CFGBlock *B,
                                            State &S) {
  // A member, base or delegated-to constructor's initializer stores into the object under
  // construction (`this`); a base's or delegated-to constructor's value is what it stored.
  if (!Init->getInit())
    return;
  SymRef V = Eval.eval(Init->getInit(), S);
  // A member's initializer stores into that member; a base's or a delegated-to constructor's
  // into the object (a base's fields are its own FieldDecls: no step names them).
  Targets Into = M.thisTargets();
  if (const FieldDecl *Field = Init->getMember())
    Into = Into.member({Field});
  else if (Init->isIndirectMemberInitializer())
    for (const NamedDecl *Step : Init->getIndirectMember()->chain())
      Into = Into.member({cast<FieldDecl>(Step)});
  M.storeValue(Into, V, F.controlClass(B), S);
}

void StatementTransfer::transferCall(const CallExpr *CE, const CFGBlock *B, State &S) {
  if (identityCallArgument(CE)) // `std::move(x)` reads, stores and calls nothing
    return;
  const FunctionDecl *Callee = CE->getDirectCallee();
  // A call whose value nobody reads (`helper(out, k);`) is still analyzed in this context:
  // its branches see these arguments, not "no call site". So is a function object's call with
  // a body: a lambda's `f(i)`, and a functor's (`Operator op; op(params, shared_storage);`,
  // how CUTLASS's `Kernel<Operator>` runs its GEMM). Assignments are applied below.
  // (A lambda's call is its `operator()` too.)
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE);
  bool FunctionObjectCall =
      Op && Op->getOperator() == OO_Call && isa_and_nonnull<CXXMethodDecl>(Callee);
  if (Callee && Callee->getDefinition() && (!Op || FunctionObjectCall))
    Eval.eval(CE, S);
  else if (memoryBuiltinOf(Callee)) { // a copy stores what its source holds (CallEvaluator)
    Eval.eval(CE, S);
    return;
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE);
      OCE && OCE->isAssignmentOp() && OCE->getNumArgs() == 2) {
    SymRef V = Eval.eval(OCE->getArg(1), S);
    if (OCE->getOperator() != OO_Equal)
      V = sym::joinLeaf(F.idFor(OCE), {Eval.eval(OCE->getArg(0), S), V}, F.textOf(OCE));
    assign(OCE->getArg(0), V, B, S);
    return;
  }
  // A non-const method on a tracked object may change it: keep its class at least as high
  // as the arguments'.
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    const auto *MD = MCE->getMethodDecl();
    const Expr *Obj = MCE->getImplicitObjectArgument();
    // (A method with a body says what it stores: its summary, applied field by field.)
    bool HasBody = MD && MD->getDefinition() && MD->getDefinition()->hasBody();
    if (MD && !MD->isConst() && !HasBody && Obj && !groupTypeOf(Obj->getType()))
      if (auto Path = M.pathOf(Obj)) {
        std::vector<SymRef> Parts{M.structValue(*Path, S)};
        for (const Expr *A : MCE->arguments())
          Parts.push_back(Eval.eval(A, S));
        M.write(*Path, sym::joinLeaf(F.idFor(MCE), Parts, F.pathName(*Path)), S);
      }
  }
  if (Callee) {
    // A callee without a body may store anything through what it is given; a pure math
    // intrinsic (`sincosf(x, &s, &c)`) stores what it computes from its arguments.
    Uniformity Stored = Uniformity::LaneVarying;
    if (auto Info = Callee->getIdentifier() ? lookupIntrinsic(Callee->getName()) : std::nullopt;
        Info && Info->Kind == IntrinsicKind::Pure) {
      Stored = Uniformity::BlockUniform;
      for (const Expr *A : CE->arguments())
        if (!A->getType()->isPointerType())
          Stored = join(Stored, Eval.eval(A, S)->Class);
    }
    M.noteCallArguments(CE, Callee, join(Stored, F.controlClass(B)), S);
    Barriers.noteCall(CE, Callee, B, S);
  } else {
    M.noteCallArguments(CE, nullptr, Uniformity::LaneVarying, S); // through a function pointer
  }
}

void StatementTransfer::assign(const Expr *LHS, SymRef V, const CFGBlock *B, State &S) {
  if (auto Path = M.pathOf(LHS))
    M.write(*Path, V, S);
  else
    storeToMemory(LHS, V, B, S);
}

void StatementTransfer::storeToMemory(const Expr *LHS, const SymRef &V, const CFGBlock *B,
                                      State &S) {
  const Expr *Bare = LHS->IgnoreParenImpCasts();
  Uniformity C = F.controlClass(B);
  // A reference a call returns (`t(i) = v`, `mask[i] = m` on an array class): the call,
  // analyzed first, says where it points (its summary's ReturnsInto).
  if (isa<CallExpr>(Bare))
    Eval.eval(Bare, S);
  M.storeValue(M.lvalueTargets(Bare), V, join(C, Eval.placeClass(Bare, S)), S);
}

/// The tracked locals a call may store into: those it is given by reference or by address
/// (`step(st)` with `S &`, `init(&s)`, an array), except through `const T &`.
static void collectCallArguments(const Memory &M, const Stmt *St, std::set<AccessPath> &Into) {
  llvm::ArrayRef<const Expr *> Args;
  const FunctionDecl *Callee = nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(St)) {
    Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    Callee = CE->getDirectCallee();
  } else if (const auto *CCE = dyn_cast<CXXConstructExpr>(St)) {
    Args = llvm::ArrayRef(CCE->getArgs(), CCE->getNumArgs());
    Callee = CCE->getConstructor();
  } else {
    return;
  }
  // An operator that is a method has its object as argument 0, not a parameter.
  unsigned Shift = isa<CXXOperatorCallExpr>(St) && isa_and_nonnull<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *A = Args[I]->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(A); UO && UO->getOpcode() == UO_AddrOf)
      A = UO->getSubExpr();
    else if (!A->isGLValue())
      continue; // by value
    if (Callee && I >= Shift && I - Shift < Callee->getNumParams()) {
      QualType T = Callee->getParamDecl(I - Shift)->getType();
      if (!T->isReferenceType() && !T->isPointerType())
        continue; // copied
      if (!writableThrough(T->getPointeeType()))
        continue;
    }
    if (auto P = M.pathOf(A))
      Into.insert(*P);
  }
}

void collectAssigned(const Memory &M, const CFGBlock *B, std::set<AccessPath> &Into) {
  for (const CFGElement &El : *B) {
    auto CS = El.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *St = CS->getStmt();
    collectCallArguments(M, St, Into);
    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *Dcl : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dcl))
          Into.insert(AccessPath{VD});
    } else if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      if (BO->isAssignmentOp())
        if (auto P = M.pathOf(BO->getLHS()))
          Into.insert(*P);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
      if (UO->isIncrementDecrementOp())
        if (auto P = M.pathOf(UO->getSubExpr()))
          Into.insert(*P);
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St)) {
      if (OCE->isAssignmentOp() && OCE->getNumArgs() > 0)
        if (auto P = M.pathOf(OCE->getArg(0)))
          Into.insert(*P);
    } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      if (const Expr *Obj = MCE->getImplicitObjectArgument())
        if (auto P = M.pathOf(Obj))
          Into.insert(*P);
    } else if (const auto *Asm = dyn_cast<AsmStmt>(St)) {
      for (unsigned I = 0; I < Asm->getNumOutputs(); ++I)
        if (auto P = M.pathOf(Asm->getOutputExpr(I)))
          Into.insert(*P);
    }
  }
}

void collectAssignedInWalk(
    const Memory &M, std::vector<const CFGBlock *> Work, std::set<const CFGBlock *> Seen,
    llvm::function_ref<void(const CFGBlock *, std::vector<const CFGBlock *> &)> Next,
    std::set<AccessPath> &Into) {
  while (!Work.empty()) {
    const CFGBlock *X = Work.back();
    Work.pop_back();
    if (!Seen.insert(X).second)
      continue;
    collectAssigned(M, X, Into);
    Next(X, Work);
  }
}

} // namespace divlint
