// The symbolic uniformity proof (DESIGN §6.1): uniform only when no value of the unknowns can
// split a warp, whatever values LaneEnumerator happens to sample.
#include "divlint/Analysis/LinearThreadId.h"
#include "divlint/Quantify/LaneEnumerator.h"
#include "divlint/Quantify/UniformityProof.h"
#include <gtest/gtest.h>

using namespace divlint;

namespace {
const IntType U32{32, false}, I32{32, true}, B1{1, false};
SymRef c(int64_t V, IntType Ty = U32) { return sym::constant(V, Ty); }
SymRef tx() { return sym::threadIdx(0); }
SymRef ty() { return sym::threadIdx(1); }
SymRef bx() { return sym::opaque(101, Uniformity::BlockUniform, false, "blockIdx.x", U32); }
SymRef by() { return sym::opaque(102, Uniformity::BlockUniform, false, "blockIdx.y", U32); }
SymRef n() { return sym::opaque(103, Uniformity::BlockUniform, false, "n", I32); }
SymRef vote() { return sym::opaque(104, Uniformity::WarpUniform, false, "ballot", U32); }
SymRef bin(SymOp Op, SymRef A, SymRef B, IntType Ty = U32) { return sym::binary(Op, A, B, Ty); }
SymRef cmp(SymOp Op, SymRef A, SymRef B) { return sym::binary(Op, A, B, B1); }
BlockShape shape(unsigned X, unsigned Y = 1, unsigned Z = 1, const char *Source = "launch") {
  BlockShape S;
  S.X = X;
  S.Y = Y;
  S.Z = Z;
  S.Source = Source;
  return S;
}
UniformityProof prove(SymRef Cond, BlockShape S, SymRef Guard = nullptr, bool MultiWay = false) {
  return proveUniformity(Cond, Guard, S, 32, MultiWay);
}
EnumerationResult classify(SymRef Cond, BlockShape S) {
  EnumerationQuery Q;
  Q.Cond = Cond;
  return enumerateCondition(Q, S);
}
/// blockIdx.x * 128 + threadIdx.x
SymRef globalIndex() { return bin(SymOp::Add, bin(SymOp::Mul, bx(), c(128)), tx()); }
} // namespace

TEST(UniformityProof, GlobalIndexEqualsConstantSplitsOneWarp) {
  // i == 5000 is true in lane 8 of warp 0 of block 39 only: no sample meets it.
  auto Cond = cmp(SymOp::EQ, globalIndex(), c(5000));
  EXPECT_FALSE(prove(Cond, shape(128)).WarpUniform);
  auto R = classify(Cond, shape(128));
  EXPECT_EQ(R.Class, Uniformity::LaneVarying);
  EXPECT_EQ(R.Ext, Extent::Partial);
  EXPECT_TRUE(R.SplitUnseen);
  EXPECT_FALSE(R.DivergentWarps.has_value()) << "no warp count for values no sample met";
}

TEST(UniformityProof, GlobalWarpIndexIsWarpUniform) {
  // i / 32 == 157: i / 32 == 4 * blockIdx.x + warp, equal on a warp's lanes, not a block's.
  auto Cond = cmp(SymOp::EQ, bin(SymOp::Div, globalIndex(), c(32)), c(157));
  auto P = prove(Cond, shape(128));
  EXPECT_TRUE(P.WarpUniform);
  EXPECT_FALSE(P.BlockUniform);
  EXPECT_EQ(classify(Cond, shape(128)).Class, Uniformity::WarpUniform);
  // The remainder keeps the lane: i % 32 == 3 splits every warp.
  EXPECT_FALSE(prove(cmp(SymOp::EQ, bin(SymOp::Rem, globalIndex(), c(32)), c(3)), shape(128))
                   .WarpUniform);
}

TEST(UniformityProof, AlignedThresholdsAgainstUnknownsNeedTheStride) {
  // i < 64 * blockIdx.x + 64 with i = 128 bx + tid: the difference is 64 bx + tid - 64, whose
  // shared part takes multiples of 64 only: no multiple falls inside a warp's 32 lanes.
  auto Aligned = cmp(SymOp::LT, globalIndex(),
                     bin(SymOp::Add, bin(SymOp::Mul, bx(), c(64)), c(64)));
  EXPECT_TRUE(prove(Aligned, shape(128)).WarpUniform);
  // ... but a threshold of 64 bx + 70 falls in the middle of a warp.
  auto Unaligned = cmp(SymOp::LT, globalIndex(),
                       bin(SymOp::Add, bin(SymOp::Mul, bx(), c(64)), c(70)));
  EXPECT_FALSE(prove(Unaligned, shape(128)).WarpUniform);
  // i < n with an unknown n: some n splits a warp.
  EXPECT_FALSE(prove(cmp(SymOp::LT, globalIndex(), n()), shape(128)).WarpUniform);
}

TEST(UniformityProof, LastRowOfATwoDimensionalGrid) {
  // iy == NY - 1 with iy = blockIdx.y * 8 + threadIdx.y in 32x8 blocks: each warp is one row,
  // so it is warp-uniform; with 16x16 blocks a warp holds two rows and the last row splits it.
  auto Iy = bin(SymOp::Add, bin(SymOp::Mul, by(), c(8)), ty());
  auto Cond = cmp(SymOp::EQ, Iy, bin(SymOp::Sub, n(), c(1), I32));
  auto Rows = prove(Cond, shape(32, 8));
  EXPECT_TRUE(Rows.WarpUniform);
  EXPECT_FALSE(Rows.BlockUniform);
  auto Iy16 = bin(SymOp::Add, bin(SymOp::Mul, by(), c(16)), ty());
  EXPECT_FALSE(prove(cmp(SymOp::EQ, Iy16, bin(SymOp::Sub, n(), c(1), I32)), shape(16, 16))
                   .WarpUniform);
}

TEST(UniformityProof, UnknownOperationsAreNotProved) {
  // threadIdx.x * n: the lanes' values depend on n in a way the form cannot hold.
  auto Cond = cmp(SymOp::LT, bin(SymOp::Mul, tx(), n()), c(100));
  EXPECT_FALSE(prove(Cond, shape(256)).WarpUniform);
  // A pure function of uniform values is uniform whatever it is.
  auto Uniform = cmp(SymOp::LT, bin(SymOp::Mul, bx(), n()), bin(SymOp::Rem, n(), c(7)));
  auto P = prove(Uniform, shape(256));
  EXPECT_TRUE(P.WarpUniform);
  EXPECT_TRUE(P.BlockUniform);
}

TEST(UniformityProof, WarpUniformLeavesAreNotBlockUniform) {
  auto Cond = cmp(SymOp::NE, vote(), c(0));
  auto P = prove(Cond, shape(256));
  EXPECT_TRUE(P.WarpUniform);
  EXPECT_FALSE(P.BlockUniform);
}

TEST(UniformityProof, AssumedShapeFixesNoBlockSize) {
  // With no launch, blockDim.x is unknown: i / 32 of i = blockIdx.x * blockDim.x + threadIdx.x
  // splits a warp when blockDim.x is 48. threadIdx.x / 32 in a 1-D block does not.
  auto I = bin(SymOp::Add, bin(SymOp::Mul, bx(), sym::blockDim(0)), tx());
  BlockShape Default; // 256x1x1, "default"
  EXPECT_FALSE(prove(cmp(SymOp::EQ, bin(SymOp::Div, I, c(32)), c(3)), Default).WarpUniform);
  EXPECT_TRUE(prove(cmp(SymOp::EQ, bin(SymOp::Div, tx(), c(32)), c(3)), Default).WarpUniform);
  // A launch that fixes 128 threads proves it.
  EXPECT_TRUE(prove(cmp(SymOp::EQ, bin(SymOp::Div, I, c(32)), c(3)), shape(128)).WarpUniform);
  // threadIdx.x == 300 splits a warp of a 512-thread block, not of the assumed 256.
  EXPECT_FALSE(prove(cmp(SymOp::EQ, tx(), c(300)), Default).WarpUniform);
}

TEST(UniformityProof, UnsignedWrapIsNotAssumedAway) {
  // n - threadIdx.x < 5 (unsigned): lanes past n wrap to huge values; not proved.
  auto Cond = cmp(SymOp::LT, bin(SymOp::Sub, bx(), tx()), c(5));
  EXPECT_FALSE(prove(Cond, shape(128)).WarpUniform);
}

TEST(UniformityProof, GuardRestrictsTheLanes) {
  // Under `threadIdx.x == 0`, `threadIdx.x < 5` has one lane: uniform.
  auto Guard = cmp(SymOp::EQ, tx(), c(0));
  EXPECT_TRUE(prove(cmp(SymOp::LT, tx(), c(5)), shape(256), Guard).WarpUniform);
  EXPECT_FALSE(prove(cmp(SymOp::LT, tx(), c(5)), shape(256)).WarpUniform);
}

TEST(UniformityProof, SwitchValuesMustBeEqual) {
  // switch (threadIdx.x / 32 + blockIdx.x): one value per warp.
  auto V = bin(SymOp::Add, bin(SymOp::Div, tx(), c(32)), bx());
  EXPECT_TRUE(prove(V, shape(256), nullptr, /*MultiWay=*/true).WarpUniform);
  EXPECT_FALSE(prove(bin(SymOp::Add, tx(), bx()), shape(256), nullptr, true).WarpUniform);
}

TEST(UniformityProof, LowBitMasksAndShifts) {
  // (blockIdx.x * 64 + threadIdx.x) >> 5 is warp-uniform; & 31 is the lane.
  auto I = bin(SymOp::Add, bin(SymOp::Shl, bx(), c(6)), tx());
  EXPECT_TRUE(prove(cmp(SymOp::EQ, bin(SymOp::Shr, I, c(5)), n()), shape(64)).WarpUniform);
  EXPECT_FALSE(prove(cmp(SymOp::EQ, bin(SymOp::And, I, c(31)), c(0)), shape(64)).WarpUniform);
  // (i ^ 1) / 32: xor of a low bit stays inside the warp's 32 values.
  auto X = bin(SymOp::Div, bin(SymOp::Xor, I, c(1)), c(32));
  EXPECT_TRUE(prove(cmp(SymOp::EQ, X, n()), shape(64)).WarpUniform);
}

namespace {
SymRef tz() { return sym::threadIdx(2); }
SymRef dx() { return sym::blockDim(0); }
SymRef dy() { return sym::blockDim(1); }
/// (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x: the linear id written
/// another way than sym::linearThreadId().
SymRef nestedLinearId() {
  return bin(SymOp::Add, bin(SymOp::Mul, bin(SymOp::Add, bin(SymOp::Mul, tz(), dy()), ty()), dx()),
             tx());
}
/// A launch that fixes the dimensions in \p Fixed (bit D: dimension D) and leaves the others to
/// the program (blockDim an unknown there).
BlockShape partial(unsigned X, unsigned Y, unsigned Z, unsigned char Fixed) {
  BlockShape S = shape(X, Y, Z, "partial");
  S.FixedDims = Fixed;
  return S;
}
} // namespace

TEST(UniformityProof, LinearThreadIdIsRecognizedInAnyOrder) {
  EXPECT_EQ(linearThreadIdDims(*sym::linearThreadId()), 3u);
  EXPECT_EQ(linearThreadIdDims(*nestedLinearId()), 3u);
  EXPECT_EQ(linearThreadIdDims(*bin(SymOp::Add, bin(SymOp::Mul, dx(), ty()), tx())), 2u);
  // Not the linear id: y's term scaled by blockDim.y, or z's term missing blockDim.y.
  EXPECT_EQ(linearThreadIdDims(*bin(SymOp::Add, bin(SymOp::Mul, dy(), ty()), tx())), 0u);
  EXPECT_EQ(linearThreadIdDims(*bin(SymOp::Add, nestedLinearId(), c(1))), 0u);
  EXPECT_EQ(linearThreadIdDims(*bin(SymOp::Sub, sym::linearThreadId(), tx())), 0u);
}

TEST(UniformityProof, LinearWarpIndexIsWarpUniformInEveryLayout) {
  // lin / 32: lanes of warp w hold lin = 32w..32w+31 whatever blockDim.y and z are, so it is
  // proved for a launch that leaves y open (blockDim.y an unknown) and for candidate layouts
  // whose rows end inside warps.
  auto WarpOf = [](SymRef Lin) { return cmp(SymOp::EQ, bin(SymOp::Div, Lin, c(32)), c(1)); };
  for (const BlockShape &S : {partial(32, 4, 2, 5), partial(16, 3, 3, 0), shape(12, 10, 2, "unknown"),
                              shape(6, 5, 3, "unknown"), shape(48, 1, 2)}) {
    EXPECT_TRUE(prove(WarpOf(sym::linearThreadId()), S).WarpUniform) << S.str();
    EXPECT_TRUE(prove(WarpOf(nestedLinearId()), S).WarpUniform) << S.str();
    EXPECT_FALSE(prove(WarpOf(sym::linearThreadId()), S).BlockUniform) << S.str();
    // Shifted by half a warp, the index splits warps; the lane within the warp always does.
    EXPECT_FALSE(prove(WarpOf(bin(SymOp::Add, sym::linearThreadId(), c(16))), S).WarpUniform)
        << S.str();
    EXPECT_FALSE(
        prove(cmp(SymOp::EQ, bin(SymOp::Rem, sym::linearThreadId(), c(32)), c(3)), S).WarpUniform)
        << S.str();
  }
}

TEST(UniformityProof, TwoDimensionalLinearIdNeedsZToBeOne) {
  // x + y * blockDim.x is the linear id only where blockDim.z is 1: in a 48x1x2 block, warp 1
  // holds z = 0 with x = 32..47 (x + 48y = 32..47) and z = 1 with x = 0..15 (0..15).
  SymRef Lin2 = bin(SymOp::Add, tx(), bin(SymOp::Mul, ty(), dx()));
  auto Cond = cmp(SymOp::EQ, bin(SymOp::Div, Lin2, c(32)), c(1));
  EXPECT_FALSE(prove(Cond, shape(48, 1, 2)).WarpUniform);
  EXPECT_FALSE(prove(Cond, shape(12, 10, 2, "unknown")).WarpUniform);
  EXPECT_TRUE(prove(Cond, partial(48, 3, 1, 5)).WarpUniform) << "x and z fixed, y open";
  EXPECT_FALSE(prove(Cond, partial(48, 1, 2, 1)).WarpUniform) << "z open";
}

TEST(UniformityProof, WarpIndexOfTheLinearIdIsAWarpUniformValue) {
  // `int lin = ...;` (a cast of the unsigned sum) divided by a multiple of the warp: the value
  // itself is warp-uniform (its class, not only a proof at a branch), so a helper's result or a
  // join across role branches computed from it stays warp-uniform.
  SymRef Lin = sym::unary(SymOp::Cast, sym::linearThreadId(), I32);
  EXPECT_EQ(linearThreadIdDims(*Lin), 3u);
  EXPECT_EQ(asWarpIndex(bin(SymOp::Div, Lin, c(32, I32), I32), 32)->Class,
            Uniformity::WarpUniform);
  EXPECT_EQ(asWarpIndex(bin(SymOp::Shr, Lin, c(6, I32), I32), 32)->Class,
            Uniformity::WarpUniform);
  // Not a whole number of warps, or another warp size, or not the 3-D linear id: unchanged.
  EXPECT_EQ(asWarpIndex(bin(SymOp::Div, Lin, c(16, I32), I32), 32)->Class,
            Uniformity::LaneVarying);
  EXPECT_EQ(asWarpIndex(bin(SymOp::Div, Lin, c(32, I32), I32), 64)->Class,
            Uniformity::LaneVarying);
  EXPECT_EQ(asWarpIndex(bin(SymOp::Div, bin(SymOp::Add, tx(), bin(SymOp::Mul, ty(), dx())),
                            c(32)),
                        32)
                ->Class,
            Uniformity::LaneVarying);
  EXPECT_EQ(asWarpIndex(bin(SymOp::Rem, Lin, c(32, I32), I32), 32)->Class,
            Uniformity::LaneVarying);
}
