// Hostile input through the whole pipeline (built-in prelude): deep nesting, long `else if`
// chains, recursion, irreducible gotos, huge and binary inputs, a runaway macro. Each must end
// with findings, with clang's errors, or with divlint's own error and exit status 2; never with
// a crash or a hang.
#include "divlint/Pipeline/SourceAnalysis.h"
#include "divlint/Support/StackGuard.h"
#include "divlint/Support/Watchdog.h"
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <random>
#include <thread>
#include <vector>

using namespace divlint;

namespace {

SourceAnalysisResult analyze(const std::string &Code) {
  AnalysisOptions Opts;
  Opts.BlockDimOption = parseBlockShape("256");
  CudaFrontendOptions Front;
  Front.ForcePrelude = true;
  return analyzeSource(Code, "hostile.cu", Opts, detectCuda(Front));
}

std::string repeat(const std::string &S, unsigned N) {
  std::string Out;
  Out.reserve(S.size() * N);
  for (unsigned I = 0; I < N; ++I)
    Out += S;
  return Out;
}

const Finding *branchOnLine(const SourceAnalysisResult &R, unsigned Line) {
  for (const Finding &F : R.Findings)
    if (F.Line == Line &&
        (F.TheRule == Rule::DivergentBranch || F.TheRule == Rule::UniformBranch))
      return &F;
  return nullptr;
}

// Recurses until the stack runs out (the volatile frame and the non-tail call keep it a real
// recursion; StopAt is never reached but the compiler cannot know that).
volatile unsigned StopAt = ~0u;
unsigned exhaustStack(unsigned Depth) {
  volatile char Frame[512];
  Frame[0] = static_cast<char>(Depth);
  if (Depth == StopAt)
    return 0;
  return exhaustStack(Depth + 1) + static_cast<unsigned>(Frame[0]);
}

} // namespace

TEST(Robustness, StackOverflowIsAnErrorNotACrash) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(runWithStackGuard("deep.cu", [] { exhaustStack(0); }, /*StackMB=*/8),
              testing::ExitedWithCode(2),
              "divlint: error: deep.cu: nesting too deep: the 8 MiB parse stack is exhausted");
}

TEST(Robustness, GuardedRunReturnsItsResult) {
  int Value = 0;
  runWithStackGuard("ok.cu", [&] { Value = 42; });
  EXPECT_EQ(Value, 42);
}

TEST(Robustness, DeepUnaryNestingParsesOnTheGuardedStack) {
  // clang 22 recurses once per `!` with no limit and overflows 8 MiB at a few thousand.
  auto R = analyze("__global__ void k(int *o) {\n  if (" + repeat("!", 20000) +
                   "(threadIdx.x % 2)) o[0] = 1;\n}\n");
  EXPECT_TRUE(R.Parsed) << (R.Errors.empty() ? "" : R.Errors.front());
  const Finding *F = branchOnLine(R, 2);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Class, Uniformity::LaneVarying);
}

TEST(Robustness, DeepParenthesesAreClangsErrorNotACrash) {
  // Past -fbracket-depth=256 (set by detectCuda) clang stops with an error; at clang's own
  // default for CUDA (2048) it overflowed the stack first.
  auto R = analyze("__global__ void k(int *o) {\n  if (" + repeat("(", 5000) + "threadIdx.x" +
                   repeat(")", 5000) + ") o[0] = 1;\n}\n");
  EXPECT_FALSE(R.Parsed);
  ASSERT_FALSE(R.Errors.empty());
  EXPECT_NE(R.Errors.front().find("bracket nesting level exceeded maximum of 256"),
            std::string::npos)
      << R.Errors.front();
}

TEST(Robustness, LongElseIfChainIsAnalyzed) {
  // Control dependences of branch k are all k-1 earlier conditions: walking them again per
  // dependence was cubic (minutes for 1000 branches).
  const unsigned N = 2000;
  std::string Code = "__global__ void k(int *o) {\n  int i = threadIdx.x;\n  if (i == 0) o[i] = 0;\n";
  for (unsigned J = 1; J < N; ++J)
    Code += "  else if (i == " + std::to_string(J) + ") o[i] = " + std::to_string(J) + ";\n";
  Code += "}\n";
  auto Start = std::chrono::steady_clock::now();
  auto R = analyze(Code);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  EXPECT_TRUE(R.Parsed);
  unsigned LaneVarying = 0;
  for (const Finding &F : R.Findings)
    LaneVarying += F.TheRule == Rule::DivergentBranch;
  // i == j splits one warp for j < 256 (the block); the others are never true.
  EXPECT_GE(LaneVarying, 256u);
  EXPECT_LT(Seconds, 120.0) << "quadratic at worst";
}

TEST(Robustness, DeeplyNestedIfsWithoutBracesAreAnalyzed) {
  auto R = analyze("__global__ void k(int *o, int n) {\n  int i = threadIdx.x;\n" +
                   repeat("if (i < n) ", 3000) + "o[i] = 1;\n}\n");
  EXPECT_TRUE(R.Parsed);
  const Finding *F = branchOnLine(R, 3);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Class, Uniformity::LaneVarying);
}

TEST(Robustness, RecursionTerminates) {
  auto R = analyze(R"cu(
__device__ int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
__device__ int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
__device__ int even(int n);
__device__ int odd(int n) { return n == 0 ? 0 : even(n - 1); }
__device__ int even(int n) { return n == 0 ? 1 : odd(n - 1); }
template <int N> __device__ int t(int x) { return x > N ? t<N - 1>(x - 1) + t<N - 1>(x + 1) : x; }
template <> __device__ int t<0>(int x) { return x; }
__global__ void k(int *o, int n) {
  int i = threadIdx.x;
  if (fib(i) > 3) o[i] = 1;
  if (ack(n, i) > 3) o[i] = 2;
  if (even(i)) o[i] = 3;
  if (t<10>(i)) o[i] = 5;
}
)cu");
  EXPECT_TRUE(R.Parsed);
  for (unsigned Line : {15u, 16u, 17u, 18u}) {
    const Finding *F = branchOnLine(R, Line);
    ASSERT_NE(F, nullptr) << "line " << Line;
    EXPECT_EQ(F->Class, Uniformity::LaneVarying) << "line " << Line;
  }
}

TEST(Robustness, IrreducibleGotoLoopsTerminate) {
  // Two entries into one loop (A and B), each reachable from the other.
  auto R = analyze(R"cu(
__global__ void k(int *o, int n) {
  int i = threadIdx.x, v = 0;
  if (i % 2) goto B;
A:
  v += 1;
  if (v > n) goto done;
B:
  v += i;
  if (v % 3) goto A;
  if (v < 100) goto B;
done:
  if (v & 1) o[i] = v;
}
)cu");
  EXPECT_TRUE(R.Parsed);
  const Finding *F = branchOnLine(R, 13);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Class, Uniformity::LaneVarying);
}

TEST(Robustness, HugeSingleLineIsAnalyzed) {
  std::string Line = "__global__ void k(int *o) { if (threadIdx.x % 2) o[0] = 1; } ";
  std::string Comment = "/*" + std::string(100, 'x') + "*/ ";
  Line += repeat(Comment, (10u << 20) / Comment.size());
  auto R = analyze(Line + "\n");
  EXPECT_TRUE(R.Parsed);
  const Finding *F = branchOnLine(R, 1);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Class, Uniformity::LaneVarying);
}

TEST(Robustness, BinaryDataIsAParseErrorNotACrash) {
  std::mt19937 Random(8);
  std::string Bytes(1 << 16, '\0');
  for (char &C : Bytes)
    C = static_cast<char>(Random() & 0xff); // NUL bytes included: clang ignores them
  auto R = analyze(Bytes);
  EXPECT_FALSE(R.Parsed);
  EXPECT_FALSE(R.Errors.empty());
}

TEST(Robustness, RunawayMacroHitsTheMemoryLimit) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // X40 expands to 2^40 tokens: clang would parse for days, growing all the while.
  std::string Bomb = "#define X0 threadIdx.x\n";
  for (int I = 1; I <= 40; ++I)
    Bomb += "#define X" + std::to_string(I) + " (X" + std::to_string(I - 1) + " + X" +
            std::to_string(I - 1) + ")\n";
  Bomb += "__global__ void k(int *o) { if (X40 > 3) o[0] = 1; }\n";
  EXPECT_EXIT(
      {
        WatchdogScope Limit("bomb.cu", /*Seconds=*/60, residentMemoryMB() + 128);
        analyze(Bomb);
        std::exit(0);
      },
      testing::ExitedWithCode(2), "divlint: error: bomb.cu: memory use reached [0-9]+ MiB");
}

TEST(Robustness, WatchdogStopsAScopeThatRunsTooLong) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        WatchdogScope Limit("slow.cu", /*Seconds=*/1, 0);
        std::this_thread::sleep_for(std::chrono::seconds(20));
        std::exit(0);
      },
      testing::ExitedWithCode(2), "divlint: error: slow.cu: timed out after 1 s");
}

TEST(Robustness, WatchdogLeavesFinishedScopesAlone) {
  {
    WatchdogScope Limit("fast.cu", /*Seconds=*/1, 0);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  SUCCEED() << "still running after the scope's deadline passed";
}

TEST(Robustness, PhysicalMemoryMatchesProcMeminfo) {
  // The default --memory-limit is 3/4 of this; /proc/meminfo's MemTotal is the same memory
  // less what the kernel reserved for itself.
  std::ifstream Meminfo("/proc/meminfo");
  std::string Key;
  uint64_t TotalKB = 0;
  Meminfo >> Key >> TotalKB;
  ASSERT_EQ(Key, "MemTotal:");
  uint64_t MB = physicalMemoryMB();
  EXPECT_GE(MB, TotalKB / 1024);
  EXPECT_LE(MB, TotalKB / 1024 * 11 / 10);
}

TEST(Robustness, GlobalIndexEqualsZeroDivergesInBlockZero) {
  // Found on the corpora (`if (i == 0) *result = ...` is everywhere): the sampled values of an
  // unknown blockIdx.x left out 0, so the branch looked block-uniform.
  auto R = analyze(R"cu(
__global__ void k(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) out[0] = 1;
  if (i < 5) out[1] = 1;
}
)cu");
  EXPECT_TRUE(R.Parsed);
  for (unsigned Line : {4u, 5u}) {
    const Finding *F = branchOnLine(R, Line);
    ASSERT_NE(F, nullptr) << "line " << Line;
    EXPECT_EQ(F->Class, Uniformity::LaneVarying) << "line " << Line;
  }
}
