#include "divlint/Quantify/ExtentRules.h"

#include "divlint/Analysis/LinearThreadId.h"

#include <algorithm>

namespace divlint {

namespace {
// Values tried for the unknowns and iterations of the thread side: the answer must hold for each.
constexpr int64_t Samples[] = {0, 1, 17, 100};

/// The blockDim components (bit D for x, y, z) that some shape of \p Shapes does not know:
/// its value there stands for every value the launch may have.
unsigned openBlockDims(const std::vector<BlockShape> &Shapes) {
  unsigned Open = 0;
  for (const BlockShape &S : Shapes)
    Open |= ~S.knownDims() & 7u;
  return Open;
}

/// Whether \p E reads a component (bit D for x, y, z) of \p Open of blockDim (\p Kind
/// BlockDim) or threadIdx (ThreadIdx) other than inside the linear thread id, whose lanes form
/// warps in the same order whatever the block's sizes.
bool readsOpen(const SymExpr &E, SymKind Kind, unsigned Open) {
  if (E.Kind == Kind)
    return (Open >> E.Dim) & 1;
  if (linearThreadIdDims(E) == 3)
    return false;
  for (const SymRef *Child : {&E.A, &E.B, &E.C})
    if (*Child && readsOpen(**Child, Kind, Open))
      return true;
  return false;
}

/// The conjuncts of \p Guard that do not read an open blockDim component: a conjunct such as
/// `blockDim.x == 4` may be false in every shape tried and true in the launch (generator seed
/// 24), so it keeps no lane out. Null when none is left. Fewer conjuncts admit more lanes.
SymRef withoutOpenBlockDims(const SymRef &Guard, unsigned Open) {
  if (!Open || !readsOpen(*Guard, SymKind::BlockDim, Open))
    return Guard;
  if (Guard->Kind != SymKind::Binary || Guard->Op != SymOp::LAnd)
    return nullptr;
  SymRef L = withoutOpenBlockDims(Guard->A, Open), R = withoutOpenBlockDims(Guard->B, Open);
  if (!L || !R)
    return L ? L : R;
  return sym::binary(SymOp::LAnd, L, R, Guard->Ty);
}

const SymExpr *strip(const SymExpr *E) {
  while (E && E->Kind == SymKind::Unary && (E->Op == SymOp::Cast || E->Op == SymOp::LNot))
    E = E->A.get();
  return E;
}
} // namespace

bool tailSplitsEveryWarp(const EnumerationQuery &Q, const BlockShape &Shape) {
  const SymExpr *C = strip(Q.Cond.get());
  if (!C || C->Kind != SymKind::Binary ||
      !(C->Op == SymOp::LT || C->Op == SymOp::LE || C->Op == SymOp::GT || C->Op == SymOp::GE))
    return false;
  const SymRef *Side = C->A->HasThread && !C->B->HasThread   ? &C->A
                       : C->B->HasThread && !C->A->HasThread ? &C->B
                                                             : nullptr;
  if (!Side)
    return false;
  unsigned WarpSize = Q.WarpSize ? Q.WarpSize : 32;
  unsigned Warps = Shape.threads() / WarpSize; // whole warps only
  if (Warps < 2 || WarpSize > LaneBatch::MaxLanes)
    return false;
  std::vector<uint64_t> Opaques, Loops;
  forEachLeaf(*Side, [&](const SymExpr &Leaf) {
    if (Leaf.Kind == SymKind::Opaque)
      Opaques.push_back(Leaf.Id);
    else if (Leaf.Kind == SymKind::IndVar)
      Loops.push_back(static_cast<uint64_t>(Leaf.Value));
  });
  EvalEnv Env;
  Env.BlockDim[0] = Shape.X;
  Env.BlockDim[1] = Shape.Y;
  Env.BlockDim[2] = Shape.Z;
  auto Fill = [&](unsigned W, LaneBatch &B) {
    B.Size = WarpSize;
    for (unsigned L = 0; L < WarpSize; ++L) {
      unsigned Linear = W * WarpSize + L;
      B.Tid[0][L] = Linear % Shape.X;
      B.Tid[1][L] = (Linear / Shape.X) % Shape.Y;
      B.Tid[2][L] = Linear / (Shape.X * Shape.Y);
    }
  };
  for (int64_t S : Samples) {
    Env.Opaques.clear();
    Env.Iteration.clear();
    for (size_t J = 0; J < Opaques.size(); ++J)
      Env.Opaques.push_back({Opaques[J], S + int64_t(J)});
    for (uint64_t L : Loops)
      Env.Iteration.push_back({L, S % 4});
    LaneBatch First;
    Fill(0, First);
    LaneValues Want;
    evaluateLanes(**Side, Env, First, Want);
    if (Want.Valid != First.all())
      return false;
    for (unsigned W = 1; W < Warps; ++W) {
      LaneBatch B;
      Fill(W, B);
      LaneValues Got;
      evaluateLanes(**Side, Env, B, Got);
      if (Got.Valid != B.all() ||
          !std::equal(Got.Value, Got.Value + WarpSize, Want.Value))
        return false;
    }
  }
  return true;
}

bool guardAdmitsOneLanePerWarp(const SymRef &Guard, const std::vector<BlockShape> &Shapes,
                               unsigned WarpSize) {
  if (!Guard || Shapes.empty() || !WarpSize || WarpSize > LaneBatch::MaxLanes)
    return false;
  const SymRef Kept = withoutOpenBlockDims(Guard, openBlockDims(Shapes));
  if (!Kept)
    return false;
  bool Exact = true;
  forEachLeaf(Kept, [&](const SymExpr &Leaf) {
    Exact &= Leaf.Kind != SymKind::Opaque && Leaf.Kind != SymKind::IndVar;
  });
  if (!Exact)
    return false;
  // A sample of the layouts an open launch allows proves nothing about the thread indices it
  // leaves open: `tx == 5` lets one lane of a warp through in 1024-wide rows, two in 16-wide
  // ones (generator seed 13). The linear thread id (`lin == 0`) is the same in every layout.
  for (const BlockShape &S : Shapes)
    if (S.Sampled && readsOpen(*Kept, SymKind::ThreadIdx, (7u << S.firstUnfixed()) & 7))
      return false;
  std::vector<BlockShape> All = Shapes;
  for (const BlockShape &S : Shapes)
    if (S.assumed())
      for (const BlockShape &C : unknownShapeCandidates(S))
        All.push_back(C);
  for (const BlockShape &S : All) {
    EvalEnv Env;
    Env.BlockDim[0] = S.X;
    Env.BlockDim[1] = S.Y;
    Env.BlockDim[2] = S.Z;
    unsigned Threads = S.threads();
    for (unsigned First = 0; First < Threads; First += WarpSize) {
      LaneBatch B;
      B.Size = std::min(WarpSize, Threads - First);
      for (unsigned L = 0; L < B.Size; ++L) {
        unsigned Linear = First + L;
        B.Tid[0][L] = Linear % S.X;
        B.Tid[1][L] = (Linear / S.X) % S.Y;
        B.Tid[2][L] = Linear / (S.X * S.Y);
      }
      LaneValues V;
      evaluateLanes(*Kept, Env, B, V);
      if (V.Valid != B.all())
        return false; // not evaluable: a lane may pass
      unsigned Pass = 0;
      for (unsigned L = 0; L < B.Size; ++L)
        Pass += V.Value[L] != 0;
      if (Pass > 1)
        return false;
    }
  }
  return true;
}

} // namespace divlint
