// Probe rewriting: every analyzed condition is wrapped in a probe at its exact source range, the
// rewritten code keeps the program's meaning, and it compiles with nvcc in every build mode.
#include "ConfirmTestSupport.h"
#include "divlint/Confirm/ProbeRewriter.h"
#include <gtest/gtest.h>
#include <map>

using namespace divlint;
using namespace divlint::confirm;
using namespace divlint::confirm::testing;

namespace {

const MirroredFile *mirrored(const InstrumentedSource &I, llvm::StringRef RelPath) {
  for (const MirroredFile &F : I.Files)
    if (F.RelPath == RelPath)
      return &F;
  return nullptr;
}

/// The rewritten text of \p Name without the two header lines the rewriter adds.
std::string body(const InstrumentedSource &I, llvm::StringRef Name) {
  const MirroredFile *F = mirrored(I, Name);
  EXPECT_NE(F, nullptr) << Name.str();
  if (!F)
    return "";
  llvm::StringRef T = F->Text;
  EXPECT_TRUE(T.consume_front("#include \"divlint_probe.cuh\"\n#line 1 \""));
  return T.split('\n').second.str();
}

const ProbeSite *probeAt(const InstrumentedSource &I, unsigned Line, llvm::StringRef Condition) {
  for (const ProbeSite &P : I.Probes)
    if (P.Line == Line && P.Condition == Condition)
      return &P;
  return nullptr;
}

/// \p I's rewritten sources under src/ and the probe runtime beside them: what nvcc compiles.
void writeBuildDir(TempDir &Build, const InstrumentedSource &I) {
  for (const MirroredFile &F : I.Files)
    Build.write("src/" + F.RelPath, F.Text);
  Build.write("divlint_probe.cuh", readFile(runtimeDir() + "/divlint_probe.cuh"));
}

} // namespace

TEST(ConfirmRewrite, WrapsEveryKindOfCondition) {
  TempDir D;
  std::string Src = D.write("k.cu", R"cu(__global__ void k(int *out, int n) {
  int t = threadIdx.x;
  if (t % 2 == 0) out[t] = 1;
  for (int i = 0; i < t; ++i) out[i] += 1;
  while (n > 100) n /= 2;
  do { n++; } while (t < n && n < 64);
  int v = t & 1 ? 3 : 4;
  if (n > 0 || t == 3) out[0] = v;
  switch (t % 4) { case 0: out[1] = 0; break; default: break; }
}
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed) << (A.Errors.empty() ? "" : A.Errors.front());
  ASSERT_TRUE(A.Kernel);
  EXPECT_EQ(body(A.Instrumented, "k.cu"), R"cu(__global__ void k(int *out, int n) {
  int t = threadIdx.x;
  if (::divlint_rt::br<0>(static_cast<bool>((t % 2 == 0)))) out[t] = 1;
  { unsigned __divlint_it0 = 0; for (int i = 0; ::divlint_rt::br<1>(static_cast<bool>((i < t)), __divlint_it0); ++i) { ++__divlint_it0; out[i] += 1; } }
  { unsigned __divlint_it1 = 0; while (::divlint_rt::br<2>(static_cast<bool>((n > 100)), __divlint_it1)) { ++__divlint_it1; n /= 2; } }
  { unsigned __divlint_it2 = 0; do { ++__divlint_it2; n++; } while (::divlint_rt::br<3>(static_cast<bool>((t < n)), __divlint_it2) && ::divlint_rt::br<4>(static_cast<bool>((n < 64)), __divlint_it2)); }
  int v = ::divlint_rt::br<5>(static_cast<bool>((t & 1))) ? 3 : 4;
  if (::divlint_rt::br<6>(static_cast<bool>((n > 0))) || ::divlint_rt::br<7>(static_cast<bool>((t == 3)))) out[0] = v;
  switch (::divlint_rt::sw<8>((t % 4), [](long long v) -> int { return v == (long long)(0LL) ? 0 : 1; })) { case 0: out[1] = 0; break; default: break; }
}
)cu");
  ASSERT_EQ(A.Instrumented.Probes.size(), 9u);
  const ProbeSite *Switch = probeAt(A.Instrumented, 9, "t % 4");
  ASSERT_NE(Switch, nullptr);
  EXPECT_EQ(Switch->Kind, ProbeKind::Switch);
  const ProbeSite *Loop = probeAt(A.Instrumented, 4, "i < t");
  ASSERT_NE(Loop, nullptr);
  EXPECT_TRUE(Loop->isLoop());
  EXPECT_EQ(Loop->CostFalse, 0) << "a loop's false side is its exit";
  // A false condition skips the region (a floor variant can time the kernel without it) only
  // for the whole condition of an `if` without `else`, a `for` or a `while`.
  EXPECT_TRUE(Loop->FalseSkipsRegion);
  EXPECT_TRUE(probeAt(A.Instrumented, 3, "t % 2 == 0")->FalseSkipsRegion);
  EXPECT_TRUE(probeAt(A.Instrumented, 5, "n > 100")->FalseSkipsRegion);
  EXPECT_FALSE(probeAt(A.Instrumented, 6, "t < n")->FalseSkipsRegion) << "a do loop runs once";
  EXPECT_FALSE(probeAt(A.Instrumented, 7, "t & 1")->FalseSkipsRegion) << "?: runs a side";
  EXPECT_FALSE(probeAt(A.Instrumented, 8, "n > 0")->FalseSkipsRegion) << "a leaf of ||";
  EXPECT_FALSE(Switch->FalseSkipsRegion);
  // Every probe carries the prediction of the kernel it was analyzed for.
  for (const ProbeSite &P : A.Instrumented.Probes) {
    ASSERT_FALSE(P.Predictions.empty()) << P.Condition;
    EXPECT_EQ(P.Predictions.front().Kernel, "k");
  }
  EXPECT_EQ(probeAt(A.Instrumented, 3, "t % 2 == 0")->Predictions.front().Class,
            Uniformity::LaneVarying);
  EXPECT_EQ(probeAt(A.Instrumented, 5, "n > 100")->Predictions.front().Class,
            Uniformity::BlockUniform);
}

TEST(ConfirmRewrite, SwitchProbesCountCaseTargetsNotValues) {
  TempDir D;
  std::string Src = D.write("s.cu", R"cu(__global__ void k(int *out) {
  switch (threadIdx.x % 8) {
  case 0:
  case 1: out[0] = 1; break;
  case 5: out[1] = 2;
  case 6: out[2] = 3; break;
  }
}
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed);
  // Stacked labels share a target; values with no case are one more target (3).
  EXPECT_NE(body(A.Instrumented, "s.cu")
                .find("switch (::divlint_rt::sw<0>((threadIdx.x % 8), [](long long v) -> int { "
                      "return v == (long long)(0ULL) ? 0 : v == (long long)(1ULL) ? 0 : "
                      "v == (long long)(5ULL) ? 1 : v == (long long)(6ULL) ? 2 : 3; }))"),
            std::string::npos)
      << body(A.Instrumented, "s.cu");
}

TEST(ConfirmRewrite, NestedConditionsStayBalanced) {
  TempDir D;
  std::string Src = D.write("n.cu", R"cu(__global__ void k(int *out, int n) {
  int t = threadIdx.x;
  if ((t < 4 ? n : t) > 8) out[t] = 2;
}
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed);
  EXPECT_EQ(body(A.Instrumented, "n.cu"), R"cu(__global__ void k(int *out, int n) {
  int t = threadIdx.x;
  if (::divlint_rt::br<0>(static_cast<bool>(((::divlint_rt::br<1>(static_cast<bool>((t < 4))) ? n : t) > 8)))) out[t] = 2;
}
)cu");
}

TEST(ConfirmRewrite, DeviceFunctionsAndTemplatesAreProbedOnce) {
  TempDir D;
  std::string Src = D.write("d.cu", R"cu(__device__ int pick(int v, int t) {
  if (t & 1) return v;
  return -v;
}
template <int N> __global__ void tk(int *out) {
  if (threadIdx.x < N) out[threadIdx.x] = pick(1, threadIdx.x);
}
__global__ void other(int *out) { out[0] = pick(2, threadIdx.x); }
void launch(int *p) { tk<8><<<1, 64>>>(p); tk<40><<<1, 64>>>(p); other<<<1, 32>>>(p); }
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src);
  ASSERT_TRUE(A.Parsed);
  std::string B = body(A.Instrumented, "d.cu");
  EXPECT_NE(B.find("if (::divlint_rt::br<0>(static_cast<bool>((t & 1)))) return v;"),
            std::string::npos)
      << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<1>(static_cast<bool>((threadIdx.x < N))))"),
            std::string::npos)
      << B;
  ASSERT_EQ(A.Instrumented.Probes.size(), 2u) << "one probe per source range";
  EXPECT_FALSE(A.Instrumented.Probes[0].Predictions.empty());
}

TEST(ConfirmRewrite, WhatCannotBeProbedIsReportedNotRewritten) {
  TempDir D;
  std::string Src = D.write("m.cu", R"cu(#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
__device__ constexpr int sign(int v) { return v < 0 ? -1 : 1; }
__global__ void k(int *out, int n) {
  int t = threadIdx.x;
  if (IN_RANGE(t, 2, n)) out[t] = sign(n);
}
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed);
  std::string B = body(A.Instrumented, "m.cu");
  EXPECT_EQ(B.find("divlint_rt"), std::string::npos) << B;
  ASSERT_FALSE(A.Instrumented.Skipped.empty());
  bool Macro = false, Constexpr = false;
  for (const SkippedCondition &S : A.Instrumented.Skipped) {
    Macro |= S.Reason.find("macro") != std::string::npos;
    Constexpr |= S.Reason.find("constexpr") != std::string::npos;
  }
  EXPECT_TRUE(Macro);
  EXPECT_TRUE(Constexpr);
}

TEST(ConfirmRewrite, IncludedFilesAreMirroredWithTheirRelativePaths) {
  TempDir D;
  D.write("prog/kernels/step.cuh", R"cu(__device__ void step(int *out, int t) {
  if (t % 3 == 0) out[t] = 3;
}
)cu");
  D.write("prog/util.h", "#define SCALE 2\n");
  std::string Src = D.write("prog/main.cu", R"cu(#include "kernels/step.cuh"
#include "util.h"
__global__ void k(int *out) { step(out, threadIdx.x * SCALE); }
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed);
  EXPECT_EQ(A.Instrumented.MainRelPath, "main.cu");
  const MirroredFile *Step = mirrored(A.Instrumented, "kernels/step.cuh");
  const MirroredFile *Util = mirrored(A.Instrumented, "util.h");
  ASSERT_NE(Step, nullptr);
  ASSERT_NE(Util, nullptr);
  EXPECT_TRUE(Step->Rewritten);
  EXPECT_NE(Step->Text.find("br<0>(static_cast<bool>((t % 3 == 0)))"), std::string::npos);
  EXPECT_FALSE(Util->Rewritten);
  EXPECT_EQ(Util->Text, "#define SCALE 2\n");
  // The main file always includes the runtime and keeps the original line numbers.
  const MirroredFile *Main = mirrored(A.Instrumented, "main.cu");
  ASSERT_NE(Main, nullptr);
  EXPECT_EQ(llvm::StringRef(Main->Text).take_front(29), "#include \"divlint_probe.cuh\"\n");
  EXPECT_NE(Main->Text.find("#line 1 \"" + Src + "\"\n"), std::string::npos);
}

TEST(ConfirmRewrite, RewrittenCodeCompilesWithNvccInEveryMode) {
  TempDir D;
  std::string Src = D.write("c.cu", R"cu(#include <cstdint>
struct Flag { __host__ __device__ explicit operator bool() const { return v != 0; } int v; };
enum class Mode { A, B, C };
__device__ int g(unsigned bits, Mode m) {
  switch (m) { case Mode::A: return 1; default: break; }
  return bits & 4 ? 2 : 3;
}
template <typename T> __device__ T clampv(T v, T hi) { return v > hi ? hi : v; }
__host__ __device__ bool inRange(int v, int n) { return v >= 0 && v < n; }
__global__ void k(float *out, const int *in, int n, Flag f, int64_t big) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (!inRange(t, n)) return;
  if (f) out[t] = 1.f;
  for (int i = in[t]; i > 0 && i < 100; i -= 7)
    out[t] += clampv(float(i), 50.f);
  if (big > t || in[t]) out[t] += g(t, t % 2 ? Mode::A : Mode::C);
  while (int r = in[t] - 3) { if (r < 0) break; out[t] -= 1; break; }
}
int main() { return 0; }
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed) << (A.Errors.empty() ? "" : A.Errors.front());
  ASSERT_GE(A.Instrumented.Probes.size(), 8u);
  bool ConditionVariable = false;
  for (const SkippedCondition &S : A.Instrumented.Skipped)
    ConditionVariable |= S.Reason.find("condition variable") != std::string::npos;
  EXPECT_TRUE(ConditionVariable) << "`while (int r = ...)` is left alone";
  TempDir Build;
  writeBuildDir(Build, A.Instrumented);
  std::string N = "-DDIVLINT_NUM_PROBES=" + std::to_string(A.Instrumented.Probes.size());
  struct Mode {
    const char *Name;
    std::vector<std::string> Defines;
  } Modes[] = {{"original", {"-DDIVLINT_MODE=0"}},
               {"probe", {"-DDIVLINT_MODE=1"}},
               {"program probe", {"-DDIVLINT_MODE=1", "-DDIVLINT_PROGRAM_HOOKS"}},
               {"uniform branch", {"-DDIVLINT_MODE=0", "-DDIVLINT_UNIFORM_ID=1"}},
               {"uniform switch", {"-DDIVLINT_MODE=0", "-DDIVLINT_UNIFORM_ID=0"}}};
  for (const Mode &M : Modes) {
    std::vector<std::string> Args = {"-c", "-arch=sm_90", "-I.", N, "-o", "c.o", "src/c.cu"};
    Args.insert(Args.begin(), M.Defines.begin(), M.Defines.end());
    auto Failure = nvccFails(Build.Path, Args);
    if (!Failure)
      GTEST_SKIP() << "nvcc not found: the rewritten code is not compiled here";
    EXPECT_EQ(*Failure, "") << M.Name;
  }
}

// A probe is not a constant expression: conditions the compiler evaluates at compile time keep
// their text (the `?:` of a constexpr initializer in a kernel template broke a real program's
// probe build), and are listed as not instrumented.
TEST(ConfirmRewrite, ConstantExpressionsAreLeftAlone) {
  TempDir D;
  std::string Src = D.write("t.cu", R"cu(template <int V> struct Box { static const int value = V; };
template <int kNThreads>
__global__ void k(float *out, int n) {
  constexpr int kWarpSize = kNThreads < 32 ? kNThreads : 32;
  const int kLanes = kNThreads > 64 ? 64 : kNThreads;
  float buf[kNThreads > 64 ? 4 : 2] = {};
  int t = threadIdx.x;
  switch (t & 3) { case (kNThreads > 8 ? 1 : 0): out[t] = 1; break; default: break; }
  out[t] += Box<(kNThreads > 128 ? 2 : 1)>::value + kWarpSize + kLanes + buf[0];
  if (t < n ? t > 3 : false) out[t] = 2;
}
int main() { k<128><<<1, 128>>>(nullptr, 0); return 0; }
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src);
  ASSERT_TRUE(A.Parsed) << (A.Errors.empty() ? "" : A.Errors.front());
  std::string B = body(A.Instrumented, "t.cu");
  for (const char *Kept : {"constexpr int kWarpSize = kNThreads < 32 ? kNThreads : 32;",
                           "const int kLanes = kNThreads > 64 ? 64 : kNThreads;",
                           "float buf[kNThreads > 64 ? 4 : 2]", "case (kNThreads > 8 ? 1 : 0):",
                           "Box<(kNThreads > 128 ? 2 : 1)>"})
    EXPECT_NE(B.find(Kept), std::string::npos) << Kept << " was rewritten:\n" << B;
  // The run-time conditions are still probed.
  EXPECT_NE(B.find("switch (::divlint_rt::sw<0>((t & 3), "), std::string::npos) << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<1>(static_cast<bool>((t < n ? t > 3 : false))))"),
            std::string::npos)
      << B;
  std::map<std::string, std::string> Skipped;
  for (const SkippedCondition &S : A.Instrumented.Skipped)
    Skipped[S.Condition] = S.Reason;
  EXPECT_NE(Skipped["kNThreads < 32"].find("a constexpr variable's initializer"),
            std::string::npos)
      << Skipped["kNThreads < 32"];
  TempDir Build;
  writeBuildDir(Build, A.Instrumented);
  auto Failure = nvccFails(Build.Path, {"-c", "-arch=sm_90", "-I.", "-DDIVLINT_MODE=1",
                                        "-DDIVLINT_NUM_PROBES=" +
                                            std::to_string(A.Instrumented.Probes.size()),
                                        "-o", "t.o", "src/t.cu"});
  if (!Failure)
    GTEST_SKIP() << "nvcc not found: the rewritten code is not compiled here";
  EXPECT_EQ(*Failure, "");
}

// Probes inside loops pass their loops' iteration counters (LoopInstances.h), so that lanes that
// arrive at different iterations are told apart; a #pragma stays directly before its loop.
TEST(ConfirmRewrite, LoopProbesCarryIterationCounters) {
  TempDir D;
  std::string Src = D.write("l.cu", R"cu(__global__ void k(float *out, const int *in, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; ++i) {
    if (in[t] > i) continue;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      out[t] += j < 2 ? 1.f : 2.f;
  }
  if (t == 0) out[0] = 0;
#pragma unroll 2
  // a comment between the pragma and its loop

  for (int k = 0; k < n; ++k) out[k] = 1;
}
int main() { return 0; }
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed) << (A.Errors.empty() ? "" : A.Errors.front());
  std::string B = body(A.Instrumented, "l.cu");
  EXPECT_NE(B.find("{ unsigned __divlint_it0 = 0; for (int i = 0; "
                   "::divlint_rt::br<0>(static_cast<bool>((i < n)), __divlint_it0); ++i) { "
                   "++__divlint_it0;"),
            std::string::npos)
      << B;
  EXPECT_NE(B.find("br<1>(static_cast<bool>((in[t] > i)), __divlint_it0)"), std::string::npos)
      << B;
  EXPECT_NE(B.find("{ unsigned __divlint_it1 = 0; \n#line 5 \"" + Src + "\"\n#pragma unroll\n"),
            std::string::npos)
      << B;
  EXPECT_NE(B.find("{ ++__divlint_it1; out[t] += ::divlint_rt::br<3>(static_cast<bool>((j < 2)), "
                   "(__divlint_it0) * 2654435761u + __divlint_it1) ? 1.f : 2.f; } }"),
            std::string::npos)
      << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<4>(static_cast<bool>((t == 0))))"), std::string::npos)
      << "outside loops: no key\n"
      << B;
  EXPECT_NE(B.find("{ unsigned __divlint_it2 = 0; \n#line 10 \"" + Src +
                   "\"\n#pragma unroll 2\n  // a comment"),
            std::string::npos)
      << B;
  const ProbeSite *Inner = probeAt(A.Instrumented, 7, "j < 2");
  ASSERT_NE(Inner, nullptr);
  EXPECT_EQ(Inner->InstanceLoops, 2u);
  // Line numbers are kept: the inner loop's probe is still on line 7 for nvcc.
  TempDir Build;
  writeBuildDir(Build, A.Instrumented);
  auto Failure = nvccFails(Build.Path, {"-c", "-arch=sm_90", "-I.", "-DDIVLINT_MODE=1",
                                        "-DDIVLINT_NUM_PROBES=6", "-Werror", "all-warnings",
                                        "-o", "l.o", "src/l.cu"});
  if (!Failure)
    GTEST_SKIP() << "nvcc not found: the rewritten code is not compiled here";
  EXPECT_EQ(*Failure, "") << "no '#pragma unroll must precede a loop' warning";
}

// Program mode's hooks rewrite synchronizing CUDA calls; with dynamic parallelism some of them
// are in device code (a kernel's cudaFree), where the hook must compile and do nothing.
TEST(ConfirmRewrite, ProgramHooksCompileInDeviceCode) {
  TempDir Build;
  Build.write("divlint_probe.cuh", readFile(runtimeDir() + "/divlint_probe.cuh"));
  Build.write("d.cu", R"cu(#include "divlint_probe.cuh"
__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void parent(int *p) {
  child<<<1, 32>>>(p);
  if (threadIdx.x == 0) cudaFree(nullptr);
}
int main() { parent<<<1, 1>>>(nullptr); cudaDeviceSynchronize(); return 0; }
)cu");
  auto Failure = nvccFails(Build.Path, {"-c", "-arch=sm_90", "-rdc=true", "-I.", "-DDIVLINT_MODE=1",
                                        "-DDIVLINT_PROGRAM_HOOKS", "-o", "d.o", "d.cu"});
  if (!Failure)
    GTEST_SKIP() << "nvcc not found: the rewritten code is not compiled here";
  EXPECT_EQ(*Failure, "");
}

// A cycle made of gotos is a loop too (LoopInstances.h): the probes between a label and a goto
// back to it pass a counter of the backward jumps. Generator seed 14 found lanes at different
// iterations of such a cycle, co-scheduled, read as a uniform condition that diverged (on an
// H100, with the counter: 1,889 divergent evaluations, none within one iteration). A label in a
// structured loop restarts its counter with each iteration of the innermost one (generator seed
// 24: a cycle in a for loop read as a uniform condition that diverged). Not counted: a label in
// another label's cycle, whose counter would run on from one pass of the cycle to the next; a
// jump forward is no cycle.
TEST(ConfirmRewrite, GotoCycleProbesCarryACounter) {
  TempDir D;
  std::string Src = D.write("g.cu", R"cu(__global__ void k(int *out, const int *in) {
  int t = threadIdx.x, g = 0, h = 0;
  if (blockIdx.x != 2) goto mid;
again:
  g += 3;
mid:
  g += 1;
  if (g < 9) goto again;
  if (in[t] > 0) goto done;
outer:
  h += 1;
inner:
  h += 2;
  if (h < 5) goto inner;
  if (h < 20) goto outer;
  for (int i = 0; i < 2; ++i) {
  in_loop:
    h += i;
    if (h < 30) goto in_loop;
  }
done:
  out[t] = g + h;
}
)cu");
  AnalyzedSource A = analyzeWithPrelude(Src, "k");
  ASSERT_TRUE(A.Parsed) << (A.Errors.empty() ? "" : A.Errors.front());
  std::string B = body(A.Instrumented, "g.cu");
  EXPECT_NE(B.find("__global__ void k(int *out, const int *in) { unsigned __divlint_itg0 = 0; "
                   "unsigned __divlint_itg1 = 0; unsigned __divlint_itg2 = 0;\n"),
            std::string::npos)
      << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<1>(static_cast<bool>((g < 9)), __divlint_itg0)) { "
                   "++__divlint_itg0; goto again; }"),
            std::string::npos)
      << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<0>(static_cast<bool>((blockIdx.x != 2)))) goto mid;"),
            std::string::npos)
      << "before the label: no key\n"
      << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<2>(static_cast<bool>((in[t] > 0)))) goto done;"),
            std::string::npos)
      << "after the cycle, and a jump forward: no key\n"
      << B;
  // `outer` encloses `inner`: only the outer cycle is counted, in both of its probes.
  EXPECT_NE(B.find("if (::divlint_rt::br<3>(static_cast<bool>((h < 5)), __divlint_itg1)) goto "
                   "inner;"),
            std::string::npos)
      << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<4>(static_cast<bool>((h < 20)), __divlint_itg1)) { "
                   "++__divlint_itg1; goto outer; }"),
            std::string::npos)
      << B;
  // A label in a for loop: the loop's counter, then the cycle's, which each iteration restarts.
  EXPECT_NE(B.find("{ ++__divlint_it0; __divlint_itg2 = 0;\n  in_loop:"), std::string::npos) << B;
  EXPECT_NE(B.find("if (::divlint_rt::br<6>(static_cast<bool>((h < 30)), (__divlint_it0) * "
                   "2654435761u + __divlint_itg2)) { ++__divlint_itg2; goto in_loop; }"),
            std::string::npos)
      << B;
  TempDir Build;
  writeBuildDir(Build, A.Instrumented);
  auto Failure = nvccFails(Build.Path, {"-c", "-arch=sm_90", "-I.", "-DDIVLINT_MODE=1",
                                        "-DDIVLINT_NUM_PROBES=" +
                                            std::to_string(A.Instrumented.Probes.size()),
                                        "-o", "g.o", "src/g.cu"});
  if (!Failure)
    GTEST_SKIP() << "nvcc not found: the rewritten code is not compiled here";
  EXPECT_EQ(*Failure, "");
}
