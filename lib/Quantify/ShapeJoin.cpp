//===- ShapeJoin.cpp - one condition over every block shape of a kernel --===//
//
// A kernel may be launched with several shapes, or with one divlint does not know: the
// condition is enumerated for each (and, when every shape is assumed and it reads y or z, for
// layouts where those change inside a warp), and the worst result stands.
//
//===----------------------------------------------------------------------===//
#include "divlint/Analysis/LinearThreadId.h"
#include "divlint/Quantify/EnumerationMemo.h"
#include "divlint/Quantify/LaneEnumerator.h"

#include <algorithm>

namespace divlint {

/// Whether the query reads threadIdx.y/z or blockDim.y/z (in the condition, the guard or the
/// enclosing loops' conditions): only then does the block's layout beyond x matter.
static bool readsBeyondX(const SymExpr *E) {
  // A plain walk: trees are small (MaxSymSize nodes counting repeats).
  if (!E)
    return false;
  if (E->Kind == SymKind::ThreadIdx || E->Kind == SymKind::BlockDim)
    return E->Dim > 0;
  return readsBeyondX(E->A.get()) || readsBeyondX(E->B.get()) || readsBeyondX(E->C.get());
}
static bool readsBeyondX(const EnumerationQuery &Q) {
  if (readsBeyondX(Q.Cond.get()) || readsBeyondX(Q.Guard.get()))
    return true;
  for (const LoopContext &L : Q.Loops)
    if (readsBeyondX(L.Cond.get()))
      return true;
  return false;
}

/// Whether the query reads threadIdx.y or threadIdx.z (not blockDim: a size is the same in
/// every thread whatever the layout), other than inside the linear thread id: lane L of warp W
/// holds 32W + L in every layout (LinearThreadId.h).
static bool readsThreadBeyondX(const SymExpr *E) {
  if (!E)
    return false;
  if (E->Kind == SymKind::Binary && linearThreadIdDims(*E) == 3)
    return false;
  if (E->Kind == SymKind::ThreadIdx)
    return E->Dim > 0;
  return readsThreadBeyondX(E->A.get()) || readsThreadBeyondX(E->B.get()) ||
         readsThreadBeyondX(E->C.get());
}
/// (Not the guard: which lanes reach a condition that reads neither cannot make it differ.)
static bool readsThreadBeyondX(const EnumerationQuery &Q) {
  if (readsThreadBeyondX(Q.Cond.get()))
    return true;
  for (const LoopContext &L : Q.Loops)
    if (readsThreadBeyondX(L.Cond.get()))
      return true;
  return false;
}

/// Whether \p S leaves the block's layout beyond x open: assumed (no launch fixes it), except
/// a kernel that asserts a blockDim.x that is a multiple of the warp (its rows never share a
/// warp, whatever y and z are).
static bool layoutOpen(const BlockShape &S, unsigned WarpSize) {
  if (S.Source == "assert-x")
    return S.X % WarpSize != 0;
  return S.assumed();
}

std::vector<BlockShape> unknownShapeCandidates(const BlockShape &Assumed) {
  unsigned Threads = std::max(Assumed.threads(), 32u);
  BlockShape Rows, Slices;
  if (Assumed.Source == "assert-x") {
    // x is known, y and z are not: a shape where both take several values (inside a warp
    // when rows are narrower than one, else from warp to warp).
    Rows.X = Assumed.X;
    Rows.Y = std::max(1u, std::min(MaxThreadsPerBlock / Assumed.X, 4u));
    Rows.Z = std::max(1u, std::min(MaxThreadsPerBlock / (Assumed.X * Rows.Y), 2u));
    Rows.Source = "unknown";
    return {Rows};
  }
  // Of the shapes a block of this many threads may have, ones where y and z change inside a
  // warp: 16-wide rows (two per warp), 4x4 slices (two per warp), and 12-wide rows, whose row
  // boundaries fall inside warps (a threshold on y splits a warp unless 12 * y is a multiple of
  // 32), so that no comparison of y or z is proven warp-uniform by an assumed shape.
  BlockShape Odd;
  Rows.X = 16;
  Rows.Y = std::max(1u, std::min(16u, Threads / 16));
  Slices.X = 4;
  Slices.Y = 4;
  Slices.Z = std::max(1u, std::min(4u, Threads / 16));
  Odd.X = 12;
  Odd.Y = std::max(1u, std::min(10u, Threads / 24));
  Odd.Z = Threads >= 48 ? 2 : 1;
  Rows.Source = Slices.Source = Odd.Source = "unknown";
  return {Rows, Slices, Odd};
}

EnumerationResult enumerateCondition(const EnumerationQuery &Q,
                                     const std::vector<BlockShape> &Shapes) {
  std::optional<EnumerationResult> Worst;
  auto Fraction = [](const EnumerationResult &R) {
    return R.DivergentWarps && R.TotalWarps && *R.TotalWarps
               ? double(*R.DivergentWarps) / *R.TotalWarps
               : 0.0;
  };
  // An assumed shape proves nothing about y and z: a condition that reads them is also
  // evaluated for shapes where they vary inside a warp (the class is the join).
  std::vector<BlockShape> All = Shapes;
  bool Assumed = std::any_of(Shapes.begin(), Shapes.end(),
                             [](const BlockShape &S) { return S.assumed(); });
  if (Assumed && readsBeyondX(Q))
    for (const BlockShape &C : unknownShapeCandidates(Shapes.front()))
      All.push_back(C);
  std::string QueryKey = Q.Cond ? canonicalQueryKey(Q) : std::string();
  for (const BlockShape &S : All) {
    EnumerationResult R = enumerateCondition(Q, S, QueryKey);
    if (!Worst || R.Class > Worst->Class ||
        (R.Class == Worst->Class && Fraction(R) > Fraction(*Worst)))
      Worst = std::move(R);
  }
  if (!Worst)
    return enumerateCondition(Q, BlockShape{});
  // The candidates are examples, not every layout: the rows of a block whose layout no launch
  // fixes may end anywhere inside a warp (6x5x3 puts z = 1 and z = 2 in one warp), so a
  // condition on threadIdx.y or z is uniform for no layout divlint can prove (DESIGN §6.1:
  // uniform is proved, not sampled). Lane-varying, with no witness: a note saying the layout
  // decides.
  unsigned WarpSize = Q.WarpSize ? Q.WarpSize : 32;
  bool Open = std::any_of(Shapes.begin(), Shapes.end(),
                          [&](const BlockShape &S) { return layoutOpen(S, WarpSize); });
  if (Open && Worst->Class != Uniformity::LaneVarying && readsThreadBeyondX(Q)) {
    EnumerationResult Unproven;
    Unproven.Class = Uniformity::LaneVarying;
    Unproven.Ext = Extent::Partial;
    Unproven.Sampled = true;
    Unproven.SplitUnseen = true;
    Unproven.ValuesDecideSplit = {"the block's layout (no launch fixes it)"};
    Unproven.Shape = Worst->Shape;
    return Unproven;
  }
  return *Worst;
}


} // namespace divlint
