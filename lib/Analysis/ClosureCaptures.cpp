//===- ClosureCaptures.cpp - a lambda's captures, one by one -------------===//
//
// A closure holds one field per capture. A by-reference capture's field reaches the enclosing
// function's variable; a by-copy one is the closure's own. Stores and reads through a closure
// are kept per capture, by the closure's field: a lambda that adds a lane-varying value to one
// captured variable (`[&] { acc += x[tid]; }`) stores into that variable, not into every
// variable the lambda captured (CUTLASS's attention kernels capture their loop counters by
// reference in the same lambdas). A path into a closure whose first field is a capture's is
// one of these; it means nothing to the captured variable itself, so where no capture is known
// it is applied to the whole of what the closure reaches.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace divlint {

namespace {
/// The closure class \p FD is a field of, when it is one.
const CXXRecordDecl *closureOf(const FieldDecl *FD) {
  const auto *RD = FD ? dyn_cast<CXXRecordDecl>(FD->getParent()) : nullptr;
  return RD && RD->isLambda() ? RD : nullptr;
}
} // namespace

Memory::ClosureCaptures Memory::closureCaptures(QualType Ty, const Expr *Obj) const {
  ClosureCaptures Out;
  const CXXRecordDecl *RD = Ty.isNull() ? nullptr : Ty.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->isLambda())
    return Out;
  // A closure that a by-value parameter holds: its references reach our caller's memory, which
  // the caller resolves (field by field: the path goes to the caller with the store).
  if (Obj)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
          P && !P->getType()->isReferenceType())
        if (auto Index = argumentIndex(P)) {
          Targets T;
          T.Params.push_back(*Index);
          Out.push_back({nullptr, std::move(T), false});
          return Out;
        }
  llvm::DenseMap<const ValueDecl *, FieldDecl *> Fields;
  FieldDecl *ThisField = nullptr;
  RD->getCaptureFields(Fields, ThisField);
  for (const LambdaCapture &C : RD->captures()) {
    Targets T;
    if (C.capturesThis()) {
      // The enclosing method's object: ours when this function is that method. Not placed by
      // a field: the lambda's `this->m` names the object, not the closure's field.
      const auto *Method = dyn_cast<CXXMethodDecl>(F.FD);
      T.add(Method && Method->isInstance() && !Method->getParent()->isLambda()
                ? thisTargets()
                : pointerTargets(nullptr));
      Out.push_back({nullptr, std::move(T), false});
      continue;
    }
    if (!C.capturesVariable())
      continue;
    const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
    if (!VD)
      continue;
    bool Own = F.isOwnLocal(VD) || Captured.count(VD);
    bool InCaller = false;
    if (VD->isInitCapture()) {
      // `[&r = h]`, `[p = q]`: what its initializer names, evaluated where the lambda is made.
      bool MadeHere = RD->getDeclContext() == F.FD;
      if (VD->getType()->isReferenceType())
        MadeHere ? T.add(lvalueTargets(VD->getInit())) : void(InCaller = true);
      else if (VD->getType()->isPointerType())
        T.add(MadeHere ? pointerTargets(VD->getInit()) : pointerTargets(nullptr));
    } else if (C.getCaptureKind() != LCK_ByRef) {
      // A copy is the closure's own; a copied pointer still reaches what it points to.
      if (VD->getType()->isPointerType()) {
        VisitedVariables.clear();
        T.add(Own ? variableTargets(VD, 1) : pointerTargets(nullptr));
      }
    } else if (!Own) {
      // A variable of a function that called us: reached through the closure object, which a
      // store into it goes through to that caller (storeContents).
      InCaller = true;
    } else if (VD->getType()->isReferenceType()) {
      if (Pointees.count(VD))
        T.Objects.push_back({{VD, true}, {}});
      else if (F.isOwnLocal(VD) && !isa<ParmVarDecl>(VD) && VD->getInit())
        T.add(lvalueTargets(VD->getInit()));
      else if (!isa<ParmVarDecl>(VD))
        T.Any = true;
    } else if (Escaped.count(VD)) {
      T.Objects.push_back({{VD, false}, {}});
    } else {
      T.Any = true;
    }
    Out.push_back({Fields.lookup(VD), std::move(T), InCaller});
  }
  return Out;
}

Targets Memory::closureTargets(QualType Ty, const Expr *Obj) const {
  Targets T;
  for (const ClosureCapture &C : closureCaptures(Ty, Obj)) {
    T.add(C.Reached);
    T.Any |= C.InCaller; // where in our caller's memory: not known here
  }
  return T;
}

FieldPath Memory::capturePath(const VarDecl *VD, llvm::ArrayRef<const FieldDecl *> Path) const {
  FieldPath Out;
  auto It = CaptureFields.find(VD);
  if (It == CaptureFields.end())
    return Out; // not a field we know: the whole closure
  Out.push_back(It->second);
  Out.append(Path.begin(), Path.end());
  return Out;
}

bool Memory::distinctCaptures(MemObject A, MemObject B) const {
  auto Variable = [&](MemObject O) -> const VarDecl * {
    const auto *VD = O.getInt() ? nullptr : dyn_cast<VarDecl>(O.getPointer());
    return VD && CaptureFields.count(VD) && !VD->getType()->isReferenceType()
               ? VD
               : nullptr;
  };
  const VarDecl *X = Variable(A), *Y = Variable(B);
  return X && Y && X != Y;
}

void Memory::enterClosure(const CXXRecordDecl *Closure, const std::vector<const VarDecl *> &Vars,
                          const std::optional<ObjectContents> &Reached) {
  // The closure's value (the object the call was made on) holds each capture as it was made
  // (a by-reference capture: its variable's class, which grows with it); what the caller's
  // memory the closure reaches holds now is joined in.
  SymRef Object = F.ParamValues.empty() ? nullptr : F.ParamValues.front();
  llvm::DenseMap<const ValueDecl *, FieldDecl *> Fields;
  FieldDecl *ThisField = nullptr;
  Closure->getCaptureFields(Fields, ThisField);
  for (const VarDecl *VD : Vars) {
    const FieldDecl *Field = Fields.lookup(VD);
    if (Field)
      CaptureFields[VD] = Field;
    ObjectContents Entry = ObjectContents::of(Uniformity::LaneVarying);
    if (Object && Object->Kind == SymKind::Record && Field) {
      SymRef Value = recordField(Object, Field);
      Entry = Value ? contentsOfValue(Value)
                    : ObjectContents::of(Object->A ? Object->A->Class : Uniformity::BlockUniform);
    } else if (Object) {
      Entry = ObjectContents::of(Object->Class);
    }
    if (Reached)
      Entry.storeAll({}, Field ? Reached->below({Field}) : ObjectContents::of(Reached->all()));
    Captured.insert(VD);
    Escaped.insert(VD);
    ObjectClass[{VD, false}] = Entry;
    Exposed.push_back({VD, false});
  }
}

void Memory::storeContents(const Targets &T, const ObjectContents &C, Uniformity Control,
                           State &S, const ClosureParts *Closure) {
  store(T, join(C.Whole, Control), S);
  // A closure a by-value parameter holds: its caller maps the path to the capture.
  Targets Rest = T;
  Rest.Params.clear();
  for (const auto &[Path, FC] : C.Fields) {
    Uniformity V = join(FC, Control);
    for (unsigned Index : T.Params)
      noteParameterStore(Index, Path, V);
    if (!closureOf(Path.front())) {
      store(Rest.member(Path), V, S);
      continue;
    }
    const FieldDecl *First = Path.front(); // (a lambda may not capture a structured binding in C++17)
    const ClosureCapture *Capture =
        Closure ? llvm::find_if(Closure->Captures,
                                [&](const ClosureCapture &Cap) { return Cap.Field == First; })
                : nullptr;
    if (!Closure || Capture == Closure->Captures.end()) {
      store(Rest, V, S); // a closure's field we cannot place: anywhere the closure reaches
      continue;
    }
    // The closure's own field, and below it what the capture reaches (nothing for a copy). A
    // capture of our caller's variable is reached through the closure object: when that lies
    // in our caller's memory too, the store goes there with its path; else anywhere.
    Targets Own = writable(Closure->Own);
    store(Own.member(Path), V, S);
    store(writable(Capture->Reached).member(llvm::ArrayRef(Path).drop_front()), V, S);
    if (Capture->InCaller && !reachesCallerOnly(Own)) {
      Targets Anywhere;
      Anywhere.Any = true;
      store(Anywhere, V, S);
    }
  }
}

bool Memory::reachesCallerOnly(const Targets &T) const {
  if (T.Any || !T.Paths.empty() || (T.Objects.empty() && T.Params.empty()))
    return false;
  return llvm::all_of(T.Objects, [&](const ObjectRef &O) { return argumentOf(O.Object).has_value(); });
}

ObjectContents Memory::closureContents(const ClosureParts &Closure, const State &S) const {
  // A capture of our caller's variable holds what the closure object's field does (the part
  // of Own's contents at that field), when the object lies in our caller's memory.
  ObjectContents C = contentsOf(Closure.Own, S);
  bool OwnInCaller = reachesCallerOnly(Closure.Own);
  for (const ClosureCapture &Cap : Closure.Captures) {
    Targets Reached = Cap.Reached;
    Reached.Any |= Cap.InCaller && !OwnInCaller;
    C.storeAll(Cap.Field ? FieldPath{Cap.Field} : FieldPath(), contentsOf(Reached, S));
  }
  return C;
}

} // namespace divlint
