//===- EscapeFacts.cpp - which locals are memory, and why ----------------===//
//
// What a function's body does with the addresses of its locals, found once per function
// (FunctionStructure::EscapeFacts): the locals that are memory rather than tracked values
// (address taken, bound to a mutable reference, captured by reference, arrays), the ones a
// pointer may reach, what each pointer variable is assigned, what is stored into. A by-reference
// capture makes a local memory, but no pointer of the function holds its address: a pointer
// captured by reference still points where its assignments say (a kernel's `out`, captured by
// `[&]`, is still the host's pointer).
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"
#include "IdentityCalls.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace divlint {

namespace {

/// Whether an object of type \p T has members that overlap: it is a union, or a record with a
/// union among its fields, bases or array elements (an anonymous one included), at any depth.
bool holdsUnion(QualType T, unsigned Depth = 0) {
  const auto *RD = T.getNonReferenceType()->getBaseElementTypeUnsafe()->getAsRecordDecl();
  if (!RD || Depth > 8)
    return false;
  if (RD->isUnion())
    return true;
  const RecordDecl *Def = RD->getDefinition();
  if (!Def)
    return false;
  for (const FieldDecl *FD : Def->fields())
    if (holdsUnion(FD->getType(), Depth + 1))
      return true;
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(Def))
    for (const CXXBaseSpecifier &B : CRD->bases())
      if (holdsUnion(B.getType(), Depth + 1))
        return true;
  return false;
}

/// Locals that must be treated as memory (address taken, bound to a mutable reference,
/// captured by reference, arrays), the ones a pointer may reach, the variables a lambda
/// captured, and what each pointer variable is assigned.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  /// \p MayKeepAddress(Callee, I): whether a callee with a body may keep the address of what
  /// its I-th parameter, a mutable reference, is bound to (null: every callee may).
  using AddressKept = llvm::function_ref<bool(const FunctionDecl *, unsigned)>;
  EscapeFinder(const FunctionDecl *FD, AddressKept MayKeepAddress = nullptr)
      : FD(FD), MayKeepAddress(MayKeepAddress) {}
  llvm::DenseSet<const VarDecl *> Escaped, Exposed, Captured, Written, AddressTaken;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Assigned;
  /// A store into \p LHS: into the local it is part of (rootLocal: a field, an element of an
  /// array member), not into what a pointer in it points to.
  void write(const Expr *LHS) {
    if (const VarDecl *VD = rootLocal(LHS))
      Written.insert(VD);
  }

  bool shouldVisitImplicitCode() const { return true; }
  void escape(const VarDecl *VD) {
    if (VD && !VD->getType()->isReferenceType())
      captureByReference(VD);
    if (VD)
      AddressTaken.insert(VD); // a reference's too: the address of what it refers to
  }
  /// A closure holds a reference to \p VD: memory, which a pointer of unknown origin may reach
  /// when the closure itself goes where we cannot follow it (a type-erased function object);
  /// but no pointer of ours holds its address.
  void captureByReference(const VarDecl *VD) {
    if (VD->getType()->isReferenceType())
      return; // what it refers to is what the closure reaches (a reference is no object)
    Escaped.insert(VD);
    Exposed.insert(VD);
  }
  /// Lambda bodies are walked as part of the function: what they store and assign is the
  /// function's too.
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    ++LambdaDepth;
    bool Ok = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    --LambdaDepth;
    return Ok;
  }
  bool VisitVarDecl(VarDecl *VD) {
    // Arrays, and objects with overlapping members: a union's members are one place, which
    // a value kept per field would split (`u.f = x; u.i` reads x's bits). As memory, a
    // member's store lands in the union as a whole (Targets::member).
    if (VD->hasLocalStorage() && (VD->getType()->isArrayType() || holdsUnion(VD->getType())))
      Escaped.insert(VD);
    if (VD->getType()->isReferenceType() && VD->getInit())
      if (!VD->getType().getNonReferenceType().isConstQualified())
        escape(rootLocal(VD->getInit()));
    if (VD->hasLocalStorage() && VD->getType()->isPointerType() && VD->getInit())
      Assigned[VD].push_back(VD->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      write(BO->getLHS());
    if (BO->getOpcode() == BO_Assign && BO->getLHS()->getType()->isPointerType())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->hasLocalStorage())
        {
          Assigned[VD].push_back(BO->getRHS());
          // Assigned in a lambda, through its capture, a value of the lambda's own (its
          // parameter, its local): not something this function's pointer analysis can follow.
          if (LambdaDepth && VD->getDeclContext() == FD)
            AddressTaken.insert(VD);
        }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      escape(rootLocal(UO->getSubExpr()));
    if (UO->isIncrementDecrementOp())
      write(UO->getSubExpr());
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    SubscriptBases.insert(ASE->getBase()->IgnoreParens());
    return true;
  }
  /// An array that decays other than to be subscripted: a pointer may now reach it.
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay && !SubscriptBases.count(ICE))
      escape(rootLocal(ICE->getSubExpr()));
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && !isLocalOf(VD, FD))
        Captured.insert(VD);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(FD) ? 1 : 0;
    escapeMutableReferenceArguments(FD, CE->getArgs(), CE->getNumArgs(), Shift);
    // An assigning operator, or any operator that is a non-const member (`p++`, `p[i]`
    // returning a reference), may store into its object.
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE); Op && Op->getNumArgs() > 0) {
      const auto *MD = dyn_cast_if_present<CXXMethodDecl>(FD);
      if (Op->isAssignmentOp() || (MD && MD->isInstance() && !MD->isConst()))
        write(Op->getArg(0));
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
      if (const auto *MD = MCE->getMethodDecl(); MD && !MD->isConst())
        write(MCE->getImplicitObjectArgument());
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *Asm) {
    for (unsigned I = 0; I < Asm->getNumOutputs(); ++I)
      write(Asm->getOutputExpr(I));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    escapeMutableReferenceArguments(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(), 0);
    return true;
  }
  /// A local bound to a callee's mutable reference parameter: the callee may keep its address,
  /// unless its body (with which it is analyzed in this context: what it stores through the
  /// reference comes back in its summary) takes that address nowhere.
  void escapeMutableReferenceArguments(const FunctionDecl *Callee, const Expr *const *Args,
                                       unsigned NumArgs, unsigned Shift) {
    for (unsigned I = 0; I < NumArgs; ++I) {
      QualType ParamTy;
      if (Callee && I >= Shift && I - Shift < Callee->getNumParams())
        ParamTy = Callee->getParamDecl(I - Shift)->getType();
      bool ByMutableRef = ParamTy.isNull()
                              ? false
                              : ParamTy->isReferenceType() &&
                                    !ParamTy.getNonReferenceType().isConstQualified();
      if (!ByMutableRef)
        continue;
      // (A pointer variable so bound stays memory: its targets are those of its assignments,
      // and the callee may assign it through the reference.)
      const FunctionDecl *Def = Callee->getDefinition();
      if (MayKeepAddress && Def && Def->hasBody() && !Args[I]->getType()->isPointerType() &&
          !MayKeepAddress(Def, I - Shift))
        write(Args[I]);
      else
        escape(rootLocal(Args[I]));
    }
  }
  /// A reference member bound to a local (`S s{x}`, a constructor's `: ref_(p)`): the object
  /// keeps its address.
  bool VisitInitListExpr(InitListExpr *ILE) {
    const RecordDecl *RD = ILE->getType()->getAsRecordDecl();
    if (!RD || ILE->isTransparent())
      return true;
    unsigned I = 0;
    for (const FieldDecl *Field : RD->fields()) {
      if (I >= ILE->getNumInits())
        break;
      const Expr *Init = ILE->getInit(I++);
      if (Field->getType()->isReferenceType() &&
          !Field->getType().getNonReferenceType().isConstQualified())
        escape(rootLocal(Init));
    }
    return true;
  }
  bool VisitCXXConstructorDecl(CXXConstructorDecl *Ctor) {
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (const FieldDecl *Field = Init->getMember();
          Field && Field->getType()->isReferenceType() &&
          !Field->getType().getNonReferenceType().isConstQualified())
        escape(rootLocal(Init->getInit()));
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
          captureByReference(VD);
          // A closure may outlive this function: a reference parameter it holds is kept.
          if (isa<ParmVarDecl>(VD) && VD->getType()->isReferenceType())
            AddressTaken.insert(VD);
        }
    return true;
  }
  /// Types and names take no address and bind no reference (parameters, reached through the
  /// function's type, are not locals whose address can escape before the body runs).
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  bool TraverseType(QualType, bool = true) { return true; }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc) { return true; }

private:
  const FunctionDecl *FD;
  AddressKept MayKeepAddress;
  llvm::DenseSet<const Expr *> SubscriptBases;
  unsigned LambdaDepth = 0;
};

} // namespace

const VarDecl *rootLocal(const Expr *E) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  if (const Expr *Named = identityCallArgument(E)) // `std::move(x)` names x
    return rootLocal(Named);
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->isArrow() ? nullptr : rootLocal(ME->getBase());
  // An element of an array the local holds is part of it; an element a pointer points to is
  // not (`&q[threadIdx.x].x` with a pointer q is the address of a global, one per lane; taken
  // for q's own address it was block-uniform, and loads through it too).
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(E)) {
    const auto *Decay = dyn_cast<ImplicitCastExpr>(ASE->getBase()->IgnoreParens());
    return Decay && Decay->getCastKind() == CK_ArrayToPointerDecay
               ? rootLocal(Decay->getSubExpr())
               : nullptr;
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage())
        return VD;
  return nullptr;
}

bool isLocalOf(const VarDecl *VD, const FunctionDecl *FD) {
  // A lambda's init-capture (`[&r = h]`) lives in its closure, not in any function's frame:
  // the lambda reads it as a capture, the enclosing function only evaluates its initializer.
  if (VD->isInitCapture())
    return false;
  for (const DeclContext *DC = VD->getDeclContext(); DC; DC = DC->getParent())
    if (DC == FD)
      return true;
  return false;
}

namespace {
/// Which parameters of a callee may keep the address of what they are bound to: its own
/// finder's AddressTaken, where a call that binds the reference to a mutable reference parameter
/// of a further callee asks the same of that callee (to a bounded depth; a call back into a
/// function still being looked at keeps it). Remembered per unit.
class KeptAddresses {
public:
  explicit KeptAddresses(FunctionStructures *Shared) : Shared(Shared) {}
  bool mayKeep(const FunctionDecl *Callee, unsigned I) {
    if (I >= Callee->getNumParams() || Open.size() >= MaxDepth || Open.count(Callee))
      return true;
    auto Find = [&]() {
      Open.insert(Callee);
      auto Next = [&](const FunctionDecl *Further, unsigned J) { return mayKeep(Further, J); };
      EscapeFinder Finder(Callee, Next); // (a function_ref: Next outlives it)
      Finder.TraverseDecl(const_cast<FunctionDecl *>(Callee));
      Open.erase(Callee);
      return std::move(Finder.AddressTaken);
    };
    if (!Shared && !Local.count(Callee)) {
      auto Found = Find(); // may ask of other functions first (and grow the map)
      Local[Callee] = std::move(Found);
    }
    const auto &Taken = Shared ? Shared->addressesKept(Callee, Find) : Local[Callee];
    return Taken.count(Callee->getParamDecl(I)) > 0;
  }

private:
  static constexpr unsigned MaxDepth = 16;
  FunctionStructures *Shared;
  llvm::DenseMap<const FunctionDecl *, llvm::DenseSet<const VarDecl *>> Local;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Open;
};
} // namespace

std::unique_ptr<FunctionStructure::EscapeFacts> findEscapeFacts(const FunctionState &F) {
  KeptAddresses Kept(F.Calls.structures());
  auto MayKeepAddress = [&](const FunctionDecl *Callee, unsigned I) { return Kept.mayKeep(Callee, I); };
  EscapeFinder Finder(F.FD, MayKeepAddress);
  Finder.TraverseDecl(const_cast<FunctionDecl *>(F.FD));
  auto Facts = std::make_unique<FunctionStructure::EscapeFacts>();
  Facts->Escaped = std::move(Finder.Escaped);
  Facts->Exposed = std::move(Finder.Exposed);
  Facts->Assigned = std::move(Finder.Assigned);
  Facts->Captured = std::move(Finder.Captured);
  Facts->Written = std::move(Finder.Written);
  Facts->AddressTaken = std::move(Finder.AddressTaken);
  // A lambda's captures that are its kernel's parameters, untouched there: what the host
  // launched the kernel with (a pointer to no thread's private memory).
  for (const VarDecl *VD : Facts->Captured) {
    const auto *P = dyn_cast<ParmVarDecl>(VD);
    const auto *Kernel = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
    if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>() || !Kernel->hasBody())
      continue;
    EscapeFinder InKernel(Kernel);
    InKernel.TraverseDecl(const_cast<FunctionDecl *>(Kernel));
    for (const VarDecl *Other : Facts->Captured)
      if (const auto *Q = dyn_cast<ParmVarDecl>(Other);
          Q && Q->getDeclContext() == Kernel && !InKernel.AddressTaken.count(Q) &&
          !InKernel.Written.count(Q) && !InKernel.Assigned.count(Q))
        Facts->HostCaptures.insert(Q);
    break; // the captures of a lambda are all of one kernel
  }
  return Facts;
}

} // namespace divlint
