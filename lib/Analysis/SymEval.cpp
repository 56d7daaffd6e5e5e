//===- SymEval.cpp - evaluating SymExpr trees on concrete values ---------===//
//
// evaluate() and evaluateLanes(): what LaneEnumerator computes a condition with, for one
// thread or a warp of threads at a time.
//
//===----------------------------------------------------------------------===//
#include "divlint/Analysis/SymExpr.h"
#include "divlint/Analysis/SymOps.h"

#include "llvm/ADT/DenseMap.h"

namespace divlint {

namespace {

std::optional<int64_t> lookup(const std::vector<std::pair<uint64_t, int64_t>> &Table,
                              uint64_t Id) {
  for (const auto &[K, V] : Table)
    if (K == Id)
      return V;
  return std::nullopt;
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
    auto Next = applySymBinary(E.Op, V, Step, Ty, Ty);
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
    return applySymUnary(E.Op, *A, E.Ty);
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
    return applySymBinary(E.Op, *A, *B, symOperandType(E), E.Ty);
  }
  case SymKind::Select: {
    auto C = evaluate(*E.A, Env);
    if (!C)
      return std::nullopt;
    return evaluate(*C ? *E.B : *E.C, Env);
  }
  case SymKind::Dim3:
  case SymKind::Group:
  case SymKind::Record: return std::nullopt;
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
      if (auto V = applySymUnary(E.Op, A.Value[L], E.Ty)) {
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
    IntType OperandTy = symOperandType(E);
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
      if (auto V = applySymBinary(E.Op, A.Value[L], B.Value[L], OperandTy, E.Ty)) {
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
