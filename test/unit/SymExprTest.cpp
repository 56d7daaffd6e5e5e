#include "divlint/Analysis/SymExpr.h"
#include <gtest/gtest.h>

using namespace divlint;

static const IntType U32{32, false}, I32{32, true};

TEST(SymExpr, ConstantsFoldAndWrap) {
  SymRef E = sym::binary(SymOp::Sub, sym::constant(0, U32), sym::constant(1, U32), U32);
  int64_t V;
  ASSERT_TRUE(isConst(E, &V));
  EXPECT_EQ(V, 0xffffffffLL);
  EXPECT_EQ(wrapTo(-1, I32), -1);
  EXPECT_EQ(wrapTo(0x80000000LL, I32), -2147483648LL);
}

TEST(SymExpr, ClassIsTheJoinOfTheLeaves) {
  SymRef Tid = sym::threadIdx(0);
  SymRef N = sym::opaque(7, Uniformity::BlockUniform, false, "n");
  SymRef Vote = sym::opaque(8, Uniformity::WarpUniform, false, "ballot");
  EXPECT_EQ(sym::binary(SymOp::Add, N, sym::constant(1), I32)->Class, Uniformity::BlockUniform);
  EXPECT_EQ(sym::binary(SymOp::EQ, Vote, N, I32)->Class, Uniformity::WarpUniform);
  SymRef Mixed = sym::binary(SymOp::LT, Tid, N, I32);
  EXPECT_EQ(Mixed->Class, Uniformity::LaneVarying);
  EXPECT_TRUE(Mixed->HasThread);
  EXPECT_FALSE(Mixed->DataDependent);
}

TEST(SymExpr, EvaluatesTheLinearThreadId) {
  EvalEnv Env;
  Env.BlockDim[0] = 16;
  Env.BlockDim[1] = 16;
  Env.Tid[0] = 3;
  Env.Tid[1] = 2;
  EXPECT_EQ(evaluate(*sym::linearThreadId(), Env), 35);
}

TEST(SymExpr, UnsignedComparisonsUseTheOperandType) {
  // (unsigned)tid - 1 < 5 is false for tid == 0 (wraps to 0xffffffff).
  SymRef E = sym::binary(SymOp::LT,
                         sym::binary(SymOp::Sub, sym::threadIdx(0), sym::constant(1, U32), U32),
                         sym::constant(5, U32), {1, false});
  EvalEnv Env;
  Env.Tid[0] = 0;
  EXPECT_EQ(evaluate(*E, Env), 0);
  Env.Tid[0] = 3;
  EXPECT_EQ(evaluate(*E, Env), 1);
}

TEST(SymExpr, InductionVariablesHaveClosedForms) {
  SymRef Halving = sym::indVar(1, 2, sym::constant(128, U32), SymOp::Shr, sym::constant(1, U32),
                               U32, "st");
  SymRef Stride = sym::indVar(3, 4, sym::threadIdx(0), SymOp::Add, sym::constant(256, U32), U32,
                              "i");
  EvalEnv Env;
  Env.Tid[0] = 5;
  Env.Iteration = {{1, 3}, {3, 2}};
  EXPECT_EQ(evaluate(*Halving, Env), 16);
  EXPECT_EQ(evaluate(*Stride, Env), 517);
  EXPECT_TRUE(Stride->HasThread);
  Env.Iteration.clear();
  EXPECT_FALSE(evaluate(*Halving, Env).has_value()) << "no iteration: not evaluable";
}

TEST(SymExpr, StructuralEquality) {
  SymRef A = sym::binary(SymOp::Rem, sym::threadIdx(0), sym::constant(2, U32), U32);
  SymRef B = sym::binary(SymOp::Rem, sym::threadIdx(0), sym::constant(2, U32), U32);
  SymRef C = sym::binary(SymOp::Rem, sym::threadIdx(1), sym::constant(2, U32), U32);
  EXPECT_TRUE(symEqual(A, B));
  EXPECT_FALSE(symEqual(A, C));
  EXPECT_EQ(symToString(A), "(threadIdx.x % 2)");
}

TEST(SymExpr, HugeTreesCollapseToAnOpaqueLeafOfTheSameClass) {
  SymRef E = sym::threadIdx(0);
  for (int I = 0; I < 200; ++I)
    E = sym::binary(SymOp::Add, E, sym::opaque(100 + I, Uniformity::BlockUniform, false, "u"), U32);
  EXPECT_LE(E->Size, MaxSymSize + 2);
  EXPECT_EQ(E->Class, Uniformity::LaneVarying);
}

// evaluateLanes must give, lane by lane, what evaluate gives: every operation kind, signed and
// unsigned compares of mixed widths, short-circuit sides that divide by zero, selects, induction
// variables started from the thread index, and a lane-invariant subtree.
TEST(SymExpr, EvaluatingAWarpAtOnceMatchesLaneByLane) {
  const IntType I64{64, true}, U16{16, false};
  SymRef Tid = sym::threadIdx(0), Ty = sym::threadIdx(1);
  SymRef N = sym::opaque(7, Uniformity::BlockUniform, false, "n");
  SymRef Minus = sym::binary(SymOp::Sub, Tid, sym::constant(8, I32), I32);
  std::vector<SymRef> Trees;
  for (SymOp Op : {SymOp::Add, SymOp::Sub, SymOp::Mul, SymOp::Div, SymOp::Rem, SymOp::Shl,
                   SymOp::Shr, SymOp::And, SymOp::Or, SymOp::Xor, SymOp::LT, SymOp::GT,
                   SymOp::LE, SymOp::GE, SymOp::EQ, SymOp::NE, SymOp::Min, SymOp::Max}) {
    Trees.push_back(sym::binary(Op, Minus, sym::binary(SymOp::Rem, Tid, sym::constant(5), I32),
                                I32));
    Trees.push_back(sym::binary(Op, sym::unary(SymOp::Cast, Minus, U32), N, U32));
    Trees.push_back(sym::binary(Op, sym::unary(SymOp::Cast, Minus, U16), Ty, I64));
  }
  // tid % 3 != 0 && 12 / (tid % 3) > 4: the right side divides by zero where the left is false.
  SymRef Mod3 = sym::binary(SymOp::Rem, Tid, sym::constant(3), I32);
  SymRef Safe = sym::binary(SymOp::GT, sym::binary(SymOp::Div, sym::constant(12), Mod3, I32),
                            sym::constant(4), I32);
  Trees.push_back(sym::binary(SymOp::LAnd, Mod3, Safe, I32));
  Trees.push_back(sym::binary(SymOp::LOr, sym::unary(SymOp::LNot, Mod3, I32), Safe, I32));
  Trees.push_back(sym::select(sym::binary(SymOp::LT, Tid, N, I32), sym::unary(SymOp::Neg, Tid, I32),
                              sym::unary(SymOp::BitNot, Ty, I32), I32));
  Trees.push_back(sym::indVar(1, 2, Minus, SymOp::Mul, sym::constant(3), I32, "k"));
  Trees.push_back(sym::indVar(3, 4, Tid, SymOp::Shr, sym::constant(1), U32, "s"));
  Trees.push_back(sym::binary(SymOp::Add, sym::binary(SymOp::Mul, N, N, I32), Tid, I32));

  EvalEnv Env;
  Env.BlockDim[0] = 16;
  Env.BlockDim[1] = 4;
  Env.Opaques = {{7, 9}};
  Env.Iteration = {{1, 3}, {3, 2}};
  LaneBatch Lanes;
  Lanes.Size = 40; // more than a 32-lane warp: batches hold up to 64
  for (unsigned L = 0; L < Lanes.Size; ++L) {
    Lanes.Tid[0][L] = L % 16;
    Lanes.Tid[1][L] = L / 16;
    Lanes.Tid[2][L] = 0;
  }
  for (const SymRef &E : Trees) {
    LaneValues Out;
    evaluateLanes(*E, Env, Lanes, Out);
    unsigned Undefined = 0;
    for (unsigned L = 0; L < Lanes.Size; ++L) {
      EvalEnv One = Env;
      One.Tid[0] = Lanes.Tid[0][L];
      One.Tid[1] = Lanes.Tid[1][L];
      std::optional<int64_t> Want = evaluate(*E, One);
      ASSERT_EQ(Want.has_value(), bool(Out.Valid >> L & 1)) << symToString(E) << " lane " << L;
      if (Want)
        EXPECT_EQ(*Want, Out.Value[L]) << symToString(E) << " lane " << L;
      Undefined += !Want;
    }
    if ((E->Op == SymOp::Div || E->Op == SymOp::Rem) && E->B->HasThread)
      EXPECT_GT(Undefined, 0u) << symToString(E) << ": some lane divides by zero";
  }
}
