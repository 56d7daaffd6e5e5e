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
