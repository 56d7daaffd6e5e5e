//===- Memory.cpp - tracked locals and private memory ---------------------===//
//
// The data flow tracks locals field by field (`s.a.b` is its own access path; a whole struct
// is a record value). Private memory it cannot follow value by value is a MemObject with
// flow-insensitive contents, one class per field path (ObjectContents), which every store that
// may reach it joins into (DESIGN §6.2): a local whose address escapes (address
// taken, bound to a mutable reference, passed by mutable reference, captured by reference),
// every local array, what a pointer or reference parameter reaches in the caller's private
// memory (the caller says what it holds: PrivateReach), a lambda's captures. What a pointer
// may point to is PrivateTargets.cpp's. FunctionAnalysis reruns the data flow while classes
// grow.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"
#include "IdentityCalls.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

namespace {

bool isPrefix(const AccessPath &Prefix, const AccessPath &Path) {
  return Prefix.size() <= Path.size() && std::equal(Prefix.begin(), Prefix.end(), Path.begin());
}

} // namespace

void Memory::findEscapes() {
  // What the body does with addresses depends on the function alone: found once, in the first
  // context the function is analyzed in.
  std::unique_ptr<FunctionStructure::EscapeFacts> Own;
  const FunctionStructure::EscapeFacts *Facts = F.Structure ? F.Structure->Escapes.get() : nullptr;
  if (!Facts) {
    Own = findEscapeFacts(F);
    Facts = Own.get();
    if (F.Structure)
      F.Structure->Escapes = std::move(Own);
  }
  Escaped = Facts->Escaped;
  AddressTaken = Facts->AddressTaken;
  Assigned = Facts->Assigned;
  // A kernel's parameter passed by value holds what the host launched it with until the body
  // stores into it; while nothing does and no pointer reaches it, a pointer in it (`p.data`)
  // is a host pointer: no thread's private memory. A lambda's capture of such a parameter, or
  // of an untouched pointer parameter, too.
  auto HostValue = [](const VarDecl *P) {
    const auto *RD = P->getType()->getAsCXXRecordDecl();
    return RD ? RD->hasDefinition() && !RD->hasMutableFields() : P->getType()->isPointerType();
  };
  if (F.FD->hasAttr<CUDAGlobalAttr>())
    for (const ParmVarDecl *P : F.FD->parameters())
      if (P->getType()->isRecordType() && HostValue(P) && !AddressTaken.count(P) &&
          !Facts->Written.count(P))
        HostArguments.insert(P);
  for (const VarDecl *VD : Facts->HostCaptures)
    if (HostValue(VD))
      HostArguments.insert(VD);
  const auto *Method = dyn_cast<CXXMethodDecl>(F.FD);
  bool HasThis = Method && Method->isInstance();
  StoredThrough.assign(F.FD->getNumParams() + (HasThis ? 1 : 0), std::nullopt);
  for (const VarDecl *VD : Facts->Exposed)
    if (Escaped.count(VD))
      Exposed.push_back({VD, false});
  // What the caller's arguments reach: `this` and the pointer and reference parameters.
  auto Reached = [&](unsigned Index) -> std::optional<ObjectContents> {
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
      // What a reference reaches, which no pointer of the caller's may reach, and whose
      // address this function takes nowhere: no pointer of unknown origin reaches it here.
      bool Hidden = P->getType()->isReferenceType() && Index < F.Reach.Hidden.size() &&
                    F.Reach.Hidden[Index] && !AddressTaken.count(P);
      if (Hidden)
        HiddenPointees.push_back({P, true});
      else
        Exposed.push_back({P, true});
    }
  }
  // A lambda's captures live in its closure object (`this`): they hold what the closure was
  // made with, or what the enclosing function stores into them by reference since.
  if (Method && Method->getParent()->isLambda())
    enterClosure(Method->getParent(),
                 std::vector<const VarDecl *>(Facts->Captured.begin(), Facts->Captured.end()),
                 Reached(0));
}

//===----------------------------------------------------------------------===//
// Tracked locals
//===----------------------------------------------------------------------===//

std::optional<AccessPath> Memory::pathOf(const Expr *E) const {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  if (!E)
    return std::nullopt;
  if (const Expr *Named = identityCallArgument(E))
    return pathOf(Named);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()))
      return BD->getHoldingVar() ? std::nullopt : pathOf(BD->getBinding()); // `e.field`
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

namespace {
/// \p Base with the subobject at \p Sub (fields below it) set to \p V: a record of its own
/// where \p Base was not one (its value then holds every field not set).
SymRef withField(const SymRef &Base, llvm::ArrayRef<const ValueDecl *> Sub, SymRef V,
                 const std::string &Label) {
  std::vector<std::pair<const void *, SymRef>> Fields;
  SymRef Rest = Base;
  if (Base && Base->Kind == SymKind::Record) {
    Fields = *Base->Fields;
    Rest = Base->A;
  }
  const void *Key = Sub.front();
  auto It = llvm::find_if(Fields, [&](const auto &F) { return F.first == Key; });
  SymRef Old = It != Fields.end() ? It->second : Rest;
  SymRef New = Sub.size() == 1 ? std::move(V) : withField(Old, Sub.drop_front(), std::move(V), Label);
  if (It != Fields.end())
    It->second = std::move(New);
  else
    Fields.push_back({Key, std::move(New)});
  return sym::record(std::move(Fields), std::move(Rest), Label);
}
} // namespace

SymRef Memory::structValue(const AccessPath &Path, const State &S) const {
  // The whole (as stored, or as its enclosing struct holds it), then the fields written since,
  // each in its place: a record value that keeps them apart (`Pt q = p;` copies them).
  auto Exact = S.find(Path);
  auto It = S.upper_bound(Path);
  bool AnyField = It != S.end() && isPrefix(Path, It->first);
  if (!AnyField)
    return Exact != S.end() ? Exact->second : read(Path, S, nullptr);
  SymRef V = Exact != S.end() ? Exact->second : enclosingValue(Path, S, IntType{});
  std::string Label = F.pathName(Path);
  for (; It != S.end() && isPrefix(Path, It->first); ++It)
    V = withField(V, llvm::ArrayRef<const ValueDecl *>(It->first).drop_front(Path.size()),
                  It->second, Label);
  return V;
}

SymRef Memory::enclosingValue(const AccessPath &Path, const State &S, IntType Ty) const {
  for (size_t Len = Path.size() - 1; Len >= 1; --Len) {
    AccessPath Prefix(Path.begin(), Path.begin() + Len);
    auto PIt = S.find(Prefix);
    if (PIt == S.end())
      continue;
    SymRef Whole = PIt->second;
    if (Whole && Whole->Kind == SymKind::Dim3 && Len + 1 == Path.size()) {
      if (auto Comp = componentIndex(Path.back()->getName()))
        return *Comp == 0 ? Whole->A : *Comp == 1 ? Whole->B : Whole->C;
    }
    // Down the record's fields as far as it lists them; an unlisted field holds what its
    // record's rest does (a leaf of its own: two unlisted fields are not one value).
    size_t At = Len;
    while (Whole && Whole->Kind == SymKind::Record && At < Path.size()) {
      SymRef Field = recordField(Whole, Path[At]);
      if (!Field) {
        Whole = Whole->A;
        break;
      }
      Whole = Field;
      ++At;
    }
    if (!Whole)
      return uninitializedValue(Path, Ty);
    if (At == Path.size())
      return Whole;
    return sym::fieldOf(Whole, F.pathHash(Path), Ty, F.pathName(Path));
  }
  return nullptr;
}

SymRef Memory::read(const AccessPath &Path, const State &S, const Expr *Where) const {
  auto It = S.find(Path);
  if (It != S.end()) {
    // A whole struct with fields written since (`Pt p; p.x = tid;`): a record of the whole
    // and those fields.
    auto Next = std::next(It);
    if (Next != S.end() && isPrefix(Path, Next->first))
      return structValue(Path, S);
    return It->second;
  }
  IntType Ty = Where ? intTypeOf(Where->getType(), F.Ctx) : IntType{};
  // A field of a struct whose whole value is known.
  bool AnyField = false;
  for (auto FIt = S.lower_bound(Path); FIt != S.end() && isPrefix(Path, FIt->first); ++FIt)
    AnyField = true;
  if (AnyField)
    return structValue(Path, S);
  if (SymRef V = enclosingValue(Path, S, Ty))
    return V;
  // Nothing known about any part of it: uninitialized.
  return uninitializedValue(Path, Ty);
}

SymRef Memory::uninitializedValue(const AccessPath &Path, IntType Ty) const {
  return sym::opaque(F.idFor(Path.front(), F.pathHash(Path)), Uniformity::BlockUniform, false,
                     F.pathName(Path) + " (uninitialized)", Ty);
}

void Memory::write(const AccessPath &Path, SymRef V, State &S) const {
  auto First = S.lower_bound(Path), Last = First;
  while (Last != S.end() && isPrefix(Path, Last->first))
    ++Last;
  S.erase(First, Last);
  // Writing a field of a struct known only as a whole: split the whole into its other fields'
  // class by keeping the whole entry (reads of other fields still see it).
  S[Path] = std::move(V);
}

//===----------------------------------------------------------------------===//
// Private memory objects
//===----------------------------------------------------------------------===//

Uniformity Memory::objectClass(MemObject O, llvm::ArrayRef<const FieldDecl *> Path) const {
  Readers[O].insert(F.CurrentBlock);
  auto It = ObjectClass.find(O);
  return It == ObjectClass.end() ? Uniformity::BlockUniform : It->second.at(Path);
}

ObjectContents Memory::objectContents(MemObject O) const {
  Readers[O].insert(F.CurrentBlock);
  auto It = ObjectClass.find(O);
  return It == ObjectClass.end() ? ObjectContents() : It->second;
}

void Memory::noteEntryValue(const VarDecl *VD, const SymRef &V) {
  ObjectClass[{VD, false}].storeAll({}, contentsOfValue(V));
}

void Memory::noteObjectStore(MemObject O, llvm::ArrayRef<const FieldDecl *> Path, Uniformity C) {
  if (!ObjectClass[O].store(Path, C))
    return;
  auto Read = Readers.find(O);
  if (Read != Readers.end())
    for (const CFGBlock *B : Read->second) {
      if (B)
        StaleReaders.push_back(B);
      else
        Changed = true;
    }
}

std::optional<unsigned> Memory::argumentOf(MemObject O) const {
  if (O.getInt()) {
    auto It = Pointees.find(O.getPointer());
    return It == Pointees.end() ? std::nullopt : std::optional<unsigned>(It->second);
  }
  if (Captured.count(cast<VarDecl>(O.getPointer())))
    return 0; // a capture: the closure object, `this`
  return std::nullopt;
}

void Memory::storeObject(const ObjectRef &O, Uniformity C) {
  noteObjectStore(O.Object, O.Path, C);
  // What the caller's memory it lies in: the out-parameter, and the arguments that may alias
  // (at an offset we do not know: into the whole of them).
  std::optional<unsigned> Index = argumentOf(O.Object);
  if (!Index)
    return;
  noteParameterStore(*Index,
                     O.Object.getInt() ? O.Path
                                       : capturePath(cast<VarDecl>(O.Object.getPointer()), O.Path),
                     C);
  const auto &Groups = F.Reach.Group;
  if (*Index >= Groups.size())
    return;
  for (const MemObject &Other : llvm::concat<const MemObject>(Exposed, HiddenPointees)) {
    std::optional<unsigned> J = argumentOf(Other);
    if (J && *J < Groups.size() && Groups[*J] == Groups[*Index] && Other != O.Object &&
        !distinctCaptures(Other, O.Object))
      noteObjectStore(Other, {}, C);
  }
}

/// What a tracked value may hold after a store of class \p C that may or may not have reached
/// it: itself when that adds nothing it does not already stand for (an opaque leaf of a class
/// at least \p C), else an opaque leaf of the joined class; a record field by field. An
/// expression is never kept, a constant included: the lane enumeration evaluates it exactly,
/// and a class says nothing of which value of that class the store left (`b = tid / 32` in
/// 32-thread blocks, then `i % 33` stored through a reference to `b`, is not `tid / 32` any
/// more; `b += 2` in a callee stored a block-uniform value, not 0).
static SymRef weaklyUpdated(const SymRef &Old, Uniformity C, uint64_t Id,
                            const std::string &Label) {
  if (Old->Kind == SymKind::Record) {
    std::vector<std::pair<const void *, SymRef>> Fields;
    bool Changed = false;
    for (const auto &[Field, V] : *Old->Fields) {
      Fields.push_back({Field, weaklyUpdated(V, C, llvm::hash_combine(Id, Field), Label)});
      Changed |= Fields.back().second != V;
    }
    SymRef Rest = Old->A;
    if (Rest)
      Rest = weaklyUpdated(Rest, C, llvm::hash_combine(Id, 0x5e5), Label);
    else if (C != Uniformity::BlockUniform)
      Rest = sym::opaque(llvm::hash_combine(Id, 0x5e5), C, true, Label);
    if (!Changed && Rest == Old->A)
      return Old;
    return sym::record(std::move(Fields), std::move(Rest), Old->Label);
  }
  if (join(Old->Class, C) == Old->Class && Old->Kind == SymKind::Opaque)
    return Old;
  return sym::opaque(Id, join(Old->Class, C), true, Label, Old->Ty);
}

void Memory::store(const Targets &T, Uniformity C, State &S) {
  for (const ObjectRef &O : T.Objects)
    storeObject(O, C);
  for (const AccessPath &Path : T.Paths) {
    SymRef Old = structValue(Path, S);
    SymRef New = weaklyUpdated(Old, C, llvm::hash_combine(F.idFor(nullptr, F.pathHash(Path)), 0x057),
                               F.pathName(Path));
    if (New != Old)
      write(Path, std::move(New), S);
  }
  for (unsigned Index : T.Params)
    noteParameterStore(Index, {}, C);
  if (T.Any)
    F.ReliesOnUnseen = true;
  if (T.Any && !F.Opts.UnseenIsUniform) {
    for (const MemObject &O : llvm::SmallVector<MemObject, 8>(Exposed))
      if (!isConstObject(O))
        storeObject({O, {}}, C);
    StoredAnywhere = StoredAnywhere ? join(*StoredAnywhere, C) : C;
  }
}

void Memory::storeValue(const Targets &T, const SymRef &V, Uniformity Control, State &S) {
  if (V && V->Kind == SymKind::Record) {
    store(T, join(V->A ? V->A->Class : Uniformity::BlockUniform, Control), S);
    for (const auto &[Field, FV] : *V->Fields)
      storeValue(T.member({static_cast<const FieldDecl *>(Field)}), FV, Control, S);
    return;
  }
  store(T, join(V ? V->Class : Uniformity::LaneVarying, Control), S);
}

bool Memory::isConstObject(MemObject O) const {
  // What a pointer or reference parameter leads to may be written through another alias,
  // unless the caller says it is const variables only.
  if (O.getInt()) {
    std::optional<unsigned> Index = argumentOf(O);
    return Index && *Index < F.Reach.Immutable.size() && F.Reach.Immutable[*Index];
  }
  const auto *VD = dyn_cast_or_null<VarDecl>(O.getPointer());
  return VD && !writableThrough(VD->getType());
}

Targets Memory::writable(const Targets &T) const {
  Targets W = T;
  llvm::erase_if(W.Objects, [&](const ObjectRef &O) { return isConstObject(O.Object); });
  return W;
}

SymRef Memory::objectValue(MemObject O, llvm::ArrayRef<const FieldDecl *> Path, QualType T,
                           const Expr *Where, Uniformity AtLeast) const {
  uint64_t Id = llvm::hash_combine(F.idFor(O.getOpaqueValue()), 0x0b1);
  for (const FieldDecl *FD : Path)
    Id = llvm::hash_combine(Id, FD);
  std::string Label = Where ? F.textOf(Where) : std::string("object");
  ObjectContents C = objectContents(O).below(Path);
  C.Whole = join(C.Whole, AtLeast); // (every field reads at least the whole)
  return valueOfContents(C, Id, Label + " (memory)", T);
}

SymRef Memory::valueOfContents(const ObjectContents &C, uint64_t Id, const std::string &Label,
                               QualType T) const {
  const RecordDecl *RD = T.isNull() ? nullptr : T.getNonReferenceType()->getAsRecordDecl();
  if (C.Fields.empty() || !RD)
    return sym::opaque(Id, C.all(), C.all() != Uniformity::BlockUniform, Label,
                       T.isNull() ? IntType{} : intTypeOf(T.getNonReferenceType(), F.Ctx));
  // One record level per first field of the paths stored into.
  std::vector<std::pair<const void *, SymRef>> Fields;
  for (const auto &[Path, FC] : C.Fields) {
    const FieldDecl *First = Path.front();
    if (llvm::any_of(Fields, [&](const auto &Fl) { return Fl.first == First; }))
      continue;
    Fields.push_back({First, valueOfContents(C.below({First}), llvm::hash_combine(Id, First),
                                             Label + "." + First->getNameAsString(),
                                             First->getType())});
  }
  SymRef Rest = sym::opaque(llvm::hash_combine(Id, 0x5e5), C.Whole,
                            C.Whole != Uniformity::BlockUniform, Label);
  return sym::record(std::move(Fields), std::move(Rest), Label);
}

ObjectContents Memory::contentsOfValue(const SymRef &V) {
  if (!V)
    return ObjectContents::of(Uniformity::LaneVarying);
  if (V->Kind != SymKind::Record)
    return ObjectContents::of(V->Class);
  ObjectContents O = ObjectContents::of(V->A ? V->A->Class : Uniformity::BlockUniform);
  for (const auto &[Field, FV] : *V->Fields) {
    const auto *FD = static_cast<const FieldDecl *>(Field);
    O.storeAll({FD}, contentsOfValue(FV));
  }
  return O;
}

void Memory::noteReturnTargets(const Targets &T, Uniformity PlaceClass) {
  ReturnedPlace = join(ReturnedPlace, PlaceClass);
  auto Add = [&](unsigned Arg, llvm::ArrayRef<const FieldDecl *> Path) {
    for (const ReturnPlace &P : ReturnsInto)
      if (P.Arg == Arg && llvm::ArrayRef<const FieldDecl *>(P.Path) == Path)
        return;
    ReturnsInto.push_back({Arg, FieldPath(Path.begin(), Path.end())});
  };
  for (const ObjectRef &O : T.Objects) {
    if (auto Index = argumentOf(O.Object))
      Add(*Index, O.Object.getInt() ? llvm::ArrayRef<const FieldDecl *>(O.Path)
                                    : llvm::ArrayRef<const FieldDecl *>());
    else
      ReturnsAnywhere = true; // one of its own locals (dangling): say nothing of it
  }
  for (unsigned Index : T.Params)
    Add(Index, {});
  if (!T.Paths.empty() || T.Any)
    ReturnsAnywhere = true;
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
    // Not through `const T &` / `const T *`, unless T has mutable fields.
    if (PT->isReferenceType() && writableThrough(PT.getNonReferenceType()))
      store(lvalueTargets(Arg), C, S);
    else if (PT->isPointerType() && writableThrough(PT->getPointeeType()))
      store(pointerTargets(Arg), C, S);
  }
}

void Memory::giveUp() {
  for (auto &[O, C] : ObjectClass)
    C = ObjectContents::of(Uniformity::LaneVarying);
  for (const VarDecl *VD : Escaped)
    ObjectClass[{VD, false}] = ObjectContents::of(Uniformity::LaneVarying);
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

void Memory::noteParameterStore(unsigned Index, llvm::ArrayRef<const FieldDecl *> Path,
                                Uniformity C) {
  if (Index >= StoredThrough.size())
    return;
  if (!StoredThrough[Index])
    StoredThrough[Index].emplace();
  StoredThrough[Index]->store(Path, C);
}

} // namespace divlint
