#include "divlint/Quantify/LaneEnumerator.h"
#include "divlint/Quantify/EnumerationMemo.h"
#include <gtest/gtest.h>

using namespace divlint;

namespace {
const IntType U32{32, false}, B1{1, false};
SymRef c(int64_t V) { return sym::constant(V, U32); }
SymRef tx() { return sym::threadIdx(0); }
SymRef ty() { return sym::threadIdx(1); }
SymRef tz() { return sym::threadIdx(2); }
SymRef bin(SymOp Op, SymRef A, SymRef B) { return sym::binary(Op, A, B, U32); }
SymRef cmp(SymOp Op, SymRef A, SymRef B) { return sym::binary(Op, A, B, B1); }
BlockShape shape(unsigned X, unsigned Y = 1, unsigned Z = 1) {
  BlockShape S;
  S.X = X;
  S.Y = Y;
  S.Z = Z;
  S.Source = "option";
  return S;
}
EnumerationResult run(SymRef Cond, BlockShape S, SymRef Guard = nullptr) {
  EnumerationQuery Q;
  Q.Cond = Cond;
  Q.Guard = Guard;
  return enumerateCondition(Q, S);
}
} // namespace

TEST(LaneEnumerator, OneDimensionalEveryWarp) {
  auto R = run(cmp(SymOp::EQ, bin(SymOp::Rem, tx(), c(2)), c(0)), shape(256));
  EXPECT_EQ(R.Class, Uniformity::LaneVarying);
  EXPECT_EQ(R.Ext, Extent::EveryWarp);
  EXPECT_EQ(R.DivergentWarps, 8u);
  EXPECT_EQ(R.TotalWarps, 8u);
  EXPECT_EQ(R.TrueLanes, 16u);
  EXPECT_EQ(R.ActiveLanes, 32u);
  EXPECT_EQ(R.LaneMap, "TFTFTFTFTFTFTFTFTFTFTFTFTFTFTFTF");
}

TEST(LaneEnumerator, OneDimensionalPartialAndWarpAligned) {
  auto Partial = run(cmp(SymOp::LT, tx(), c(20)), shape(256));
  EXPECT_EQ(Partial.Ext, Extent::Partial);
  EXPECT_EQ(Partial.DivergentWarps, 1u);
  EXPECT_EQ(Partial.TrueLanes, 20u);
  auto Aligned = run(cmp(SymOp::LT, tx(), c(64)), shape(256));
  EXPECT_EQ(Aligned.Class, Uniformity::WarpUniform);
  EXPECT_FALSE(Aligned.Ext.has_value());
  auto Whole = run(cmp(SymOp::LT, tx(), c(64)), shape(64));
  EXPECT_EQ(Whole.Class, Uniformity::BlockUniform) << "every thread of a 64-thread block agrees";
}

TEST(LaneEnumerator, TwoDimensional16x16) {
  // Each warp holds two rows: y < 8 is warp-uniform, x < 8 splits every warp 16/32.
  EXPECT_EQ(run(cmp(SymOp::LT, ty(), c(8)), shape(16, 16)).Class, Uniformity::WarpUniform);
  auto X = run(cmp(SymOp::LT, tx(), c(8)), shape(16, 16));
  EXPECT_EQ(X.Ext, Extent::EveryWarp);
  EXPECT_EQ(X.TrueLanes, 16u);
  auto YOdd = run(cmp(SymOp::EQ, bin(SymOp::Rem, ty(), c(2)), c(0)), shape(16, 16));
  EXPECT_EQ(YOdd.Ext, Extent::EveryWarp);
  EXPECT_EQ(YOdd.DivergentWarps, 8u);
  EXPECT_EQ(run(cmp(SymOp::EQ, tz(), c(0)), shape(16, 16)).Class, Uniformity::BlockUniform);
}

TEST(LaneEnumerator, ThreeDimensional) {
  // 8x4x4: linear id = x + 8y + 32z, so each warp is one z-plane.
  EXPECT_EQ(run(cmp(SymOp::LT, tz(), c(2)), shape(8, 4, 4)).Class, Uniformity::WarpUniform);
  auto Y = run(cmp(SymOp::LT, ty(), c(1)), shape(8, 4, 4));
  EXPECT_EQ(Y.Ext, Extent::EveryWarp);
  EXPECT_EQ(Y.TrueLanes, 8u);
  EXPECT_EQ(Y.ActiveLanes, 32u);
}

TEST(LaneEnumerator, PartialLastWarpOfA100ThreadBlock) {
  // Warp 3 holds threads 96..99 only: 4 active lanes, tid < 98 splits it 2/4.
  auto R = run(cmp(SymOp::LT, tx(), c(98)), shape(100));
  EXPECT_EQ(R.TotalWarps, 4u);
  EXPECT_EQ(R.DivergentWarps, 1u);
  EXPECT_EQ(R.TrueLanes, 2u);
  EXPECT_EQ(R.ActiveLanes, 4u);
  EXPECT_EQ(R.LaneMap.substr(0, 5), "TTFF.");
}

TEST(LaneEnumerator, GuardRestrictsTheActiveLanes) {
  // if (tid < 20) { if (tid % 2) ... }: only warp 0 reaches the inner branch.
  auto R = run(cmp(SymOp::NE, bin(SymOp::Rem, tx(), c(2)), c(0)), shape(256),
               cmp(SymOp::LT, tx(), c(20)));
  EXPECT_EQ(R.DivergentWarps, 1u);
  EXPECT_EQ(R.TrueLanes, 10u);
  EXPECT_EQ(R.ActiveLanes, 20u);
}

TEST(LaneEnumerator, TailAgainstAnUnknownThreshold) {
  SymRef N = sym::opaque(42, Uniformity::BlockUniform, false, "n", {32, true});
  SymRef Bid = sym::opaque(43, Uniformity::BlockUniform, false, "blockIdx.x", U32);
  SymRef Gid = bin(SymOp::Add, bin(SymOp::Mul, Bid, sym::blockDim(0)), tx());
  auto R = run(cmp(SymOp::LT, Gid, N), shape(256));
  EXPECT_EQ(R.Class, Uniformity::LaneVarying);
  EXPECT_EQ(R.Ext, Extent::Tail);
  // Not monotone in the thread index: sampled, not a tail.
  auto Masked = run(cmp(SymOp::EQ, bin(SymOp::And, Gid, c(31)), c(0)), shape(256));
  EXPECT_EQ(Masked.Ext, Extent::EveryWarp);
  EXPECT_EQ(Masked.TrueLanes, 1u);
}

TEST(LaneEnumerator, DataDependentAndUniformLeaves) {
  SymRef Load = sym::opaque(9, Uniformity::LaneVarying, true, "x[i]");
  EXPECT_EQ(run(cmp(SymOp::GT, Load, c(0)), shape(256)).Ext, Extent::DataDependent);
  SymRef Vote = sym::opaque(10, Uniformity::WarpUniform, false, "ballot");
  EXPECT_EQ(run(cmp(SymOp::EQ, Vote, c(0)), shape(256)).Class, Uniformity::WarpUniform);
}

TEST(LaneEnumerator, TreeReductionLoopIsEnumeratedPerIteration) {
  // for (st = blockDim.x/2; st >= 32; st >>= 1) if (t < st) ...  -> warp-uniform
  // for (st = 16; st > 0; st >>= 1) if (t < st) ...              -> partial, warp 0 only
  const uint64_t L1 = 11, L2 = 12;
  SymRef St1 = sym::indVar(L1, 1, bin(SymOp::Div, sym::blockDim(0), c(2)), SymOp::Shr, c(1), U32,
                           "st");
  EnumerationQuery Q1;
  Q1.Cond = cmp(SymOp::LT, tx(), St1);
  Q1.Loops = {{L1, cmp(SymOp::GE, St1, c(32))}};
  EXPECT_EQ(enumerateCondition(Q1, shape(256)).Class, Uniformity::WarpUniform);

  SymRef St2 = sym::indVar(L2, 1, c(16), SymOp::Shr, c(1), U32, "st");
  EnumerationQuery Q2;
  Q2.Cond = cmp(SymOp::LT, tx(), St2);
  Q2.Loops = {{L2, cmp(SymOp::GT, St2, c(0))}};
  auto R = enumerateCondition(Q2, shape(256));
  EXPECT_EQ(R.Ext, Extent::Partial);
  EXPECT_EQ(R.DivergentWarps, 1u);
  EXPECT_FALSE(R.TrueLanes.has_value()) << "16/32, 8/32, ... differ: no single split";
}

TEST(LaneEnumerator, LoopConditionTracksLanesThatLeft) {
  // for (i = 0; i < tid; ++i): every warp diverges at some iteration.
  const uint64_t L = 13;
  SymRef I = sym::indVar(L, 1, c(0), SymOp::Add, c(1), U32, "i");
  EnumerationQuery Q;
  Q.Cond = cmp(SymOp::LT, I, tx());
  Q.Loops = {{L, Q.Cond}};
  Q.IsLoopCondition = true;
  auto R = enumerateCondition(Q, shape(256));
  EXPECT_EQ(R.Ext, Extent::EveryWarp);
  EXPECT_EQ(R.DivergentWarps, 8u);
}

TEST(LaneEnumerator, SwitchDivergesOnDifferentValues) {
  EnumerationQuery Q;
  Q.Cond = bin(SymOp::Add, bin(SymOp::Rem, tx(), c(4)), c(1)); // never zero
  Q.MultiWay = true;
  auto R = enumerateCondition(Q, shape(128));
  EXPECT_EQ(R.Class, Uniformity::LaneVarying);
  EXPECT_EQ(R.Ext, Extent::EveryWarp);
}

TEST(LaneEnumerator, MeanLanesOfWarpsThatReachTheCondition) {
  // A 16-thread block: `tx <= m` over m = 0..15 splits (m + 1)/16, then all 16 agree.
  const uint64_t L = 21;
  SymRef M = sym::indVar(L, 1, c(0), SymOp::Add, c(1), U32, "m");
  EnumerationQuery Q;
  Q.Cond = cmp(SymOp::LE, tx(), M);
  Q.Loops = {{L, cmp(SymOp::LT, M, c(16))}};
  auto R = enumerateCondition(Q, shape(16));
  EXPECT_EQ(R.DivergentEvaluations, 15u);
  EXPECT_EQ(R.UniformEvaluations, 1u);
  EXPECT_FALSE(R.ActiveLanes) << "the splits differ";
  EXPECT_DOUBLE_EQ(*R.MeanDivergentActiveLanes, 16);
  EXPECT_DOUBLE_EQ(*R.MeanDivergentTrueLanes, 8); // (1 + ... + 15) / 15
  EXPECT_DOUBLE_EQ(*R.MeanUniformActiveLanes, 16);

  // Under a guard `tx < 8` of a 256-thread block, only warp 0's 8 lanes reach `tx % 2`.
  auto G = run(cmp(SymOp::NE, bin(SymOp::Rem, tx(), c(2)), c(0)), shape(256),
               cmp(SymOp::LT, tx(), c(8)));
  EXPECT_DOUBLE_EQ(*G.MeanDivergentActiveLanes, 8);
  EXPECT_DOUBLE_EQ(*G.MeanDivergentTrueLanes, 4);
  EXPECT_FALSE(G.MeanUniformActiveLanes) << "warps 1-7 never reach it";

  // Not enumerated: the lanes per warp come from the block shape and the guard.
  SymRef Load = sym::opaque(9, Uniformity::LaneVarying, true, "x[i]");
  EXPECT_DOUBLE_EQ(*run(cmp(SymOp::GT, Load, c(0)), shape(16)).LanesPerWarp, 16);
  EXPECT_DOUBLE_EQ(*run(cmp(SymOp::GT, Load, c(0)), shape(100)).LanesPerWarp, 25)
      << "32, 32, 32 and 4 lanes";
  EXPECT_DOUBLE_EQ(
      *run(cmp(SymOp::GT, Load, c(0)), shape(256), cmp(SymOp::LT, tx(), c(8))).LanesPerWarp, 8);
}

TEST(LaneEnumerator, SwitchKeepsTheValuesOfEachDivergingWarp) {
  EnumerationQuery Q;
  Q.Cond = bin(SymOp::And, tx(), c(3));
  Q.MultiWay = true;
  auto R = enumerateCondition(Q, shape(64));
  ASSERT_EQ(R.SwitchValueSets.size(), 1u);
  EXPECT_EQ(R.SwitchValueSets[0].first, (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(R.SwitchValueSets[0].second, 2u) << "both warps";
  EXPECT_TRUE(R.SwitchValueSetsComplete);
  EXPECT_DOUBLE_EQ(*R.MeanDistinctValues, 4);
}

TEST(LaneEnumerator, SeveralLaunchShapesTakeTheWorst) {
  EnumerationQuery Q;
  Q.Cond = cmp(SymOp::LT, tx(), c(16));
  auto R = enumerateCondition(Q, std::vector<BlockShape>{shape(16), shape(64)});
  EXPECT_EQ(R.Class, Uniformity::LaneVarying) << "uniform in a 16-thread block, not in 64";
}

TEST(BlockShape, Parses) {
  auto S = parseBlockShape("16,16");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->X, 16u);
  EXPECT_EQ(S->Y, 16u);
  EXPECT_EQ(S->Z, 1u);
  EXPECT_TRUE(parseBlockShape("32x8").has_value());
  EXPECT_FALSE(parseBlockShape("2048").has_value());
  EXPECT_FALSE(parseBlockShape("0").has_value());
  EXPECT_FALSE(parseBlockShape("a,b").has_value());
  EXPECT_FALSE(parseBlockShape("1,2,3,4").has_value());
}

TEST(LaneEnumerator, WarpAlignedIndexIsABijectionOfEachRun) {
  for (unsigned G : {2u, 3u, 4u, 32u}) {
    std::vector<int> Seen(G * 32 * 2, 0);
    for (unsigned L = 0; L < Seen.size(); ++L) {
      unsigned Index = warpAlignedIndex(L, G, 32);
      ASSERT_LT(Index, Seen.size());
      EXPECT_EQ(Index / (G * 32), L / (G * 32)) << "stays inside its run of " << G << " warps";
      ++Seen[Index];
      EXPECT_EQ(Index % G, (L / 32) % G) << "index % G is the warp's, for every lane of it";
    }
    for (int Count : Seen)
      EXPECT_EQ(Count, 1);
  }
  EXPECT_EQ(warpAlignedIndex(1, 2, 32), 2u);  // lane 1 of warp 0
  EXPECT_EQ(warpAlignedIndex(33, 2, 32), 3u); // lane 1 of warp 1
  EXPECT_EQ(warpAlignedIndex(64, 2, 32), 64u);
}

TEST(LaneEnumerator, RemappedThreadsAgreeOnLaneArithmetic) {
  EnumerationQuery Q;
  Q.Cond = cmp(SymOp::EQ, bin(SymOp::Rem, tx(), c(2)), c(0));
  Q.RemapGroup = 2;
  auto R = enumerateCondition(Q, shape(256));
  EXPECT_EQ(R.Class, Uniformity::WarpUniform) << "tid % 2 is the warp's parity once remapped";
  // A condition that was warp-uniform can split warps under the remap: tid < 32 now holds for
  // lanes 0-15 of each of the first two warps.
  Q.Cond = cmp(SymOp::LT, tx(), c(32));
  R = enumerateCondition(Q, shape(256));
  EXPECT_EQ(R.Class, Uniformity::LaneVarying);
  EXPECT_EQ(R.DivergentWarps, 2u);
  EXPECT_EQ(R.TrueLanes, 16u);
}

// Two instantiations of one template ask the same question about different variables: the memo
// key renames leaves in order of first appearance, so they share it; any difference in
// structure, constants, shape or loop context does not.
TEST(EnumerationMemo, KeysRenameLeavesButKeepEverythingElse) {
  auto Query = [](uint64_t NId, uint64_t LoopId, int64_t K, SymOp Op) {
    SymRef N = sym::opaque(NId, Uniformity::BlockUniform, false, "n");
    SymRef I = sym::indVar(LoopId, 1, c(0), SymOp::Add, c(1), U32, "i");
    EnumerationQuery Q;
    Q.Cond = cmp(Op, bin(SymOp::Add, tx(), I), bin(SymOp::Mul, N, c(K)));
    Q.Loops.push_back({LoopId, cmp(SymOp::LT, I, N)});
    return Q;
  };
  std::string A = canonicalEnumerationKey(Query(10, 100, 2, SymOp::LT), shape(256));
  EXPECT_EQ(A, canonicalEnumerationKey(Query(77, 555, 2, SymOp::LT), shape(256)));
  EXPECT_NE(A, canonicalEnumerationKey(Query(10, 100, 3, SymOp::LT), shape(256)));
  EXPECT_NE(A, canonicalEnumerationKey(Query(10, 100, 2, SymOp::LE), shape(256)));
  EXPECT_NE(A, canonicalEnumerationKey(Query(10, 100, 2, SymOp::LT), shape(128)));
  EnumerationQuery Remapped = Query(10, 100, 2, SymOp::LT);
  Remapped.RemapGroup = 4;
  EXPECT_NE(A, canonicalEnumerationKey(Remapped, shape(256)));
  // Two leaves the same in one query and distinct in the other are different questions.
  SymRef N = sym::opaque(1, Uniformity::BlockUniform, false, "n");
  SymRef M = sym::opaque(2, Uniformity::BlockUniform, false, "m");
  EnumerationQuery Same, Different;
  Same.Cond = cmp(SymOp::LT, bin(SymOp::Add, tx(), N), N);
  Different.Cond = cmp(SymOp::LT, bin(SymOp::Add, tx(), N), M);
  EXPECT_NE(canonicalEnumerationKey(Same, shape(256)), canonicalEnumerationKey(Different, shape(256)));
  // A memoized result is the one computed.
  EnumerationQuery Q = Query(10, 100, 2, SymOp::LT);
  EnumerationResult First = enumerateCondition(Q, shape(256));
  EnumerationResult Again = enumerateCondition(Query(11, 101, 2, SymOp::LT), shape(256));
  EXPECT_EQ(First.Class, Again.Class);
  EXPECT_EQ(First.DivergentEvaluations, Again.DivergentEvaluations);
  EXPECT_EQ(First.LaneMap, Again.LaneMap);
}

// The shape's size is not all the key holds: where it came from decides whether a split seen
// in no lane proves uniformity (enumeration-memo-shape-source.cu).
TEST(EnumerationMemo, KeysHoldWhereTheShapeCameFrom) {
  EnumerationQuery Q;
  Q.Cond = cmp(SymOp::LT, bin(SymOp::Add, tx(), sym::blockDim(0)), c(2048));
  BlockShape Launch = shape(1024), Candidate = shape(1024);
  Launch.Source = "launch";
  Candidate.Source = "unknown";
  Candidate.FixedDims = 6;
  EXPECT_NE(canonicalEnumerationKey(Q, Launch), canonicalEnumerationKey(Q, Candidate));
  EXPECT_EQ(enumerateCondition(Q, Candidate).Class, Uniformity::LaneVarying);
  EXPECT_EQ(enumerateCondition(Q, Launch).Class, Uniformity::BlockUniform);
}

// The data flow asks only for a class: the enumeration stops at the first warp that splits,
// or, where no enumeration could prove the condition uniform, asks the proof alone. The class
// is the full enumeration's; the stopped result answers no later query for numbers.
TEST(LaneEnumerator, ClassOnlyQueriesStopAtTheFirstSplitAndKeepTheClass) {
  SymRef N = sym::opaque(901, Uniformity::BlockUniform, false, "n");
  std::vector<SymRef> Conds = {
      cmp(SymOp::EQ, bin(SymOp::Rem, tx(), c(2)), c(0)), // every warp
      cmp(SymOp::LT, tx(), c(20)),                       // one warp
      cmp(SymOp::LT, tx(), c(64)),                       // warp-uniform
      cmp(SymOp::LT, tx(), c(300)),                      // block-uniform
      cmp(SymOp::EQ, bin(SymOp::Add, tx(), N), c(5000)), // sampled, not proved
      cmp(SymOp::LT, bin(SymOp::Div, tx(), c(32)), N),   // sampled, proved warp-uniform
  };
  for (const SymRef &Cond : Conds) {
    EnumerationQuery Full, Class;
    Full.Cond = Class.Cond = Cond;
    Class.ClassOnly = true;
    EnumerationResult F = enumerateCondition(Full, shape(256));
    EnumerationResult C = enumerateCondition(Class, shape(256));
    EXPECT_EQ(C.Class, F.Class) << symToString(Cond);
    EXPECT_FALSE(F.Stopped);
  }
  // A class-only query first: it stops after one warp, and a later full query is not given
  // its partial numbers.
  EnumerationQuery Q;
  Q.Cond = cmp(SymOp::EQ, bin(SymOp::Rem, tx(), c(4)), c(1));
  Q.ClassOnly = true;
  EnumerationResult Stopped = enumerateCondition(Q, shape(512));
  EXPECT_TRUE(Stopped.Stopped);
  EXPECT_EQ(Stopped.Class, Uniformity::LaneVarying);
  EXPECT_EQ(Stopped.DivergentWarps, 1u);
  Q.ClassOnly = false;
  EnumerationResult Full = enumerateCondition(Q, shape(512));
  EXPECT_FALSE(Full.Stopped);
  EXPECT_EQ(Full.DivergentWarps, 16u);
  EXPECT_EQ(Full.Ext, Extent::EveryWarp);
}
