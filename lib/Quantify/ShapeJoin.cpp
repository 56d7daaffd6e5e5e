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

/// Whether the query reads threadIdx.<d> for some d >= \p From (not blockDim: a size is the
/// same in every thread whatever the layout), other than inside the linear thread id: lane L
/// of warp W holds 32W + L in every layout (LinearThreadId.h; `x + y * blockDim.x` is it where
/// every shape fixes z at 1, \p ZIsOne).
static bool readsThreadFrom(const SymExpr *E, unsigned From, bool ZIsOne) {
  if (!E)
    return false;
  if (E->Kind == SymKind::Binary) {
    unsigned Dims = linearThreadIdDims(*E);
    if (Dims == 3 || (Dims == 2 && ZIsOne))
      return false;
  }
  if (E->Kind == SymKind::ThreadIdx)
    return E->Dim >= From;
  return readsThreadFrom(E->A.get(), From, ZIsOne) || readsThreadFrom(E->B.get(), From, ZIsOne) ||
         readsThreadFrom(E->C.get(), From, ZIsOne);
}
/// (Not the guard: which lanes reach a condition that reads none cannot make it differ.)
static bool readsThreadFrom(const EnumerationQuery &Q, unsigned From, bool ZIsOne = false) {
  if (readsThreadFrom(Q.Cond.get(), From, ZIsOne))
    return true;
  for (const LoopContext &L : Q.Loops)
    if (readsThreadFrom(L.Cond.get(), From, ZIsOne))
      return true;
  return false;
}

/// The first thread-index dimension whose values in a warp \p S does not decide (3: none).
/// An assumed shape (no launch fixes it) is taken as one-dimensional, the documented default,
/// and leaves y and z open. A kernel that asserts blockDim.x leaves them open unless x is a
/// multiple of the warp (its rows never share a warp, whatever y and z are); x is exact (a
/// lane's x is its linear id mod X in every layout, decided by rowsCandidate). A sample of a
/// partly known launch's layouts decides the dimensions it fixes before the first it leaves
/// open (candidateShapes adds the shape that holds all their warps) and no others.
static unsigned openFrom(const BlockShape &S, unsigned WarpSize) {
  if (S.Sampled)
    return S.firstUnfixed();
  if (S.Source == "assert-x")
    return S.X % WarpSize != 0 ? 1 : 3;
  return S.assumed() ? 1 : 3;
}

/// For a kernel that asserts blockDim.x == X: X-wide rows, as many as a block may have. Every
/// warp of every shape it allows is (a part of) one of its warps as far as x goes.
static BlockShape rowsCandidate(const BlockShape &AssertX) {
  BlockShape Rows;
  Rows.X = AssertX.X;
  Rows.Y = std::max(1u, MaxThreadsPerBlock / AssertX.X);
  Rows.Z = 1;
  Rows.Source = "unknown";
  return Rows;
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
  unsigned WarpSize = Q.WarpSize ? Q.WarpSize : 32;
  // An asserted x that is no multiple of the warp: rows that end inside warps decide x too.
  for (const BlockShape &S : Shapes)
    if (S.Source == "assert-x" && S.X % WarpSize != 0 && readsThreadFrom(Q, 0))
      All.push_back(rowsCandidate(S));
  std::string QueryKey = Q.Cond ? canonicalQueryKey(Q) : std::string();
  bool SomeLayoutUniform = false;
  for (const BlockShape &S : All) {
    EnumerationResult R = enumerateCondition(Q, S, QueryKey);
    SomeLayoutUniform |= R.Class != Uniformity::LaneVarying;
    if (!Worst || R.Class > Worst->Class ||
        (R.Class == Worst->Class && Fraction(R) > Fraction(*Worst)))
      Worst = std::move(R);
    if (Q.ClassOnly && Worst->Class == Uniformity::LaneVarying) {
      // No other shape changes the class; the numbers are one shape's, not the join's (even
      // when that shape's came whole from the memo).
      Worst->Stopped = true;
      break;
    }
  }
  if (!Worst)
    return enumerateCondition(Q, BlockShape{});
  // The candidates are examples, not every layout: the rows of a block whose layout no launch
  // fixes may end anywhere inside a warp (6x5x3 puts z = 1 and z = 2 in one warp; a 40x?x?
  // launch puts x = 32..39 and 0..23 in one), so a condition on the thread indices the shape
  // leaves open is uniform for no layout divlint can prove (DESIGN §6.1: uniform is proved,
  // not sampled). Lane-varying, with no witness: a note saying the layout decides.
  unsigned OpenFrom = 3;
  bool ZIsOne = true, Sampled = false, Partly = false;
  for (const BlockShape &S : Shapes) {
    OpenFrom = std::min(OpenFrom, openFrom(S, WarpSize));
    ZIsOne &= !S.assumed() && (S.FixedDims & 4u) && S.Z == 1;
    Sampled |= S.Sampled;
    Partly |= S.Sampled && S.FixedDims;
  }
  const char *Layout = Partly ? "the block's layout (the launch fixes only some of its dimensions)"
                              : "the block's layout (no launch fixes it)";
  bool Open = readsThreadFrom(Q, OpenFrom, ZIsOne);
  if (Worst->Class != Uniformity::LaneVarying && Open) {
    EnumerationResult Unproven;
    Unproven.Class = Uniformity::LaneVarying;
    Unproven.Ext = Extent::Partial;
    Unproven.Sampled = true;
    Unproven.SplitUnseen = true;
    Unproven.ValuesDecideSplit = {Layout};
    Unproven.LayoutDecidesSplit = true;
    Unproven.Shape = Worst->Shape;
    return Unproven;
  }
  // Split in some sampled layouts and not in others: the numbers are the worst layout's.
  if (Open && SomeLayoutUniform && Sampled) {
    Worst->ValuesDecideSplit.push_back(Layout);
    Worst->LayoutDecidesSplit = true;
  }
  return *Worst;
}


} // namespace divlint
