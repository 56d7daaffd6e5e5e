// Per-kernel predicted warp execution efficiency (Quantify/KernelEfficiency.h): the formula on
// hand-made regions, and kernels end to end.
#include "divlint/Quantify/KernelEfficiency.h"
#include "divlint/Pipeline/SourceAnalysis.h"
#include <cmath>
#include <gtest/gtest.h>

using namespace divlint;

namespace {
BlockShape shape(unsigned X, unsigned Y = 1, unsigned Z = 1) {
  BlockShape S;
  S.X = X;
  S.Y = Y;
  S.Z = Z;
  return S;
}
SourceAnalysisResult analyze(llvm::StringRef Code, const char *BlockDim = "256") {
  AnalysisOptions Opts;
  Opts.BlockDimOption = parseBlockShape(BlockDim);
  CudaFrontendOptions Front;
  Front.ForcePrelude = true;
  auto R = analyzeSource(Code, "eff.cu", Opts, detectCuda(Front));
  EXPECT_TRUE(R.Parsed);
  return R;
}
const KernelSummary &kernel(const SourceAnalysisResult &R, llvm::StringRef Name) {
  for (const KernelSummary &K : R.Kernels)
    if (K.Name == Name)
      return K;
  ADD_FAILURE() << "no kernel " << Name.str();
  static KernelSummary None;
  return None;
}
} // namespace

TEST(KernelEfficiency, BlockLaneOccupancy) {
  EXPECT_DOUBLE_EQ(blockLaneOccupancy(shape(1), 32), 1.0 / 32);
  EXPECT_DOUBLE_EQ(blockLaneOccupancy(shape(100), 32), 100.0 / 128) << "32+32+32+4 lanes";
  EXPECT_DOUBLE_EQ(blockLaneOccupancy(shape(256), 32), 1.0);
  EXPECT_DOUBLE_EQ(blockLaneOccupancy(shape(4, 4, 1), 32), 0.5);
}

TEST(KernelEfficiency, FormulaOnOneRegion) {
  // C = 20 (rest 15 + the region priced at its regrouped 5); the region issues 10 with 5 of
  // work: issued 15 + 10, work 15 + 5.
  KernelRegion R;
  R.AsRun = R.Best = {10, 5, 5};
  KernelEfficiency E = kernelEfficiency({20}, {R}, {shape(256)}, 32);
  EXPECT_TRUE(E.RangeReasons.empty());
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, 20.0 / 25);
  EXPECT_DOUBLE_EQ(E.Efficiency.High, 20.0 / 25);
  // Run 4 times per thread, and the kernel's cost counts the 4 runs: rest 20 - 4*5 = 0.
  R.Evaluations = 4;
  E = kernelEfficiency({20}, {R}, {shape(256)}, 32);
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, 0.5);
  // A partial block: the rest runs at 100/128.
  R.Evaluations = 1;
  E = kernelEfficiency({20}, {R}, {shape(100)}, 32);
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, (15 * 100.0 / 128 + 5) / 25);
}

TEST(KernelEfficiency, UnknownTripCountIsARangeToTheRegionsOwn) {
  KernelRegion R;
  R.AsRun = R.Best = {10, 2.5, 5}; // the region alone: 0.25
  R.TripsAssumed = true;
  R.Where = "line 3";
  KernelEfficiency E = kernelEfficiency({20}, {R}, {shape(256)}, 32);
  ASSERT_EQ(E.RangeReasons.size(), 1u);
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, 0.25);
  EXPECT_DOUBLE_EQ(E.Efficiency.High, 1.0);
}

TEST(KernelEfficiency, UniformWorkOfUnknownTripCountIsARangeToItsOwn) {
  // C = 20: a loop of unknown trip count holds 12 of the rest (none of it known); the region
  // (0.5 alone) is outside it. None of the loop's work: (3 + 5) / (3 + 10) with the rest 3;
  // all of it: 1.
  KernelRegion R;
  R.AsRun = R.Best = {10, 5, 5};
  KernelCost Cost{20, 20 - 12, {}};
  KernelEfficiency E = kernelEfficiency(Cost, {R}, {shape(256)}, 32);
  ASSERT_EQ(E.RangeReasons.size(), 1u);
  EXPECT_NE(E.RangeReasons[0].find("loops of unknown trip count"), std::string::npos);
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, 8.0 / 13);
  EXPECT_DOUBLE_EQ(E.Efficiency.High, 1.0);
  // Without a lane-varying region the loop's share does not matter: a point.
  E = kernelEfficiency(Cost, {}, {shape(256)}, 32);
  EXPECT_TRUE(E.RangeReasons.empty());
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, 1.0);
}

TEST(KernelEfficiency, AssumedWorkInARegionsSideRunsToTheRegionsLimit) {
  // The region's true side holds a loop of unknown trip count: priced, the region issues 10
  // with 5 of work (regrouped 5); with nothing assumed, 2 with 1 (regrouped 1). C = 20 priced,
  // 16 known (the rest 15 either way). Known: (15 + 1) / (15 + 2); priced: 20 / 25; as the
  // loop grows, the region's own 0.5 (UnpricedLimit).
  KernelRegion R;
  R.AsRun = R.Best = {10, 5, 5};
  R.KnownAsRun = R.KnownBest = Prediction::RegionTime{2, 1, 1};
  R.UnpricedLimit = Bounds{0.5, 0.5};
  R.Where = "line 4";
  KernelEfficiency E = kernelEfficiency({20, 16, {}}, {R}, {shape(256)}, 32);
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, 0.5);
  EXPECT_DOUBLE_EQ(E.Efficiency.High, 16.0 / 17);
  ASSERT_EQ(E.RangeReasons.size(), 1u);
  EXPECT_EQ(E.RangeReasons[0], "line 4: its sides hold work whose cost divlint assumed (the "
                               "range runs to the region's own efficiency as that work grows)");
}

TEST(KernelEfficiency, CallsDivlintCannotSeeIntoAreAnythingFromOneLaneToAll) {
  KernelRegion R;
  R.AsRun = R.Best = {10, 5, 5};
  KernelEfficiency E =
      kernelEfficiency({20, 10, {"'malloc' (no body divlint can see) at line 7"}}, {R},
                       {shape(256)}, 32);
  EXPECT_DOUBLE_EQ(E.Efficiency.Low, 1.0 / 32);
  EXPECT_DOUBLE_EQ(E.Efficiency.High, 1.0);
  bool Named = false;
  for (const std::string &Reason : E.RangeReasons)
    Named |= Reason.find("calls divlint cannot see into") != std::string::npos &&
             Reason.find("'malloc' (no body divlint can see) at line 7") != std::string::npos;
  EXPECT_TRUE(Named);
}

TEST(KernelEfficiency, OneThreadBlockIsOneThirtySecond) {
  auto R = analyze(R"cu(
__global__ void k(float *y) { y[threadIdx.x] = 1.f; }
)cu",
                   "1");
  const KernelSummary &K = kernel(R, "k");
  ASSERT_TRUE(K.Efficiency);
  EXPECT_DOUBLE_EQ(*K.Efficiency, std::round(1000.0 / 32) / 1000);
  EXPECT_EQ(K.BlockShapes, std::vector<std::string>{"1x1x1"});
  EXPECT_FALSE(K.EfficiencyRange);
}

TEST(KernelEfficiency, HalfTheLanesOnAHeavyArm) {
  // C_rest: the store and index outside; heavy: the arm. (C_rest + heavy/2) / (C_rest + heavy)
  // in cost units, from the cost model's own costs.
  auto R = analyze(R"cu(
__global__ void k(float *x, float *y) {
  int t = threadIdx.x;
  float v = x[t];
  if (t % 2 == 0) {
    v = v * v + 1.f; v = v * v + 2.f; v = v * v + 3.f; v = v * v + 4.f;
    v = v * v + 5.f; v = v * v + 6.f; v = v * v + 7.f; v = v * v + 8.f;
    y[t] = v;
  }
  y[t + 256] = v;
}
)cu");
  const KernelSummary &K = kernel(R, "k");
  ASSERT_TRUE(K.Efficiency) << "thread indices decide: a point";
  EXPECT_EQ(K.LaneVaryingRegions, 1u);
  // The arm costs as the cost model prices them: read back from the finding, not restated.
  const Finding *F = nullptr;
  for (const Finding &X : R.Findings)
    if (X.Line == 5)
      F = &X;
  ASSERT_TRUE(F && F->ArmCostTrue);
  double Heavy = *F->ArmCostTrue;
  ASSERT_GT(Heavy, 20);
  // The kernel's cost prices the if at the mean of its arms (heavy / 2): the rest is the others.
  double Rest = K.Cost - 0.5 * Heavy;
  ASSERT_GT(Rest, 5);
  EXPECT_NEAR(*K.Efficiency, (Rest + 0.5 * Heavy) / (Rest + Heavy), 0.0015);
  EXPECT_GT(*K.Efficiency, 0.5) << "the rest runs with every lane";
  EXPECT_LT(*K.Efficiency, 0.7) << "the arm is most of the kernel";
}

TEST(KernelEfficiency, DataDependentBranchIsARange) {
  auto R = analyze(R"cu(
__global__ void k(const float *x, float *y) {
  int t = threadIdx.x;
  if (x[t] > 0.f) {
    float v = x[t];
    v = v * v + 1.f; v = v * v + 2.f; v = v * v + 3.f; v = v * v + 4.f;
    y[t] = v;
  }
}
)cu");
  const KernelSummary &K = kernel(R, "k");
  EXPECT_FALSE(K.Efficiency);
  ASSERT_TRUE(K.EfficiencyRange);
  EXPECT_LT(K.EfficiencyRange->first, 0.5) << "worst: one lane of 32 on the long arm";
  EXPECT_DOUBLE_EQ(K.EfficiencyRange->second, 1.0) << "best: no warp splits";
  ASSERT_EQ(K.RangeReasons.size(), 1u);
  EXPECT_NE(K.RangeReasons[0].find("data-dependent"), std::string::npos) << K.RangeReasons[0];
}

TEST(KernelEfficiency, CalleeBranchesCountInTheKernelsContext) {
  // The callee's branch splits every warp only because the kernel passes threadIdx.x; it is
  // called twice, so it weighs twice.
  auto R = analyze(R"cu(
__device__ float f(float *y, int t) {
  float v = y[t];
  if (t % 2 == 0) { v = v * v + 1.f; v = v * v + 2.f; v = v * v + 3.f; v = v * v + 4.f; }
  return v;
}
__global__ void once(float *y) { y[threadIdx.x] = f(y, threadIdx.x); }
__global__ void twice(float *y) { y[threadIdx.x] = f(y, threadIdx.x) + f(y + 1, threadIdx.x); }
__global__ void uniform(float *y) { y[threadIdx.x] = f(y, blockIdx.x); }
)cu");
  const KernelSummary &Once = kernel(R, "once"), &Twice = kernel(R, "twice"),
                      &Uniform = kernel(R, "uniform");
  ASSERT_TRUE(Once.Efficiency && Twice.Efficiency && Uniform.Efficiency);
  EXPECT_EQ(Once.LaneVaryingRegions, 1u);
  EXPECT_LT(*Once.Efficiency, 0.9);
  EXPECT_LT(*Twice.Efficiency, *Once.Efficiency) << "two calls: more of the kernel diverges";
  EXPECT_DOUBLE_EQ(*Uniform.Efficiency, 1.0) << "blockIdx.x: no warp splits";
}
