// End-to-end data-flow tests: small CUDA snippets through the whole analysis (built-in prelude,
// so they do not depend on a CUDA installation).
#include "divlint/Pipeline/SourceAnalysis.h"
#include <gtest/gtest.h>

using namespace divlint;

namespace {

SourceAnalysisResult analyze(llvm::StringRef Code, const char *BlockDim = "256") {
  AnalysisOptions Opts;
  Opts.BlockDimOption = parseBlockShape(BlockDim);
  CudaFrontendOptions Front;
  Front.ForcePrelude = true;
  SourceAnalysisResult R = analyzeSource(Code, "input.cu", Opts, detectCuda(Front));
  EXPECT_TRUE(R.Parsed) << (R.Errors.empty() ? "" : R.Errors.front());
  return R;
}

/// The class finding on \p Line (exactly one expected).
const Finding *at(const SourceAnalysisResult &R, unsigned Line, Rule Want = Rule::DivergentBranch) {
  const Finding *Found = nullptr;
  for (const Finding &F : R.Findings) {
    bool ClassRule = F.TheRule == Rule::DivergentBranch || F.TheRule == Rule::UniformBranch;
    bool WantClass = Want == Rule::DivergentBranch || Want == Rule::UniformBranch;
    if (F.Line == Line && (WantClass ? ClassRule : F.TheRule == Want)) {
      EXPECT_EQ(Found, nullptr) << "two findings on line " << Line;
      Found = &F;
    }
  }
  return Found;
}

Uniformity classAt(const SourceAnalysisResult &R, unsigned Line) {
  const Finding *F = at(R, Line);
  EXPECT_NE(F, nullptr) << "no finding on line " << Line;
  return F ? F->Class : Uniformity::BlockUniform;
}

} // namespace

TEST(DataFlow, SyncDependenceAtTheJoin) {
  auto R = analyze(R"cu(
__global__ void k(int *out, int n) {
  int v = 0, w = 0;
  if (threadIdx.x % 3 == 0) v = 1;
  if (v) out[0] = 1;
  if (n > 2) w = 1;
  if (w) out[1] = 1;
  if (threadIdx.x < 64) w = 2;
  if (w == 2) out[2] = 1;
}
)cu");
  EXPECT_EQ(classAt(R, 5), Uniformity::LaneVarying);
  EXPECT_EQ(classAt(R, 7), Uniformity::BlockUniform);
  EXPECT_EQ(classAt(R, 9), Uniformity::WarpUniform) << "assigned under a warp-uniform branch";
}

TEST(DataFlow, InsideADivergentRegionValuesStayUniform) {
  auto R = analyze(R"cu(
__global__ void k(int *out, int n) {
  if (threadIdx.x < 5) {
    int k = n * 2;
    if (k > 4) out[0] = 1;
  }
}
)cu");
  EXPECT_EQ(classAt(R, 5), Uniformity::BlockUniform);
}

TEST(DataFlow, TemporalDivergenceAfterALoop) {
  auto R = analyze(R"cu(
__global__ void k(const int *in, int *out) {
  int j = 0;
  while (in[threadIdx.x + j] != 0) ++j;
  if (j > 3) out[0] = 1;
  int u = 0;
  for (int i = 0; i < 10; ++i) u += 2;
  if (u > 3) out[1] = 1;
}
)cu");
  EXPECT_EQ(at(R, 4)->Ext, Extent::DataDependent);
  EXPECT_EQ(classAt(R, 5), Uniformity::LaneVarying);
  EXPECT_EQ(classAt(R, 7), Uniformity::BlockUniform);
  EXPECT_EQ(classAt(R, 8), Uniformity::BlockUniform);
}

TEST(DataFlow, ExitedThreadsDoNotHoldUpBarriers) {
  // PTX `exit`: the lanes that returned are gone; the barrier after the guard is fine. A thread
  // that skips a barrier and reaches another one while still running is not.
  auto R = analyze(R"cu(
__global__ void k(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  x[i] = 0.f;
  __syncthreads();
  for (int k = 0; k < 4; ++k) {
    if (x[i] > 0.f) break;
    __syncthreads();
  }
  __syncthreads();
}
)cu");
  EXPECT_EQ(at(R, 4)->Ext, Extent::Tail);
  EXPECT_EQ(at(R, 6, Rule::BarrierDivergence), nullptr);
  const Finding *Barrier = at(R, 9, Rule::BarrierDivergence);
  ASSERT_NE(Barrier, nullptr);
  EXPECT_EQ(Barrier->Sev, Severity::Error);
  EXPECT_NE(Barrier->Message.find("reach the barrier '__syncthreads()' (line 11) instead"),
            std::string::npos)
      << Barrier->Message;
}

TEST(DataFlow, FieldSensitiveLocals) {
  auto R = analyze(R"cu(
struct P { int a, b; };
__global__ void k(int *out, int n) {
  P p;
  p.a = threadIdx.x;
  p.b = n;
  if (p.b > 0) out[0] = 1;
  if (p.a > 0) out[1] = 1;
}
)cu");
  EXPECT_EQ(classAt(R, 7), Uniformity::BlockUniform);
  EXPECT_EQ(classAt(R, 8), Uniformity::LaneVarying);
}

TEST(DataFlow, AddressTakenLocalsAreWidenedByStoresThroughPointers) {
  auto R = analyze(R"cu(
__device__ void set(int *p) { *p = threadIdx.x; }
__global__ void k(int *out) {
  int v = 0;
  int *q = &v;
  *q = threadIdx.x;
  if (v > 3) out[0] = 1;
  int arr[4] = {0, 0, 0, 0};
  arr[threadIdx.x % 4] = 1;
  if (arr[0]) out[1] = 1;
}
)cu");
  EXPECT_EQ(classAt(R, 7), Uniformity::LaneVarying);
  EXPECT_EQ(classAt(R, 10), Uniformity::LaneVarying);
}

TEST(DataFlow, DeviceFunctionsAreAnalyzedInTheCallersContext) {
  auto R = analyze(R"cu(
__device__ int lane() { return threadIdx.x & 31; }
__device__ int twice(int v) { return 2 * v; }
__device__ int pick(int v) { if (v > 0) return 1; return 0; }
__global__ void k(int *out, int n) {
  if (lane() == 0) out[0] = 1;
  if (twice(n) > 8) out[1] = 1;
  if (twice(threadIdx.x) > 8) out[2] = 1;
  if (pick(n)) out[3] = 1;
}
)cu");
  const Finding *Lane = at(R, 6);
  ASSERT_NE(Lane, nullptr);
  EXPECT_EQ(Lane->Ext, Extent::EveryWarp);
  EXPECT_EQ(classAt(R, 7), Uniformity::BlockUniform);
  EXPECT_EQ(classAt(R, 8), Uniformity::LaneVarying);
  EXPECT_EQ(classAt(R, 9), Uniformity::BlockUniform);
}

TEST(DataFlow, RecursionFallsBackToLaneVarying) {
  auto R = analyze(R"cu(
__device__ int f(int v) { return v <= 0 ? 0 : f(v - 1) + 1; }
__global__ void k(int *out, int n) {
  if (f(n) > 2) out[0] = 1;
}
)cu");
  EXPECT_EQ(classAt(R, 4), Uniformity::LaneVarying);
}

TEST(DataFlow, AtomicsOpaqueCallsAndAsmAreLaneVarying) {
  auto R = analyze(R"cu(
__device__ int opaque(int);
__global__ void k(int *out, int n) {
  int old = atomicAdd(out, 1);
  if (old < 100) out[1] = 1;
  if (opaque(n)) out[2] = 1;
  int r;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  if (r == 0) out[3] = 1;
}
)cu");
  EXPECT_EQ(at(R, 5)->Ext, Extent::DataDependent);
  EXPECT_EQ(classAt(R, 6), Uniformity::LaneVarying);
  EXPECT_EQ(classAt(R, 9), Uniformity::LaneVarying);
}

TEST(DataFlow, LogicalOperandsAreSeparateBranches) {
  auto R = analyze(R"cu(
__global__ void k(int *out, int n) {
  if (n > 0 &&
      threadIdx.x % 2 == 0 ||
      threadIdx.x < 64)
    out[0] = 1;
}
)cu");
  EXPECT_EQ(at(R, 3)->Construct, "&&");
  EXPECT_EQ(classAt(R, 3), Uniformity::BlockUniform);
  EXPECT_EQ(at(R, 4)->Construct, "&&");
  EXPECT_EQ(classAt(R, 4), Uniformity::LaneVarying);
  EXPECT_EQ(at(R, 5)->Construct, "||");
  EXPECT_EQ(classAt(R, 5), Uniformity::WarpUniform);
}

TEST(DataFlow, TemplatesAreAnalyzedPerInstantiation) {
  auto R = analyze(R"cu(
template <int W> __global__ void k(int *out) {
  if (threadIdx.x % W == 0) out[0] = 1;
}
template __global__ void k<1>(int *);
template __global__ void k<2>(int *);
)cu");
  // W == 1 is block-uniform, W == 2 lane-varying: the merged finding keeps the worst.
  EXPECT_EQ(classAt(R, 3), Uniformity::LaneVarying);
}

TEST(DataFlow, UncalledDeviceFunctionsAssumeLaneVaryingParameters) {
  auto R = analyze(R"cu(
__device__ int helper(int v) { if (v > 0) return 1; return 0; }
)cu");
  const Finding *F = at(R, 2);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Class, Uniformity::LaneVarying);
  // DESIGN §6.3: lane-varying only through an unknown argument, so a note that says so.
  EXPECT_EQ(F->Sev, Severity::Note);
  bool Stated = false;
  for (const std::string &A : F->Assumptions)
    Stated |= A.find("no device caller in this file: lane-varying only if a caller passes "
                     "lane-varying arguments") != std::string::npos;
  EXPECT_TRUE(Stated);
}

TEST(DataFlow, BarrierUnderWarpUniformAndFullMaskShuffleUnderLaneVarying) {
  auto R = analyze(R"cu(
__global__ void k(float *x) {
  if (threadIdx.x < 128) __syncthreads();
  if (blockIdx.x == 0) __syncthreads();
  if (threadIdx.x % 2) x[0] = __shfl_sync(0xffffffffu, x[1], 0);
  if (threadIdx.x % 2) x[0] = __shfl_sync(0x55555555u, x[1], 0);
}
)cu");
  EXPECT_NE(at(R, 3, Rule::BarrierDivergence), nullptr);
  EXPECT_EQ(at(R, 4, Rule::BarrierDivergence), nullptr);
  EXPECT_NE(at(R, 5, Rule::WarpSyncDivergence), nullptr);
  EXPECT_EQ(at(R, 6, Rule::WarpSyncDivergence), nullptr) << "a partial mask is the fix";
}

TEST(DataFlow, ParseErrorsAreReported) {
  AnalysisOptions Opts;
  CudaFrontendOptions Front;
  Front.ForcePrelude = true;
  auto R = analyzeSource("__global__ void k( {", "bad.cu", Opts, detectCuda(Front));
  EXPECT_FALSE(R.Parsed);
  EXPECT_FALSE(R.Errors.empty());
}
