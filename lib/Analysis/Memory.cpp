//===- Memory.cpp - tracked locals and memory ------------------------------===//
//
// The data flow tracks locals field by field (`s.a.b` is its own access path). A local whose
// address escapes (address taken, bound to a mutable reference, passed by mutable reference,
// captured by reference) and every local array is memory instead: one flow-insensitive class,
// which every store joins into. A store through a pointer or reference may alias any escaped
// local. FunctionAnalysis reruns the data flow while those classes grow.
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

/// Locals that must be treated as memory: address taken, bound to a reference, arrays.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  llvm::DenseSet<const VarDecl *> Escaped;

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasLocalStorage() && VD->getType()->isArrayType())
      Escaped.insert(VD);
    if (VD->getType()->isReferenceType() && VD->getInit())
      if (const VarDecl *Root = rootLocal(VD->getInit()))
        if (!VD->getType().getNonReferenceType().isConstQualified())
          Escaped.insert(Root);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *Root = rootLocal(UO->getSubExpr()))
        Escaped.insert(Root);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      QualType ParamTy;
      if (FD && I >= Shift && I - Shift < FD->getNumParams())
        ParamTy = FD->getParamDecl(I - Shift)->getType();
      bool ByMutableRef = ParamTy.isNull()
                              ? false
                              : ParamTy->isReferenceType() &&
                                    !ParamTy.getNonReferenceType().isConstQualified();
      if (ByMutableRef)
        if (const VarDecl *Root = rootLocal(CE->getArg(I)))
          Escaped.insert(Root);
    }
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          Escaped.insert(VD);
    return true;
  }
  /// Types and names take no address and bind no reference (parameters, reached through the
  /// function's type, are not locals whose address can escape before the body runs).
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  bool TraverseType(QualType, bool = true) { return true; }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc) { return true; }
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
  EscapeFinder Finder;
  Finder.TraverseDecl(const_cast<FunctionDecl *>(F.FD));
  Escaped = std::move(Finder.Escaped);
  for (const VarDecl *VD : Escaped)
    HasEscapedScalar |= !VD->getType()->isArrayType();
  const auto *Method = dyn_cast<CXXMethodDecl>(F.FD);
  StoredThrough.assign(F.FD->getNumParams() + (Method && Method->isInstance() ? 1 : 0),
                       std::nullopt);
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
  if (It != S.end())
    return It->second;
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
// Memory
//===----------------------------------------------------------------------===//

void Memory::noteEntryValue(const VarDecl *VD, Uniformity C) {
  EscapedClass[VD] = join(EscapedClass.lookup(VD), C);
}

void Memory::noteStore(const VarDecl *VD, Uniformity C) {
  Uniformity &Old = EscapedClass[VD];
  if (join(Old, C) != Old) {
    Old = join(Old, C);
    auto Read = Readers.find(VD);
    if (Read != Readers.end())
      for (const CFGBlock *B : Read->second) {
        if (B)
          StaleReaders.push_back(B);
        else
          Changed = true;
      }
  }
}

void Memory::noteUntrackedStore(const Expr *Bare, Uniformity C) {
  const VarDecl *Root = rootLocal(Bare);
  if (Root && Escaped.count(Root)) {
    noteStore(Root, C);
    return;
  }
  // Through a parameter: the caller's object takes the class (an out-parameter). A parameter
  // cannot point at this function's own locals: they did not exist when it was called.
  if (auto Index = storedParameter(Bare)) {
    noteParameterStore(*Index, C);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->getType()->isReferenceType()) {
      // A store through a local reference: whatever it may alias takes the class.
      for (const VarDecl *E : Escaped)
        noteStore(E, C);
      return;
    }
  // A store through a pointer: it may alias an address-taken local.
  if (isa<UnaryOperator>(Bare) || isa<ArraySubscriptExpr>(Bare) ||
      (isa<MemberExpr>(Bare) && cast<MemberExpr>(Bare)->isArrow()))
    noteStoreThroughUnknownPointer(C);
}

void Memory::noteStoreThroughUnknownPointer(Uniformity C) {
  if (!HasEscapedScalar)
    return;
  for (const VarDecl *E : Escaped)
    if (!E->getType()->isArrayType())
      noteStore(E, C);
}

void Memory::noteCallArguments(const CallExpr *CE, const FunctionDecl *Callee) {
  bool HasBody = Callee->getDefinition() && Callee->getDefinition()->hasBody();
  for (unsigned I = 0; I < CE->getNumArgs() && !HasBody; ++I) {
    const VarDecl *Root = rootLocal(CE->getArg(I));
    if (Root && Escaped.count(Root)) {
      unsigned PI = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) ? I - 1 : I;
      if (PI < Callee->getNumParams()) {
        QualType PT = Callee->getParamDecl(PI)->getType();
        if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
          noteStore(Root, Uniformity::LaneVarying);
      }
    }
  }
}

void Memory::giveUp() {
  for (const VarDecl *VD : Escaped)
    EscapedClass[VD] = Uniformity::LaneVarying;
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

std::optional<unsigned> Memory::storedParameter(const Expr *LHS) const {
  const Expr *E = LHS;
  bool Deref = false;
  for (unsigned Steps = 0; E && Steps < 32; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
      Deref = true;
      E = UO->getSubExpr();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      Deref = true;
      E = ASE->getBase();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      Deref |= ME->isArrow();
      E = ME->getBase();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp()) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    } else {
      break;
    }
  }
  if (E && isa<CXXThisExpr>(E) && Deref) {
    const auto *MD = dyn_cast<CXXMethodDecl>(F.FD);
    return MD && MD->isInstance() ? std::optional<unsigned>(0) : std::nullopt;
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
      if ((Deref && P->getType()->isPointerType()) || P->getType()->isReferenceType())
        return argumentIndex(P);
  return std::nullopt;
}

void Memory::noteParameterStore(unsigned Index, Uniformity C) {
  if (Index >= StoredThrough.size())
    return;
  StoredThrough[Index] = StoredThrough[Index] ? join(*StoredThrough[Index], C) : C;
}

void Memory::storeThrough(const Expr *Target, Uniformity C, State &S) {
  Target = Target->IgnoreParenImpCasts();
  if (auto Path = pathOf(Target)) {
    SymRef Old = structValue(*Path, S);
    if (join(Old->Class, C) != Old->Class)
      write(*Path, sym::opaque(F.idFor(Target, 0x057), join(Old->Class, C), true,
                               F.pathName(*Path), Old->Ty),
            S);
    return;
  }
  if (const VarDecl *Root = rootLocal(Target); Root && Escaped.count(Root)) {
    noteStore(Root, C);
    return;
  }
  if (auto Index = storedParameter(Target)) {
    noteParameterStore(*Index, C);
    return;
  }
  // Through a pointer held in a local: it may point at any address-taken local.
  noteStoreThroughUnknownPointer(C);
}

void Memory::storeThroughPointer(const Expr *Ptr, Uniformity C, State &S) {
  const Expr *E = Ptr->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    storeThrough(UO->getSubExpr(), C, S);
    return;
  }
  if (const VarDecl *Root = rootLocal(E);
      Root && Escaped.count(Root) && Root->getType()->isArrayType()) {
    noteStore(Root, C); // a local array, decayed to a pointer
    return;
  }
  // A pointer parameter of ours: what the callee stored is stored through our parameter.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()); P && P->getType()->isPointerType())
      if (auto Index = argumentIndex(P)) {
        noteParameterStore(*Index, C);
        return;
      }
  if (isa<CXXThisExpr>(E)) { // a member call on this object, from one of its methods
    const auto *MD = dyn_cast<CXXMethodDecl>(F.FD);
    if (MD && MD->isInstance())
      noteParameterStore(0, C);
    return;
  }
  // Any other pointer (a global buffer, a local pointer variable): it may alias an
  // address-taken local.
  noteStoreThroughUnknownPointer(C);
}

} // namespace divlint
