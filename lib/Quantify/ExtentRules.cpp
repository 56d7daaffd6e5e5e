#include "divlint/Quantify/ExtentRules.h"

#include <algorithm>

namespace divlint {

namespace {
// Values tried for the unknowns and iterations of the thread side: the answer must hold for each.
constexpr int64_t Samples[] = {0, 1, 17, 100};

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
  bool Exact = true;
  forEachLeaf(Guard, [&](const SymExpr &Leaf) {
    Exact &= Leaf.Kind != SymKind::Opaque && Leaf.Kind != SymKind::IndVar;
  });
  if (!Exact)
    return false;
  // A sample of the layouts an open launch allows proves nothing about the thread indices it
  // leaves open: `tx == 5` lets one lane of a warp through in 1024-wide rows, two in 16-wide
  // ones (generator seed 13).
  for (const BlockShape &S : Shapes) {
    if (!S.Sampled)
      continue;
    unsigned Open = S.firstUnfixed();
    bool ReadsOpen = false;
    forEachLeaf(Guard, [&](const SymExpr &Leaf) {
      ReadsOpen |= Leaf.Kind == SymKind::ThreadIdx && Leaf.Dim >= Open;
    });
    if (ReadsOpen)
      return false;
  }
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
      evaluateLanes(*Guard, Env, B, V);
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
