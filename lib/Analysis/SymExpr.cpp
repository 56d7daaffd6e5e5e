#include "divlint/Analysis/SymExpr.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/raw_ostream.h"

namespace divlint {

namespace {

LocalRef<SymExpr> make(SymKind K) {
  auto E = makeLocal<SymExpr>();
  E->Kind = K;
  return E;
}

} // namespace

uint64_t nodeHash(const SymExpr &E) {
  uint64_t H = llvm::hash_combine(static_cast<unsigned>(E.Kind), static_cast<unsigned>(E.Op),
                                  E.Ty.Bits, E.Ty.Signed, E.Dim, E.Value, E.Id,
                                  static_cast<unsigned>(E.Group));
  for (const SymRef *Child : {&E.A, &E.B, &E.C})
    H = *Child ? llvm::hash_combine(H, (*Child)->Hash) : llvm::hash_combine(H, 0);
  return H;
}

namespace {

// Derives the cached summary fields (class, flags, size, hash) from the children.
SymRef finish(LocalRef<SymExpr> E) {
  for (const SymRef *Child : {&E->A, &E->B, &E->C}) {
    if (!*Child)
      continue;
    const SymExpr &C = **Child;
    E->Class = join(E->Class, C.Class);
    E->DataDependent |= C.DataDependent;
    E->HasThread |= C.HasThread;
    E->Evaluable &= C.Evaluable;
    E->Size += C.Size;
  }
  E->Hash = nodeHash(*E);
  if (E->Kind != SymKind::Opaque && E->Kind != SymKind::IndVar)
    E->ContextFree = (!E->A || E->A->ContextFree) && (!E->B || E->B->ContextFree) &&
                     (!E->C || E->C->ContextFree);
  E->HasDerived = E->Derived != SymExpr::Derivation::None || (E->A && E->A->HasDerived) ||
                  (E->B && E->B->HasDerived) || (E->C && E->C->HasDerived);
  if (E->Size > MaxSymSize && E->Kind != SymKind::Opaque)
    return sym::opaqueOf(E, "complex expression");
  return E;
}

} // namespace

namespace sym {

SymRef constant(int64_t V, IntType Ty) {
  auto E = make(SymKind::Const);
  E->Ty = Ty;
  E->Value = wrapTo(V, Ty);
  return finish(E);
}

SymRef threadIdx(unsigned Dim) {
  auto E = make(SymKind::ThreadIdx);
  E->Ty = {32, false};
  E->Dim = Dim;
  E->Class = Uniformity::LaneVarying;
  E->HasThread = true;
  E->Label = std::string("threadIdx.") + "xyz"[Dim % 3];
  return finish(E);
}

SymRef blockDim(unsigned Dim) {
  auto E = make(SymKind::BlockDim);
  E->Ty = {32, false};
  E->Dim = Dim;
  E->Label = std::string("blockDim.") + "xyz"[Dim % 3];
  return finish(E);
}

namespace {
/// An opaque leaf, still to be marked (finish() of a node without children: only its hash).
LocalRef<SymExpr> newOpaque(uint64_t Id, Uniformity Class, bool DataDependent,
                                   std::string Label, IntType Ty, bool Evaluable) {
  auto E = make(SymKind::Opaque);
  E->Id = Id;
  E->Ty = Ty;
  E->Class = Class;
  E->DataDependent = DataDependent;
  E->Evaluable = Evaluable;
  E->Label = std::move(Label);
  E->ContextFree = Id == 0; // the placeholders ("this", "unknown") share id 0 everywhere
  E->Hash = nodeHash(*E);
  return E;
}
} // namespace

SymRef opaque(uint64_t Id, Uniformity Class, bool DataDependent, std::string Label, IntType Ty,
              bool Evaluable) {
  return newOpaque(Id, Class, DataDependent, std::move(Label), Ty, Evaluable);
}

SymRef timeInvariantOpaque(uint64_t Id, Uniformity Class, std::string Label, IntType Ty) {
  auto E = newOpaque(Id, Class, /*DataDependent=*/false, std::move(Label), Ty, /*Evaluable=*/true);
  E->TimeInvariant = true;
  return E;
}

SymRef contextFreeOpaque(uint64_t Id, Uniformity Class, bool DataDependent, std::string Label,
                         IntType Ty) {
  auto E = newOpaque(Id, Class, DataDependent, std::move(Label), Ty, /*Evaluable=*/true);
  E->ContextFree = true;
  return E;
}

SymRef fieldOf(const SymRef &Whole, uint64_t PathHash, IntType Ty, std::string Label) {
  auto E = newOpaque(llvm::hash_combine(Whole->Hash, PathHash), Whole->Class,
                     Whole->DataDependent, std::move(Label), Ty, /*Evaluable=*/true);
  E->ContextFree = Whole->ContextFree; // a field of a global is the same in every context
  E->TimeInvariant = timeInvariant(*Whole); // a field of a parameter's value on entry
  E->Derived = SymExpr::Derivation::FieldOf;
  E->HasDerived = true;
  if (!Whole->HasDerived)
    E->Of = Whole;
  E->OfPath = PathHash;
  return E;
}

SymRef indVar(uint64_t LoopId, uint64_t VarId, SymRef Init, SymOp Op, SymRef Step, IntType Ty,
              std::string Label) {
  auto E = make(SymKind::IndVar);
  E->Id = llvm::hash_combine(LoopId, VarId);
  E->Value = static_cast<int64_t>(LoopId);
  E->Op = Op;
  E->Ty = Ty;
  E->A = std::move(Init);
  E->B = std::move(Step);
  E->Evaluable = E->A && E->B;
  E->Label = std::move(Label);
  return finish(E);
}

SymRef unary(SymOp Op, SymRef A, IntType Ty) {
  int64_t V;
  if (isConst(A, &V)) {
    switch (Op) {
    case SymOp::Neg: return constant(-V, Ty);
    case SymOp::BitNot: return constant(~V, Ty);
    case SymOp::LNot: return constant(V == 0, Ty);
    case SymOp::Cast: return constant(V, Ty);
    default: break;
    }
  }
  if (Op == SymOp::Cast && A->Ty == Ty)
    return A;
  auto E = make(SymKind::Unary);
  E->Op = Op;
  E->Ty = Ty;
  E->A = std::move(A);
  return finish(E);
}

SymRef binary(SymOp Op, SymRef A, SymRef B, IntType Ty) {
  auto E = make(SymKind::Binary);
  E->Op = Op;
  E->Ty = Ty;
  E->A = std::move(A);
  E->B = std::move(B);
  if (isConst(E->A) && isConst(E->B)) {
    EvalEnv Empty;
    if (auto V = evaluate(*E, Empty))
      return constant(*V, Ty);
  }
  return finish(E);
}

SymRef select(SymRef C, SymRef T, SymRef F, IntType Ty) {
  int64_t V;
  if (isConst(C, &V))
    return V ? T : F;
  if (symEqual(T, F))
    return T;
  auto E = make(SymKind::Select);
  E->Ty = Ty;
  E->A = std::move(C);
  E->B = std::move(T);
  E->C = std::move(F);
  return finish(E);
}

SymRef dim3(SymRef X, SymRef Y, SymRef Z) {
  auto E = make(SymKind::Dim3);
  E->A = std::move(X);
  E->B = std::move(Y);
  E->C = std::move(Z);
  E->Evaluable = false;
  return finish(E);
}

SymRef group(GroupKind Kind, int64_t TileSize) {
  auto E = make(SymKind::Group);
  E->Group = Kind;
  E->Value = TileSize;
  E->Evaluable = false;
  return finish(E);
}

SymRef record(std::vector<std::pair<const void *, SymRef>> Fields, SymRef Rest,
              std::string Label) {
  auto E = make(SymKind::Record);
  E->A = std::move(Rest);
  E->Evaluable = false;
  E->Label = std::move(Label);
  uint64_t H = llvm::hash_combine(static_cast<unsigned>(SymKind::Record), E->A ? E->A->Hash : 0);
  E->ContextFree = true;
  if (E->A) {
    E->Class = E->A->Class;
    E->DataDependent = E->A->DataDependent;
    E->HasThread = E->A->HasThread;
    E->ContextFree = E->A->ContextFree;
    E->HasDerived = E->A->HasDerived;
  }
  for (const auto &[Field, V] : Fields) {
    H = llvm::hash_combine(H, Field, V ? V->Hash : 0);
    if (!V)
      continue;
    E->Class = join(E->Class, V->Class);
    E->DataDependent |= V->DataDependent;
    E->HasThread |= V->HasThread;
    E->ContextFree &= V->ContextFree;
    E->HasDerived |= V->HasDerived;
  }
  // A record is a leaf of the trees above it (no operator reads it whole): one node in size.
  E->Hash = H;
  E->Fields = makeLocal<const std::vector<std::pair<const void *, SymRef>>>(
      std::move(Fields));
  return E;
}

SymRef opaqueOf(const SymRef &E, std::string Label) {
  auto O = make(SymKind::Opaque);
  O->Id = E->Hash;
  O->Ty = E->Ty;
  O->Class = E->Class;
  O->DataDependent = E->DataDependent || E->Class == Uniformity::LaneVarying;
  O->Evaluable = true;
  O->Label = std::move(Label);
  O->Hash = llvm::hash_combine(static_cast<unsigned>(SymKind::Opaque), O->Id, O->Class);
  O->ContextFree = E->ContextFree; // its id is E's hash
  O->TimeInvariant = timeInvariant(*E); // a function of E's value alone
  O->Derived = SymExpr::Derivation::StandsFor;
  O->HasDerived = true;
  if (!E->HasDerived)
    O->Of = E;
  return O;
}

SymRef joinLeaf(uint64_t Id, llvm::ArrayRef<SymRef> Values, std::string Label) {
  Uniformity Class = Uniformity::BlockUniform;
  bool DataDependent = false;
  IntType Ty;
  for (const SymRef &V : Values) {
    if (!V)
      continue;
    Class = join(Class, V->Class);
    DataDependent |= V->DataDependent;
    Ty = V->Ty;
  }
  return opaque(Id, Class, DataDependent, std::move(Label), Ty);
}

SymRef linearThreadId() {
  // Built once per thread (SymRef's count is not atomic): trees are immutable, and every
  // cooperative-groups call asks for it.
  static thread_local const SymRef Linear = [] {
    IntType U{32, false};
    SymRef X = threadIdx(0), Y = threadIdx(1), Z = threadIdx(2);
    SymRef DX = blockDim(0), DY = blockDim(1);
    return binary(SymOp::Add, binary(SymOp::Add, X, binary(SymOp::Mul, Y, DX, U), U),
                  binary(SymOp::Mul, Z, binary(SymOp::Mul, DX, DY, U), U), U);
  }();
  return Linear;
}

} // namespace sym

bool isConst(const SymRef &E, int64_t *V) {
  if (!E || E->Kind != SymKind::Const)
    return false;
  if (V)
    *V = E->Value;
  return true;
}

bool timeInvariant(const SymExpr &E) {
  switch (E.Kind) {
  case SymKind::Const:
  case SymKind::BlockDim:
  case SymKind::ThreadIdx:
    return true;
  case SymKind::Opaque:
    return E.TimeInvariant;
  case SymKind::Unary:
    return E.A && timeInvariant(*E.A);
  case SymKind::Binary:
    return E.A && E.B && timeInvariant(*E.A) && timeInvariant(*E.B);
  case SymKind::Select:
  case SymKind::Dim3:
    return E.A && E.B && E.C && timeInvariant(*E.A) && timeInvariant(*E.B) &&
           timeInvariant(*E.C);
  default:
    return false;
  }
}

bool symEqual(const SymRef &A, const SymRef &B) {
  if (A == B)
    return true;
  if (!A || !B || A->Hash != B->Hash || A->Kind != B->Kind || A->Op != B->Op ||
      A->Value != B->Value || A->Id != B->Id || A->Dim != B->Dim || !(A->Ty == B->Ty) ||
      A->Class != B->Class)
    return false;
  if (A->Kind == SymKind::Record) {
    if (A->Fields->size() != B->Fields->size())
      return false;
    for (size_t I = 0; I < A->Fields->size(); ++I)
      if ((*A->Fields)[I].first != (*B->Fields)[I].first ||
          !symEqual((*A->Fields)[I].second, (*B->Fields)[I].second))
        return false;
  }
  return symEqual(A->A, B->A) && symEqual(A->B, B->B) && symEqual(A->C, B->C);
}

void forEachLeaf(const SymRef &E, const std::function<void(const SymExpr &)> &F) {
  llvm::DenseSet<const SymExpr *> Seen;
  llvm::DenseSet<uint64_t> SeenIds;
  std::vector<const SymExpr *> Stack{E.get()};
  while (!Stack.empty()) {
    const SymExpr *N = Stack.back();
    Stack.pop_back();
    if (!N || !Seen.insert(N).second)
      continue;
    switch (N->Kind) {
    case SymKind::Opaque:
    case SymKind::IndVar:
    case SymKind::ThreadIdx:
    case SymKind::BlockDim: {
      uint64_t Key = N->Kind == SymKind::ThreadIdx || N->Kind == SymKind::BlockDim
                         ? uint64_t(llvm::hash_combine(static_cast<unsigned>(N->Kind), N->Dim))
                         : N->Id;
      if (SeenIds.insert(Key).second)
        F(*N);
      break;
    }
    default:
      break;
    }
    // An IndVar's init and step are part of what it depends on.
    for (const SymRef *Child : {&N->A, &N->B, &N->C})
      if (*Child)
        Stack.push_back(Child->get());
    if (N->Fields)
      for (const auto &Field : *N->Fields)
        if (Field.second)
          Stack.push_back(Field.second.get());
  }
}

SymRef recordField(const SymRef &R, const void *Field) {
  if (!R || R->Kind != SymKind::Record)
    return nullptr;
  for (const auto &[Key, V] : *R->Fields)
    if (Key == Field)
      return V;
  return nullptr;
}

bool containsIndVar(const SymRef &E, uint64_t LoopId, uint64_t VarId) {
  if (!E)
    return false;
  uint64_t Want = llvm::hash_combine(LoopId, VarId);
  if (E->Kind == SymKind::IndVar && E->Id == Want)
    return true;
  if (E->Kind == SymKind::IndVar)
    return false; // its init/step belong to an earlier iteration space
  if (E->Fields)
    for (const auto &Field : *E->Fields)
      if (containsIndVar(Field.second, LoopId, VarId))
        return true;
  return containsIndVar(E->A, LoopId, VarId) || containsIndVar(E->B, LoopId, VarId) ||
         containsIndVar(E->C, LoopId, VarId);
}

llvm::StringRef symOpSpelling(SymOp Op) {
  switch (Op) {
  case SymOp::None: return "";
  case SymOp::Neg: return "-";
  case SymOp::BitNot: return "~";
  case SymOp::LNot: return "!";
  case SymOp::Cast: return "(cast)";
  case SymOp::Add: return "+";
  case SymOp::Sub: return "-";
  case SymOp::Mul: return "*";
  case SymOp::Div: return "/";
  case SymOp::Rem: return "%";
  case SymOp::Shl: return "<<";
  case SymOp::Shr: return ">>";
  case SymOp::And: return "&";
  case SymOp::Or: return "|";
  case SymOp::Xor: return "^";
  case SymOp::LT: return "<";
  case SymOp::GT: return ">";
  case SymOp::LE: return "<=";
  case SymOp::GE: return ">=";
  case SymOp::EQ: return "==";
  case SymOp::NE: return "!=";
  case SymOp::LAnd: return "&&";
  case SymOp::LOr: return "||";
  case SymOp::Min: return "min";
  case SymOp::Max: return "max";
  }
  return "?";
}

std::string symToString(const SymRef &E) {
  if (!E)
    return "?";
  switch (E->Kind) {
  case SymKind::Const: return std::to_string(E->Value);
  case SymKind::ThreadIdx:
  case SymKind::BlockDim:
  case SymKind::Opaque:
  case SymKind::IndVar: return E->Label.empty() ? "?" : E->Label;
  case SymKind::Unary:
    if (E->Op == SymOp::Cast)
      return symToString(E->A);
    return symOpSpelling(E->Op).str() + symToString(E->A);
  case SymKind::Binary:
    if (E->Op == SymOp::Min || E->Op == SymOp::Max)
      return symOpSpelling(E->Op).str() + "(" + symToString(E->A) + ", " + symToString(E->B) +
             ")";
    return "(" + symToString(E->A) + " " + symOpSpelling(E->Op).str() + " " +
           symToString(E->B) + ")";
  case SymKind::Select:
    return "(" + symToString(E->A) + " ? " + symToString(E->B) + " : " + symToString(E->C) + ")";
  case SymKind::Dim3:
    return "{" + symToString(E->A) + ", " + symToString(E->B) + ", " + symToString(E->C) + "}";
  case SymKind::Group: return "group";
  case SymKind::Record: return E->Label.empty() ? "record" : E->Label;
  }
  return "?";
}

} // namespace divlint
