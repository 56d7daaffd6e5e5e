#include "divlint/Analysis/SymExpr.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/raw_ostream.h"

namespace divlint {

namespace {

std::shared_ptr<SymExpr> make(SymKind K) {
  auto E = std::make_shared<SymExpr>();
  E->Kind = K;
  return E;
}

// Derives the cached summary fields (class, flags, size, hash) from the children.
SymRef finish(std::shared_ptr<SymExpr> E) {
  uint64_t H = llvm::hash_combine(static_cast<unsigned>(E->Kind), static_cast<unsigned>(E->Op),
                                  E->Ty.Bits, E->Ty.Signed, E->Dim, E->Value, E->Id,
                                  static_cast<unsigned>(E->Group));
  for (const SymRef *Child : {&E->A, &E->B, &E->C}) {
    if (!*Child) {
      H = llvm::hash_combine(H, 0);
      continue;
    }
    const SymExpr &C = **Child;
    E->Class = join(E->Class, C.Class);
    E->DataDependent |= C.DataDependent;
    E->HasThread |= C.HasThread;
    E->Evaluable &= C.Evaluable;
    E->Size += C.Size;
    H = llvm::hash_combine(H, C.Hash);
  }
  E->Hash = H;
  if (E->Size > MaxSymSize && E->Kind != SymKind::Opaque)
    return sym::opaqueOf(E, "complex expression");
  return E;
}

bool isComparison(SymOp Op) {
  switch (Op) {
  case SymOp::LT: case SymOp::GT: case SymOp::LE: case SymOp::GE: case SymOp::EQ:
  case SymOp::NE: case SymOp::LAnd: case SymOp::LOr: case SymOp::LNot:
    return true;
  default:
    return false;
  }
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

SymRef opaque(uint64_t Id, Uniformity Class, bool DataDependent, std::string Label, IntType Ty,
              bool Evaluable) {
  auto E = make(SymKind::Opaque);
  E->Id = Id;
  E->Ty = Ty;
  E->Class = Class;
  E->DataDependent = DataDependent;
  E->Evaluable = Evaluable;
  E->Label = std::move(Label);
  return finish(E);
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

SymRef opaqueOf(const SymRef &E, std::string Label) {
  auto O = make(SymKind::Opaque);
  O->Id = E->Hash;
  O->Ty = E->Ty;
  O->Class = E->Class;
  O->DataDependent = E->DataDependent || E->Class == Uniformity::LaneVarying;
  O->Evaluable = true;
  O->Label = std::move(Label);
  O->Hash = llvm::hash_combine(static_cast<unsigned>(SymKind::Opaque), O->Id, O->Class);
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
  // Built once: trees are immutable, and every cooperative-groups call asks for it.
  static const SymRef Linear = [] {
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

bool symEqual(const SymRef &A, const SymRef &B) {
  if (A == B)
    return true;
  if (!A || !B || A->Hash != B->Hash || A->Kind != B->Kind || A->Op != B->Op ||
      A->Value != B->Value || A->Id != B->Id || A->Dim != B->Dim || !(A->Ty == B->Ty) ||
      A->Class != B->Class)
    return false;
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
  }
}

bool containsIndVar(const SymRef &E, uint64_t LoopId, uint64_t VarId) {
  if (!E)
    return false;
  uint64_t Want = llvm::hash_combine(LoopId, VarId);
  if (E->Kind == SymKind::IndVar && E->Id == Want)
    return true;
  if (E->Kind == SymKind::IndVar)
    return false; // its init/step belong to an earlier iteration space
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
  }
  return "?";
}

namespace {

std::optional<int64_t> lookup(const std::vector<std::pair<uint64_t, int64_t>> &Table,
                              uint64_t Id) {
  for (const auto &[K, V] : Table)
    if (K == Id)
      return V;
  return std::nullopt;
}

// Inlined, as applyBinary: LaneEnumerator calls it for every lane of every node.
[[gnu::always_inline]] inline std::optional<int64_t> applyUnary(SymOp Op, int64_t A, IntType Ty) {
  switch (Op) {
  case SymOp::Neg: return wrapTo(-A, Ty);
  case SymOp::BitNot: return wrapTo(~A, Ty);
  case SymOp::LNot: return A == 0;
  case SymOp::Cast: return wrapTo(A, Ty);
  default: return std::nullopt;
  }
}

// Inlined: LaneEnumerator calls it for every lane of every node.
[[gnu::always_inline]] inline std::optional<int64_t> applyBinary(SymOp Op, int64_t L, int64_t R,
                                                                  IntType OperandTy, IntType Ty) {
  bool U = !OperandTy.Signed;
  uint64_t UL = static_cast<uint64_t>(L), UR = static_cast<uint64_t>(R);
  if (U && OperandTy.Bits < 64) {
    uint64_t Mask = (uint64_t(1) << OperandTy.Bits) - 1;
    UL &= Mask;
    UR &= Mask;
  }
  switch (Op) {
  case SymOp::Add: return wrapTo(static_cast<int64_t>(UL + UR), Ty);
  case SymOp::Sub: return wrapTo(static_cast<int64_t>(UL - UR), Ty);
  case SymOp::Mul: return wrapTo(static_cast<int64_t>(UL * UR), Ty);
  case SymOp::Div:
    if (R == 0 || UR == 0) return std::nullopt;
    if (U) return wrapTo(static_cast<int64_t>(UL / UR), Ty);
    if (L == INT64_MIN && R == -1) return std::nullopt;
    return wrapTo(L / R, Ty);
  case SymOp::Rem:
    if (R == 0 || UR == 0) return std::nullopt;
    if (U) return wrapTo(static_cast<int64_t>(UL % UR), Ty);
    if (L == INT64_MIN && R == -1) return std::nullopt;
    return wrapTo(L % R, Ty);
  case SymOp::Shl:
    if (R < 0 || R >= 64) return std::nullopt;
    return wrapTo(static_cast<int64_t>(UL << R), Ty);
  case SymOp::Shr:
    if (R < 0 || R >= 64) return std::nullopt;
    return U ? wrapTo(static_cast<int64_t>(UL >> R), Ty) : wrapTo(L >> R, Ty);
  case SymOp::And: return wrapTo(static_cast<int64_t>(UL & UR), Ty);
  case SymOp::Or: return wrapTo(static_cast<int64_t>(UL | UR), Ty);
  case SymOp::Xor: return wrapTo(static_cast<int64_t>(UL ^ UR), Ty);
  case SymOp::LT: return U ? UL < UR : L < R;
  case SymOp::GT: return U ? UL > UR : L > R;
  case SymOp::LE: return U ? UL <= UR : L <= R;
  case SymOp::GE: return U ? UL >= UR : L >= R;
  case SymOp::EQ: return U ? UL == UR : L == R;
  case SymOp::NE: return U ? UL != UR : L != R;
  case SymOp::LAnd: return (L != 0) && (R != 0);
  case SymOp::LOr: return (L != 0) || (R != 0);
  case SymOp::Min: return U ? static_cast<int64_t>(std::min(UL, UR)) : std::min(L, R);
  case SymOp::Max: return U ? static_cast<int64_t>(std::max(UL, UR)) : std::max(L, R);
  default: return std::nullopt;
  }
}

/// The type a binary node computes in: comparisons in their operands' type, arithmetic in the
/// node's own.
IntType operandType(const SymExpr &E) {
  if (!isComparison(E.Op))
    return E.Ty;
  IntType OperandTy = E.A->Ty;
  if (E.B->Ty.Bits > OperandTy.Bits)
    OperandTy = E.B->Ty;
  if ((!E.A->Ty.Signed || !E.B->Ty.Signed) && E.A->Ty.Bits == E.B->Ty.Bits)
    OperandTy.Signed = false;
  return OperandTy;
}

/// An induction variable after \p K iterations from \p Init by \p Step (closed forms for the
/// common updates).
std::optional<int64_t> stepIndVar(const SymExpr &E, int64_t Init, int64_t Step, int64_t K) {
  IntType Ty = E.Ty;
  switch (E.Op) {
  case SymOp::Add: return wrapTo(Init + K * Step, Ty);
  case SymOp::Sub: return wrapTo(Init - K * Step, Ty);
  default: break;
  }
  int64_t V = Init;
  for (int64_t I = 0; I < K; ++I) {
    auto Next = applyBinary(E.Op, V, Step, Ty, Ty);
    if (!Next)
      return std::nullopt;
    if (*Next == V)
      break; // a fixed point (0 >> 1, x * 1): later iterations repeat it
    V = *Next;
  }
  return V;
}

// The value of an induction variable after K iterations.
std::optional<int64_t> evaluateIndVar(const SymExpr &E, const EvalEnv &Env) {
  if (!E.A || !E.B)
    return std::nullopt;
  auto K = lookup(Env.Iteration, static_cast<uint64_t>(E.Value));
  if (!K)
    return std::nullopt;
  auto Init = evaluate(*E.A, Env);
  auto Step = evaluate(*E.B, Env);
  if (!Init || !Step)
    return std::nullopt;
  return stepIndVar(E, *Init, *Step, *K);
}

std::optional<int64_t> evaluateNode(const SymExpr &E, const EvalEnv &Env);

} // namespace

std::optional<int64_t> evaluate(const SymExpr &E, const EvalEnv &Env) {
  bool Composite = E.Kind == SymKind::Unary || E.Kind == SymKind::Binary ||
                   E.Kind == SymKind::Select || E.Kind == SymKind::IndVar;
  if (!Env.LaneInvariant || E.HasThread || !Composite)
    return evaluateNode(E, Env);
  if (auto It = Env.LaneInvariant->find(&E); It != Env.LaneInvariant->end())
    return It->second;
  std::optional<int64_t> V = evaluateNode(E, Env);
  Env.LaneInvariant->try_emplace(&E, V); // after the recursion, which may have grown the map
  return V;
}

namespace {

std::optional<int64_t> evaluateNode(const SymExpr &E, const EvalEnv &Env) {
  switch (E.Kind) {
  case SymKind::Const: return E.Value;
  case SymKind::ThreadIdx: return Env.Tid[E.Dim % 3];
  case SymKind::BlockDim: return Env.BlockDim[E.Dim % 3];
  case SymKind::Opaque: {
    auto V = lookup(Env.Opaques, E.Id);
    if (!V)
      return std::nullopt;
    return wrapTo(*V, E.Ty);
  }
  case SymKind::IndVar: return evaluateIndVar(E, Env);
  case SymKind::Unary: {
    auto A = evaluate(*E.A, Env);
    if (!A)
      return std::nullopt;
    return applyUnary(E.Op, *A, E.Ty);
  }
  case SymKind::Binary: {
    if (E.Op == SymOp::LAnd || E.Op == SymOp::LOr) {
      auto A = evaluate(*E.A, Env);
      if (!A)
        return std::nullopt;
      if (E.Op == SymOp::LAnd && *A == 0)
        return 0;
      if (E.Op == SymOp::LOr && *A != 0)
        return 1;
      auto B = evaluate(*E.B, Env);
      if (!B)
        return std::nullopt;
      return *B != 0;
    }
    auto A = evaluate(*E.A, Env);
    auto B = A ? evaluate(*E.B, Env) : std::nullopt;
    if (!A || !B)
      return std::nullopt;
    return applyBinary(E.Op, *A, *B, operandType(E), E.Ty);
  }
  case SymKind::Select: {
    auto C = evaluate(*E.A, Env);
    if (!C)
      return std::nullopt;
    return evaluate(*C ? *E.B : *E.C, Env);
  }
  case SymKind::Dim3:
  case SymKind::Group: return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

namespace {

/// wrapTo for one type, its mask worked out once for a batch of lanes: the low bits, then
/// `(u ^ s) - s` with s the sign bit sign-extends them (s = 0 for unsigned and 64-bit types).
class Wrapper {
public:
  explicit Wrapper(IntType Ty)
      : Mask(Ty.Bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << Ty.Bits) - 1),
        SignBit(Ty.Signed && Ty.Bits > 0 && Ty.Bits < 64 ? uint64_t(1) << (Ty.Bits - 1) : 0) {}
  int64_t operator()(uint64_t V) const {
    return static_cast<int64_t>(((V & Mask) ^ SignBit) - SignBit);
  }

private:
  uint64_t Mask, SignBit;
};

/// Per-lane evaluation of the nodes that read a thread index; everything else is evaluated once
/// for the batch (through evaluate() and its lane-invariant memo) and broadcast.
void evaluateLanesNode(const SymExpr &E, const EvalEnv &Env, const LaneBatch &Lanes,
                       LaneValues &Out) {
  const unsigned N = Lanes.Size;
  const uint64_t All = Lanes.all();
  auto Broadcast = [&](std::optional<int64_t> V) {
    Out.Valid = V ? All : 0;
    if (V)
      std::fill(Out.Value, Out.Value + N, *V);
  };
  if (!E.HasThread) {
    Broadcast(evaluate(E, Env));
    return;
  }
  switch (E.Kind) {
  case SymKind::ThreadIdx:
    for (unsigned L = 0; L < N; ++L)
      Out.Value[L] = Lanes.Tid[E.Dim % 3][L];
    Out.Valid = All;
    return;
  case SymKind::Unary: {
    LaneValues A;
    evaluateLanesNode(*E.A, Env, Lanes, A);
    // The operations that cannot fail, as applyUnary computes them, without its per-lane
    // dispatch (lanes without a value compute garbage that Valid leaves out).
    Wrapper Wrap(E.Ty);
    auto EachLane = [&](auto Apply) {
      for (unsigned L = 0; L < N; ++L)
        Out.Value[L] = Apply(static_cast<uint64_t>(A.Value[L]));
      Out.Valid = A.Valid;
    };
    switch (E.Op) {
    case SymOp::Cast: return EachLane([&](uint64_t X) { return Wrap(X); });
    case SymOp::Neg: return EachLane([&](uint64_t X) { return Wrap(0 - X); });
    case SymOp::BitNot: return EachLane([&](uint64_t X) { return Wrap(~X); });
    case SymOp::LNot: return EachLane([](uint64_t X) -> int64_t { return X == 0; });
    default: break;
    }
    Out.Valid = 0;
    for (unsigned L = 0; L < N; ++L) {
      if (!(A.Valid >> L & 1))
        continue;
      if (auto V = applyUnary(E.Op, A.Value[L], E.Ty)) {
        Out.Value[L] = *V;
        Out.Valid |= uint64_t(1) << L;
      }
    }
    return;
  }
  case SymKind::Binary: {
    LaneValues A, B;
    evaluateLanesNode(*E.A, Env, Lanes, A);
    evaluateLanesNode(*E.B, Env, Lanes, B);
    Out.Valid = 0;
    if (E.Op == SymOp::LAnd || E.Op == SymOp::LOr) {
      // As evaluate() short-circuits: the right side only matters where the left does not
      // decide (it has no side effects, so evaluating it everywhere changes nothing).
      for (unsigned L = 0; L < N; ++L) {
        if (!(A.Valid >> L & 1))
          continue;
        bool Left = A.Value[L] != 0;
        if (Left == (E.Op == SymOp::LOr)) {
          Out.Value[L] = Left;
        } else if (B.Valid >> L & 1) {
          Out.Value[L] = B.Value[L] != 0;
        } else {
          continue;
        }
        Out.Valid |= uint64_t(1) << L;
      }
      return;
    }
    IntType OperandTy = operandType(E);
    uint64_t Both = A.Valid & B.Valid;
    // The common operations that cannot fail, without applyBinary's per-lane dispatch.
    auto EachLane = [&](auto Apply) {
      for (unsigned L = 0; L < N; ++L)
        Out.Value[L] = Apply(A.Value[L], B.Value[L]);
      Out.Valid = Both;
    };
    auto Masked = [&](int64_t V) { // an operand as the unsigned comparison reads it
      return OperandTy.Bits < 64 ? static_cast<uint64_t>(V) & ((uint64_t(1) << OperandTy.Bits) - 1)
                                 : static_cast<uint64_t>(V);
    };
    bool Unsigned = !OperandTy.Signed;
    Wrapper Wrap(E.Ty);
    switch (E.Op) {
    case SymOp::Add:
      return EachLane([&](int64_t X, int64_t Y) {
        return Wrap(static_cast<uint64_t>(X) + static_cast<uint64_t>(Y));
      });
    case SymOp::Sub:
      return EachLane([&](int64_t X, int64_t Y) {
        return Wrap(static_cast<uint64_t>(X) - static_cast<uint64_t>(Y));
      });
    case SymOp::LT:
      if (Unsigned)
        return EachLane([&](int64_t X, int64_t Y) -> int64_t { return Masked(X) < Masked(Y); });
      return EachLane([](int64_t X, int64_t Y) -> int64_t { return X < Y; });
    case SymOp::LE:
      if (Unsigned)
        return EachLane([&](int64_t X, int64_t Y) -> int64_t { return Masked(X) <= Masked(Y); });
      return EachLane([](int64_t X, int64_t Y) -> int64_t { return X <= Y; });
    case SymOp::GT:
      if (Unsigned)
        return EachLane([&](int64_t X, int64_t Y) -> int64_t { return Masked(X) > Masked(Y); });
      return EachLane([](int64_t X, int64_t Y) -> int64_t { return X > Y; });
    case SymOp::GE:
      if (Unsigned)
        return EachLane([&](int64_t X, int64_t Y) -> int64_t { return Masked(X) >= Masked(Y); });
      return EachLane([](int64_t X, int64_t Y) -> int64_t { return X >= Y; });
    case SymOp::EQ:
      if (Unsigned)
        return EachLane([&](int64_t X, int64_t Y) -> int64_t { return Masked(X) == Masked(Y); });
      return EachLane([](int64_t X, int64_t Y) -> int64_t { return X == Y; });
    case SymOp::NE:
      if (Unsigned)
        return EachLane([&](int64_t X, int64_t Y) -> int64_t { return Masked(X) != Masked(Y); });
      return EachLane([](int64_t X, int64_t Y) -> int64_t { return X != Y; });
    default: break;
    }
    for (unsigned L = 0; L < N; ++L) {
      if (!(Both >> L & 1))
        continue;
      if (auto V = applyBinary(E.Op, A.Value[L], B.Value[L], OperandTy, E.Ty)) {
        Out.Value[L] = *V;
        Out.Valid |= uint64_t(1) << L;
      }
    }
    return;
  }
  case SymKind::Select: {
    LaneValues C, T, F;
    evaluateLanesNode(*E.A, Env, Lanes, C);
    evaluateLanesNode(*E.B, Env, Lanes, T);
    evaluateLanesNode(*E.C, Env, Lanes, F);
    Out.Valid = 0;
    for (unsigned L = 0; L < N; ++L) {
      if (!(C.Valid >> L & 1))
        continue;
      const LaneValues &Side = C.Value[L] ? T : F;
      if (Side.Valid >> L & 1) {
        Out.Value[L] = Side.Value[L];
        Out.Valid |= uint64_t(1) << L;
      }
    }
    return;
  }
  case SymKind::IndVar: {
    Out.Valid = 0;
    if (!E.A || !E.B)
      return;
    auto K = lookup(Env.Iteration, static_cast<uint64_t>(E.Value));
    if (!K)
      return;
    LaneValues Init, Step;
    evaluateLanesNode(*E.A, Env, Lanes, Init);
    evaluateLanesNode(*E.B, Env, Lanes, Step);
    uint64_t Both = Init.Valid & Step.Valid;
    if (E.Op == SymOp::Add || E.Op == SymOp::Sub) {
      // stepIndVar's closed forms, which cannot fail, with the wrap worked out once.
      Wrapper Wrap(E.Ty);
      uint64_t Iterations = static_cast<uint64_t>(*K);
      for (unsigned L = 0; L < N; ++L) {
        uint64_t Start = Init.Value[L], Stride = Iterations * static_cast<uint64_t>(Step.Value[L]);
        Out.Value[L] = Wrap(E.Op == SymOp::Add ? Start + Stride : Start - Stride);
      }
      Out.Valid = Both;
      return;
    }
    for (unsigned L = 0; L < N; ++L) {
      if (!(Both >> L & 1))
        continue;
      if (auto V = stepIndVar(E, Init.Value[L], Step.Value[L], *K)) {
        Out.Value[L] = *V;
        Out.Valid |= uint64_t(1) << L;
      }
    }
    return;
  }
  default:
    // Leaves that do not depend on the lane (opaque stand-ins of thread-reading trees).
    Broadcast(evaluateNode(E, Env));
    return;
  }
}

} // namespace

void evaluateLanes(const SymExpr &E, const EvalEnv &Env, const LaneBatch &Lanes,
                   LaneValues &Out) {
  assert(Lanes.Size <= LaneBatch::MaxLanes);
  evaluateLanesNode(E, Env, Lanes, Out);
}

} // namespace divlint
