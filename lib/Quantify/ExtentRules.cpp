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

} // namespace divlint
