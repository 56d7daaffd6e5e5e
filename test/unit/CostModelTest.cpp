// The DESIGN §2 cost model: the per-warp efficiency formula, and predictions end to end.
#include "divlint/CostModel.h"
#include "divlint/SourceAnalysis.h"
#include <gtest/gtest.h>

using namespace divlint;

TEST(CostModel, WarpEfficiencyFormula) {
  // (t*cT + (a-t)*cE) / (32 * (cT*[t>0] + cE*[t<a]))
  EXPECT_DOUBLE_EQ(warpEfficiency(16, 32, 10, 0, 32), 0.5);
  EXPECT_DOUBLE_EQ(warpEfficiency(16, 32, 10, 10, 32), 0.5);
  EXPECT_DOUBLE_EQ(warpEfficiency(1, 32, 10, 0, 32), 1.0 / 32);
  EXPECT_DOUBLE_EQ(warpEfficiency(32, 32, 10, 5, 32), 1.0) << "no divergence";
  EXPECT_DOUBLE_EQ(warpEfficiency(8, 32, 30, 10, 32), (8 * 30 + 24 * 10) / (32.0 * 40));
  EXPECT_DOUBLE_EQ(warpEfficiency(2, 4, 10, 10, 32), (2 * 10 + 2 * 10) / (32.0 * 20))
      << "a partial last warp wastes its missing lanes too";
}

namespace {
const Finding &only(const SourceAnalysisResult &R, unsigned Line) {
  for (const Finding &F : R.Findings)
    if (F.Line == Line && F.TheRule == Rule::DivergentBranch)
      return F;
  ADD_FAILURE() << "no divergent finding on line " << Line;
  static Finding None;
  return None;
}
SourceAnalysisResult analyze(llvm::StringRef Code) {
  AnalysisOptions Opts;
  Opts.BlockDimOption = parseBlockShape("256");
  CudaFrontendOptions Front;
  Front.ForcePrelude = true;
  auto R = analyzeSource(Code, "cost.cu", Opts, detectCuda(Front));
  EXPECT_TRUE(R.Parsed);
  return R;
}
} // namespace

TEST(CostModel, EqualArmsInEveryWarpHalveEfficiencyAndDoubleTime) {
  auto R = analyze(R"cu(
__global__ void k(float *x, float *y) {
  int t = threadIdx.x;
  if (t % 2 == 0) { y[t] = x[t] * x[t] + x[t + 1]; } else { y[t] = x[t] * x[t] - x[t + 1]; }
}
)cu");
  const Finding &F = only(R, 4);
  ASSERT_TRUE(F.PredictedEfficiency && F.PredictedSlowdown);
  EXPECT_DOUBLE_EQ(*F.PredictedEfficiency, 0.5);
  EXPECT_DOUBLE_EQ(*F.PredictedSlowdown, 2.0);
  EXPECT_GT(*F.PredictedKernelSlowdown, 1.5) << "the branch is most of the kernel";
  EXPECT_FALSE(F.LikelyPredicated) << "stores are side effects";
  EXPECT_EQ(F.Sev, Severity::Warning);
}

TEST(CostModel, SwitchSplitFourWaysCostsFourPasses) {
  auto R = analyze(R"cu(
__global__ void k(float *y) {
  switch (threadIdx.x % 4) {
  case 0: y[0] = 1.f; break;
  case 1: y[1] = 1.f; break;
  case 2: y[2] = 1.f; break;
  default: y[3] = 1.f; break;
  }
}
)cu");
  const Finding &F = only(R, 3);
  EXPECT_DOUBLE_EQ(*F.PredictedEfficiency, 0.25);
  EXPECT_DOUBLE_EQ(*F.PredictedSlowdown, 4.0);
}

TEST(CostModel, LoopsSetHotnessAndTailsCostLittle) {
  auto R = analyze(R"cu(
__global__ void k(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 0.f;
  for (int j = 0; j < 64; ++j)
    if (threadIdx.x % 2) a += x[j] * 3.f; else a -= x[j + 1];
  if (i < n) y[i] = a;
}
)cu");
  const Finding &Hot = only(R, 6);
  EXPECT_EQ(Hot.LoopDepth, 1u);
  EXPECT_DOUBLE_EQ(Hot.Score, *Hot.PredictedSlowdown * 2);
  const Finding &Tail = only(R, 7);
  EXPECT_EQ(Tail.Ext, Extent::Tail);
  EXPECT_NEAR(*Tail.PredictedSlowdown, 1.0, 0.01);
  EXPECT_EQ(Tail.Sev, Severity::Note) << "a bounds-check tail is cheap";
}

TEST(CostModel, ShortValueOnlyArmsAreLikelyPredicated) {
  auto R = analyze(R"cu(
__global__ void k(const float *x, float *y) {
  float v = (threadIdx.x & 1) ? x[0] : x[1];
  y[threadIdx.x] = v;
}
)cu");
  const Finding &F = only(R, 3);
  EXPECT_TRUE(F.LikelyPredicated);
  EXPECT_EQ(F.Sev, Severity::Note);
}
