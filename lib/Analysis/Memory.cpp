//===- Memory.cpp - tracked locals and private memory ---------------------===//
//
// The data flow tracks locals field by field (`s.a.b` is its own access path). Private memory
// it cannot follow value by value is a MemObject with one flow-insensitive class, which every
// store that may reach it joins into (DESIGN §6.2): a local whose address escapes (address
// taken, bound to a mutable reference, passed by mutable reference, captured by reference),
// every local array, what a pointer or reference parameter reaches in the caller's private
// memory (the caller says what it holds: PrivateReach), a lambda's captures. What a pointer
// may point to is PrivateTargets.cpp's. FunctionAnalysis reruns the data flow while classes
// grow.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

namespace {

bool isPrefix(const AccessPath &Prefix, const AccessPath &Path) {
  return Prefix.size() <= Path.size() && std::equal(Prefix.begin(), Prefix.end(), Path.begin());
}

/// Locals that must be treated as memory (address taken, bound to a mutable reference,
/// captured by reference, arrays), the ones a pointer may reach, the variables a lambda
/// captured, and what each pointer variable is assigned.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  explicit EscapeFinder(const FunctionState &F) : F(F) {}
  llvm::DenseSet<const VarDecl *> Escaped, Exposed, Captured;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Assigned;

  bool shouldVisitImplicitCode() const { return true; }
  void escape(const VarDecl *VD) {
    if (VD && !VD->getType()->isReferenceType()) {
      Escaped.insert(VD);
      Exposed.insert(VD);
    }
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasLocalStorage() && VD->getType()->isArrayType())
      Escaped.insert(VD);
    if (VD->getType()->isReferenceType() && VD->getInit())
      if (!VD->getType().getNonReferenceType().isConstQualified())
        escape(rootLocal(VD->getInit()));
    if (VD->hasLocalStorage() && VD->getType()->isPointerType() && VD->getInit())
      Assigned[VD].push_back(VD->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign && BO->getLHS()->getType()->isPointerType())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->hasLocalStorage())
          Assigned[VD].push_back(BO->getRHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      escape(rootLocal(UO->getSubExpr()));
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
      if (VD->hasLocalStorage() && !F.isOwnLocal(VD))
        Captured.insert(VD);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(FD) ? 1 : 0;
    escapeMutableReferenceArguments(FD, CE->getArgs(), CE->getNumArgs(), Shift);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    escapeMutableReferenceArguments(CE->getConstructor(), CE->getArgs(), CE->getNumArgs(), 0);
    return true;
  }
  /// A local bound to a callee's mutable reference parameter: the callee may keep its address.
  void escapeMutableReferenceArguments(const FunctionDecl *FD, const Expr *const *Args,
                                       unsigned NumArgs, unsigned Shift) {
    for (unsigned I = 0; I < NumArgs; ++I) {
      QualType ParamTy;
      if (FD && I >= Shift && I - Shift < FD->getNumParams())
        ParamTy = FD->getParamDecl(I - Shift)->getType();
      bool ByMutableRef = ParamTy.isNull()
                              ? false
                              : ParamTy->isReferenceType() &&
                                    !ParamTy.getNonReferenceType().isConstQualified();
      if (ByMutableRef)
        escape(rootLocal(Args[I]));
    }
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          escape(VD);
    return true;
  }
  /// Types and names take no address and bind no reference (parameters, reached through the
  /// function's type, are not locals whose address can escape before the body runs).
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  bool TraverseType(QualType, bool = true) { return true; }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc) { return true; }

private:
  const FunctionState &F;
  llvm::DenseSet<const Expr *> SubscriptBases;
};

} // namespace

const VarDecl *rootLocal(const Expr *E) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  while (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
    if (ME->isArrow())
      return nullptr;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(E))
    return rootLocal(ASE->getBase());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage())
        return VD;
  return nullptr;
}

void Memory::findEscapes() {
  // What the body does with addresses depends on the function alone: found once, in the first
  // context the function is analyzed in.
  std::unique_ptr<FunctionStructure::EscapeFacts> Own;
  const FunctionStructure::EscapeFacts *Facts = F.Structure ? F.Structure->Escapes.get() : nullptr;
  if (!Facts) {
    EscapeFinder Finder(F);
    Finder.TraverseDecl(const_cast<FunctionDecl *>(F.FD));
    Own = std::make_unique<FunctionStructure::EscapeFacts>();
    Own->Escaped = std::move(Finder.Escaped);
    Own->Exposed = std::move(Finder.Exposed);
    Own->Assigned = std::move(Finder.Assigned);
    Own->Captured = std::move(Finder.Captured);
    Facts = Own.get();
    if (F.Structure)
      F.Structure->Escapes = std::move(Own);
  }
  Escaped = Facts->Escaped;
  Assigned = Facts->Assigned;
  const auto *Method = dyn_cast<CXXMethodDecl>(F.FD);
  bool HasThis = Method && Method->isInstance();
  StoredThrough.assign(F.FD->getNumParams() + (HasThis ? 1 : 0), std::nullopt);
  for (const VarDecl *VD : Facts->Exposed)
    if (Escaped.count(VD))
      Exposed.push_back({VD, false});
  // What the caller's arguments reach: `this` and the pointer and reference parameters.
  auto Reached = [&](unsigned Index) -> std::optional<Uniformity> {
    return Index < F.Reach.Contents.size() ? F.Reach.Contents[Index] : std::nullopt;
  };
  if (HasThis)
    if (auto C = Reached(0)) {
      Pointees[F.FD] = 0;
      ObjectClass[{F.FD, true}] = *C;
      Exposed.push_back({F.FD, true});
    }
  for (const ParmVarDecl *P : F.FD->parameters()) {
    unsigned Index = P->getFunctionScopeIndex() + (HasThis ? 1 : 0);
    if (!P->getType()->isPointerType() && !P->getType()->isReferenceType())
      continue;
    if (auto C = Reached(Index)) {
      Pointees[P] = Index;
      ObjectClass[{P, true}] = *C;
      Exposed.push_back({P, true});
    }
  }
  // A lambda's captures live in its closure object (`this`): they hold what the closure was
  // made with, or what the enclosing function stores into them by reference since.
  if (Method && Method->getParent()->isLambda()) {
    Uniformity Entry = F.ParamValues.empty() || !F.ParamValues.front()
                           ? Uniformity::LaneVarying
                           : F.ParamValues.front()->Class;
    if (auto C = Reached(0))
      Entry = join(Entry, *C);
    for (const VarDecl *VD : Facts->Captured) {
      Captured.insert(VD);
      Escaped.insert(VD);
      ObjectClass[{VD, false}] = Entry;
      Exposed.push_back({VD, false});
    }
  }
}

//===----------------------------------------------------------------------===//
// Tracked locals
//===----------------------------------------------------------------------===//

std::optional<AccessPath> Memory::pathOf(const Expr *E) const {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  if (!E)
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->hasLocalStorage() || Escaped.count(VD) || VD->getType()->isReferenceType())
      return std::nullopt;
    if (!F.isOwnLocal(VD))
      return std::nullopt; // a lambda capture: not ours to track
    return AccessPath{VD};
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return std::nullopt;
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!Field)
      return std::nullopt;
    auto Base = pathOf(ME->getBase());
    if (!Base)
      return std::nullopt;
    Base->push_back(Field);
    return Base;
  }
  return std::nullopt;
}

SymRef Memory::structValue(const AccessPath &Path, const State &S) const {
  std::vector<SymRef> Parts;
  for (auto It = S.lower_bound(Path); It != S.end() && isPrefix(Path, It->first); ++It)
    Parts.push_back(It->second);
  if (Parts.size() == 1 && Parts.front() && S.count(Path))
    return Parts.front();
  return sym::joinLeaf(llvm::hash_combine(F.idFor(nullptr, F.pathHash(Path)), 0x5), Parts,
                       F.pathName(Path));
}

SymRef Memory::read(const AccessPath &Path, const State &S, const Expr *Where) const {
  auto It = S.find(Path);
  if (It != S.end()) {
    // A whole struct with fields written since (`Pt p; p.x = tid;`): what it holds is the join
    // of the whole and those fields (`Pt q = p;` copies them).
    auto Next = std::next(It);
    if (Next != S.end() && isPrefix(Path, Next->first))
      return structValue(Path, S);
    return It->second;
  }
  // A field of a struct whose whole value is known: a component of a dim3, else its class.
  for (size_t Len = Path.size() - 1; Len >= 1; --Len) {
    AccessPath Prefix(Path.begin(), Path.begin() + Len);
    auto PIt = S.find(Prefix);
    if (PIt == S.end())
      continue;
    const SymRef &Whole = PIt->second;
    if (Whole && Whole->Kind == SymKind::Dim3 && Len + 1 == Path.size()) {
      if (auto Comp = componentIndex(Path.back()->getName()))
        return *Comp == 0 ? Whole->A : *Comp == 1 ? Whole->B : Whole->C;
    }
    return sym::opaque(llvm::hash_combine(Whole->Hash, F.pathHash(Path)), Whole->Class,
                       Whole->DataDependent, F.pathName(Path),
                       Where ? intTypeOf(Where->getType(), F.Ctx) : IntType{});
  }
  // Nothing known about any part of it: a struct of fields we track, or uninitialized.
  bool AnyField = false;
  for (auto FIt = S.lower_bound(Path); FIt != S.end() && isPrefix(Path, FIt->first); ++FIt)
    AnyField = true;
  if (AnyField)
    return structValue(Path, S);
  return sym::opaque(F.idFor(Path.front(), F.pathHash(Path)), Uniformity::BlockUniform, false,
                     F.pathName(Path) + " (uninitialized)",
                     Where ? intTypeOf(Where->getType(), F.Ctx) : IntType{});
}

void Memory::write(const AccessPath &Path, SymRef V, State &S) const {
  for (auto It = S.lower_bound(Path); It != S.end() && isPrefix(Path, It->first);)
    It = S.erase(It);
  // Writing a field of a struct known only as a whole: split the whole into its other fields'
  // class by keeping the whole entry (reads of other fields still see it).
  S[Path] = std::move(V);
}

//===----------------------------------------------------------------------===//
// Private memory objects
//===----------------------------------------------------------------------===//

Uniformity Memory::objectClass(MemObject O) const {
  Readers[O].insert(F.CurrentBlock);
  auto It = ObjectClass.find(O);
  return It == ObjectClass.end() ? Uniformity::BlockUniform : It->second;
}

void Memory::noteEntryValue(const VarDecl *VD, Uniformity C) {
  Uniformity &Old = ObjectClass[{VD, false}];
  Old = join(Old, C);
}

void Memory::noteObjectStore(MemObject O, Uniformity C) {
  Uniformity &Old = ObjectClass[O];
  if (join(Old, C) == Old)
    return;
  Old = join(Old, C);
  auto Read = Readers.find(O);
  if (Read != Readers.end())
    for (const CFGBlock *B : Read->second) {
      if (B)
        StaleReaders.push_back(B);
      else
        Changed = true;
    }
}

void Memory::storeObject(MemObject O, Uniformity C) {
  noteObjectStore(O, C);
  // What the caller's memory it lies in: the out-parameter, and the arguments that may alias.
  std::optional<unsigned> Index;
  if (O.getInt())
    Index = Pointees.lookup(O.getPointer());
  else if (Captured.count(cast<VarDecl>(O.getPointer())))
    Index = 0; // a capture: the closure object, `this`
  if (!Index)
    return;
  noteParameterStore(*Index, C);
  const auto &Groups = F.Reach.Group;
  if (*Index >= Groups.size())
    return;
  for (const MemObject &Other : Exposed) {
    std::optional<unsigned> J;
    if (Other.getInt())
      J = Pointees.lookup(Other.getPointer());
    else if (Captured.count(cast<VarDecl>(Other.getPointer())))
      J = 0;
    if (J && *J < Groups.size() && Groups[*J] == Groups[*Index] && Other != O)
      noteObjectStore(Other, C);
  }
}

void Memory::store(const Targets &T, Uniformity C, State &S) {
  for (const MemObject &O : T.Objects)
    storeObject(O, C);
  for (const AccessPath &Path : T.Paths) {
    SymRef Old = structValue(Path, S);
    if (join(Old->Class, C) != Old->Class)
      write(Path, sym::opaque(llvm::hash_combine(F.idFor(nullptr, F.pathHash(Path)), 0x057),
                              join(Old->Class, C), true, F.pathName(Path), Old->Ty),
            S);
  }
  for (unsigned Index : T.Params)
    noteParameterStore(Index, C);
  if (T.Any) {
    for (const MemObject &O : llvm::SmallVector<MemObject, 8>(Exposed))
      storeObject(O, C);
    StoredAnywhere = StoredAnywhere ? join(*StoredAnywhere, C) : C;
  }
}

void Memory::noteUntrackedStore(const Expr *Bare, Uniformity C, State &S) {
  store(lvalueTargets(Bare), C, S);
}

void Memory::noteCallArguments(const CallExpr *CE, const FunctionDecl *Callee, Uniformity C,
                               State &S) {
  bool HasBody = Callee && Callee->getDefinition() && Callee->getDefinition()->hasBody();
  if (HasBody)
    return; // its summary says what it stores (CallSummary::StoredThrough)
  unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *Arg = CE->getArg(I);
    QualType PT = Callee && I >= Shift && I - Shift < Callee->getNumParams()
                      ? Callee->getParamDecl(I - Shift)->getType()
                      : Arg->getType();
    if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
      store(lvalueTargets(Arg), C, S);
    else if (PT->isPointerType() && !PT->getPointeeType().isConstQualified())
      store(pointerTargets(Arg), C, S);
  }
}

void Memory::giveUp() {
  for (auto &[O, C] : ObjectClass)
    C = Uniformity::LaneVarying;
  for (const VarDecl *VD : Escaped)
    ObjectClass[{VD, false}] = Uniformity::LaneVarying;
}

//===----------------------------------------------------------------------===//
// Out-parameters
//===----------------------------------------------------------------------===//

std::optional<unsigned> Memory::argumentIndex(const ParmVarDecl *P) const {
  const auto *MD = dyn_cast<CXXMethodDecl>(F.FD);
  unsigned Shift = MD && MD->isInstance() ? 1 : 0;
  if (P->getDeclContext() != F.FD)
    return std::nullopt;
  return P->getFunctionScopeIndex() + Shift;
}

void Memory::noteParameterStore(unsigned Index, Uniformity C) {
  if (Index >= StoredThrough.size())
    return;
  StoredThrough[Index] = StoredThrough[Index] ? join(*StoredThrough[Index], C) : C;
}

} // namespace divlint
