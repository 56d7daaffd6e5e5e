// `divlint confirm` end to end through runConfirm: clear errors, --emit-only, --from-results, and
// (only where a CUDA device exists) a real run.
#include "ConfirmTestSupport.h"
#include "divlint/Confirm/BuildCommands.h"
#include "divlint/Confirm/Confirm.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Program.h"
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace divlint;
using namespace divlint::confirm;
using namespace divlint::confirm::testing;

// divlint's own options share llvm::cl's registry with confirm's (tools/divlint/divlint.cpp has a
// top-level --timeout and -j too): every runConfirm below runs next to such namesakes, as in the
// real binary, where a clash aborted `divlint confirm` ("Option 'timeout' registered more than
// once") until confirm's options moved into their own subcommand.
static llvm::cl::opt<unsigned> TopLevelTimeout("timeout", llvm::cl::desc("divlint's own"),
                                               llvm::cl::init(300));
static llvm::cl::opt<unsigned> TopLevelJobs("jobs", llvm::cl::desc("divlint's own"));

namespace {

const std::string Examples = std::string(DIVLINT_SOURCE_DIR) + "/examples";

struct Outcome {
  int Code;
  std::string Err, Out;
};

Outcome runCommand(std::vector<std::string> Args) {
  Args.insert(Args.begin(), "confirm");
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  ::testing::internal::CaptureStderr();
  ::testing::internal::CaptureStdout();
  int Code = runConfirm(int(Argv.size()), Argv.data());
  llvm::outs().flush();
  Outcome O{Code, ::testing::internal::GetCapturedStderr(),
            ::testing::internal::GetCapturedStdout()};
  return O;
}

/// Whether this machine has a CUDA device (nvidia-smi lists one).
bool hasGpu() {
  auto Smi = llvm::sys::findProgramByName("nvidia-smi");
  if (!Smi)
    return false;
  TempDir D;
  ProcessResult R = runProcess({*Smi, "-L"}, "", {}, D.file("smi.log"), 30);
  return R.Code == 0 && readFile(D.file("smi.log")).find("GPU") != std::string::npos;
}

std::vector<std::string> warpAligned(const std::string &Extra = "") {
  std::vector<std::string> A = {Examples + "/warp_aligned.cu", "--kernel", "per_warp", "--grid",
                                "64", "--block", "256", "--arg", "in=float[16384]:random",
                                "--arg", "out=float[512]:constant=0"};
  if (!Extra.empty())
    A.push_back(Extra);
  return A;
}

} // namespace

TEST(ConfirmCommand, ClearErrors) {
  TempDir D;
  auto Expect = [&](std::vector<std::string> Args, const char *Message) {
    Outcome O = runCommand(Args);
    EXPECT_EQ(O.Code, 2) << O.Err;
    EXPECT_NE(O.Err.find(Message), std::string::npos) << "stderr: " << O.Err;
  };
  Expect({Examples + "/warp_aligned.cu", "--kernel", "nosuch", "--grid", "1", "--block", "32",
          "--emit-only", D.file("a")},
         "kernel 'nosuch' not found (kernels: per_warp)");
  Expect({Examples + "/tail_guard.cu", "--kernel", "saxpy", "--grid", "1", "--block", "32",
          "--arg", "n=ten", "--emit-only", D.file("b")},
         "'ten' is not a number");
  Expect({Examples + "/tail_guard.cu", "--kernel", "saxpy", "--grid", "1", "--block", "32",
          "--emit-only", D.file("c")},
         "missing --arg n=VALUE for scalar parameter 'n'");
  Expect({Examples + "/tail_guard.cu", "--kernel", "saxpy", "--block", "32"},
         "kernel mode needs --grid");
  Expect({Examples + "/tail_guard.cu"}, "give --kernel NAME (kernel mode) or `-- ARGS`");
  Expect({D.file("missing.cu"), "--kernel", "k", "--grid", "1", "--block", "1"}, "no such file");
  Expect(warpAligned("--nvcc=/nonexistent/nvcc"), "nvcc not found: /nonexistent/nvcc");
  Expect(warpAligned("--reps=5"), "--reps must be at least 20");
  std::string Struct = D.write("s.cu", "struct P { int a; };\n"
                                       "__global__ void k(P p, int *o) { if (threadIdx.x < p.a) o[0] = 1; }\n");
  Expect({Struct, "--kernel", "k", "--grid", "1", "--block", "32", "--emit-only", D.file("d")},
         "parameter 'p' has unsupported type 'P'");
}

TEST(ConfirmCommand, EmitOnlyWritesARelocatableBuildDirectory) {
  TempDir D;
  Outcome O = runCommand(warpAligned("--emit-only=" + D.file("out")));
  ASSERT_EQ(O.Code, 0) << O.Err;
  for (const char *F : {"plan.json", "run.sh", "driver.cu", "divlint_probe.cuh",
                        "divlint_driver.cuh", "src/warp_aligned.cu"})
    EXPECT_TRUE(llvm::sys::fs::exists(D.file("out/") + F)) << F;
  nlohmann::json Plan = nlohmann::json::parse(readFile(D.file("out/plan.json")));
  EXPECT_EQ(Plan["kernel"], "per_warp");
  EXPECT_EQ(Plan["probes"].size(), 3u);
  std::vector<std::string> Variants;
  for (const auto &V : Plan["variants"])
    Variants.push_back(V["name"]);
  // The one lane-varying branch (`lane == 0`) gets a counterfactual.
  EXPECT_EQ(Variants, (std::vector<std::string>{"original", "probe", "uniform-2"}));
  EXPECT_NE(O.Err.find("run `bash " + D.file("out") + "/run.sh`"), std::string::npos);
  std::string Script = readFile(D.file("out/run.sh"));
  EXPECT_EQ(Script.find(D.Path), std::string::npos) << "no absolute paths into this machine";
}

TEST(ConfirmCommand, JudgesResultsLeftByRunSh) {
  TempDir D;
  std::string Dir = D.file("out");
  ASSERT_EQ(runCommand(warpAligned("--emit-only=" + Dir)).Code, 0);
  // What run.sh leaves on a GPU machine: 64 blocks of 8 warps.
  for (const char *V : {"original", "probe", "uniform-2"}) {
    D.write(std::string("out/results/build-") + V + ".rc", "0\n");
    D.write(std::string("out/results/run-") + V + ".rc", "0\n");
  }
  auto Timed = [](double Ms) {
    return "{\"ok\": true, \"device\": \"Test GPU\", \"median_ms\": " + std::to_string(Ms) +
           ", \"p25_ms\": " + std::to_string(Ms) + ", \"p75_ms\": " + std::to_string(Ms) +
           ", \"times_ms\": [" + std::to_string(Ms) + "], \"checksums\": {\"out\": \"1\"}}";
  };
  D.write("out/results/original.json", Timed(0.02));
  D.write("out/results/uniform-2.json", Timed(0.02));
  D.write("out/results/probe.json", R"({"ok": true, "device": "Test GPU", "probes": [
    {"id": 0, "execs": 512, "active_lanes": 16384, "true_lanes": 8192, "any_true": 256, "any_false": 256, "passes": 512},
    {"id": 1, "execs": 3072, "active_lanes": 98304, "true_lanes": 81920, "any_true": 2560, "any_false": 512, "passes": 3072},
    {"id": 2, "execs": 512, "divergent": 512, "active_lanes": 16384, "true_lanes": 512, "any_true": 512,
     "any_false": 512, "passes": 1024, "divergent_active_lanes": 16384, "divergent_true_lanes": 512}]})");
  Outcome O = runCommand({"--from-results", Dir, "--json", D.file("report.json")});
  // 0 or 1 (a predicted number may be refuted): judged, not failed.
  EXPECT_TRUE(O.Code == 0 || O.Code == 1) << O.Err << O.Out;
  EXPECT_NE(O.Out.find("kernel per_warp"), std::string::npos) << O.Out;
  EXPECT_NE(O.Out.find("on Test GPU"), std::string::npos);
  EXPECT_NE(O.Out.find("3 branches: "), std::string::npos) << O.Out;
  nlohmann::json J = nlohmann::json::parse(readFile(D.file("report.json")));
  for (const nlohmann::json &B : J["branches"])
    EXPECT_EQ(B["verdict"]["class"], "confirmed") << B["condition"];
  const nlohmann::json &Lane = J["branches"][2];
  EXPECT_EQ(Lane["condition"], "lane == 0");
  EXPECT_EQ(Lane["measured"]["divergent_executions"], 512);
  EXPECT_EQ(Lane["measured"]["class"], "lane-varying");
  EXPECT_DOUBLE_EQ(Lane["measured"]["slowdown"].get<double>(), 1.0);
  EXPECT_TRUE(llvm::sys::fs::exists(Dir + "/report.json"));

  // No plan: a clear error.
  Outcome Missing = runCommand({"--from-results", D.file("nowhere")});
  EXPECT_EQ(Missing.Code, 2);
  EXPECT_NE(Missing.Err.find("plan.json"), std::string::npos);
}

TEST(ConfirmCommand, FixItVariantsAreBuiltFromTheSourceAsWritten) {
  TempDir D;
  std::string Src = std::string(DIVLINT_SOURCE_DIR) + "/test/confirm/inputs/select.cu";
  std::string Dir = D.file("out");
  Outcome O = runCommand({Src, "--kernel", "select_kernel", "--grid", "64", "--block", "256",
                          "--arg", "n=16000", "--arch=sm_90", "--emit-only", Dir});
  ASSERT_EQ(O.Code, 0) << O.Err;
  auto Plan = planFromJson(nlohmann::json::parse(readFile(Dir + "/plan.json")));
  ASSERT_TRUE(bool(Plan)) << llvm::toString(Plan.takeError());
  // Probes in source order: the select (advice only), `% 4` (the remap fix-it), `k < 256`, `i < n`.
  ASSERT_EQ(Plan->Probes.size(), 4u);
  EXPECT_EQ(Plan->Probes[0].Condition, "threadIdx.x % 2 == 0");
  EXPECT_TRUE(Plan->Probes[0].FixIts.empty()) << "the advice-only select is not a fix-it";
  EXPECT_EQ(Plan->Probes[1].Condition, "threadIdx.x % 4 == 1");
  ASSERT_EQ(Plan->Probes[1].FixIts.size(), 1u);
  ASSERT_TRUE(Plan->Probes[1].FixIts[0].PredictedSpeedup.has_value());
  EXPECT_GT(*Plan->Probes[1].FixIts[0].PredictedSpeedup, 1.05);
  std::vector<std::string> Names;
  for (const Variant &V : Plan->Variants)
    Names.push_back(V.Name);
  // floor-1: the `% 4 == 1` region skipped (an `if` without `else`), what its remap cannot shorten.
  EXPECT_EQ(Names, (std::vector<std::string>{"original", "probe", "uniform-0", "uniform-1",
                                             "floor-1", "uniform-3", "unprobed", "fixit-1"}));
  EXPECT_EQ(Plan->variant("floor-1")->Role, VariantRole::Floor);

  // The unprobed tree is the file as written; the fix-it tree has exactly the fix-it applied:
  // the remapped index declared first, and every threadIdx.x read through it.
  std::string Written = readFile(Src);
  EXPECT_EQ(readFile(Dir + "/variants/unprobed/src/select.cu"), Written);
  std::string Fixed = readFile(Dir + "/variants/fixit-1/src/select.cu");
  EXPECT_EQ(Fixed.find("divlint_rt"), std::string::npos);
  std::string Open = "float *y, int n) {";
  ASSERT_NE(Written.find(Open), std::string::npos);
  std::string Expected = Written;
  Expected.insert(Written.find(Open) + Open.size(),
                  "\n  // Warp-aligned remap (divlint): lane l of warp w in each run of 4 warps "
                  "takes index l * 4 + w, so the lanes of a warp agree on index % 4.\n  const "
                  "unsigned tid_warp_aligned = threadIdx.x / 128 * 128 + threadIdx.x % 32 * 4 + "
                  "threadIdx.x % 128 / 32;");
  for (size_t At = Expected.find("threadIdx.x", Expected.find("% 128 / 32;"));
       At != std::string::npos; At = Expected.find("threadIdx.x", At))
    Expected.replace(At, 11, "tid_warp_aligned");
  EXPECT_EQ(Fixed, Expected);
  EXPECT_EQ(readFile(Dir + "/variants/fixit-1/driver.cu"), readFile(Dir + "/driver.cu"));

  // The original leaves its outputs for the variants built from the source as written.
  std::string Script = readFile(Dir + "/run.sh");
  EXPECT_NE(Script.find("run original \"$DIR/bin/original\" --variant original"),
            std::string::npos);
  EXPECT_NE(Script.find("--dump \"$DIR/ref\""), std::string::npos) << Script;
  EXPECT_NE(Script.find("run fixit-1 \"$DIR/bin/fixit-1\" --variant fixit-1 --out "
                        "\"$DIR/results/fixit-1.json\" --reps 30 --warmup 3 "
                        "--compare \"$DIR/ref\""),
            std::string::npos)
      << Script;
  EXPECT_NE(Script.find("build fixit-1 -O3 -lineinfo -arch=sm_90 -I. -Ivariants/fixit-1/src"),
            std::string::npos)
      << Script;
  EXPECT_NE(Script.find("-o bin/fixit-1 variants/fixit-1/driver.cu"), std::string::npos);

  // Both trees compile (nvcc -c, each with its driver), where nvcc exists.
  for (const char *Name : {"unprobed", "fixit-1"}) {
    std::vector<std::string> Args = nvccArguments(*Plan, *Plan->variant(Name));
    auto Out = std::find(Args.begin(), Args.end(), "-o");
    ASSERT_NE(Out, Args.end());
    *(Out + 1) = std::string(Name) + ".o";
    Args.insert(Out, "-c");
    auto Failure = nvccFails(Dir, Args);
    if (!Failure)
      GTEST_SKIP() << "nvcc not found: the fix-it variants are not compiled here";
    EXPECT_EQ(*Failure, "") << Name;
  }
}

TEST(ConfirmCommand, ShowsNvccErrorsWhenTheBuildFails) {
  if (!findNvcc())
    GTEST_SKIP() << "nvcc not found";
  TempDir D;
  std::string Src = D.write("bad.cu", "#ifdef __NVCC__\n#error \"nvcc says no\"\n#endif\n"
                                      "__global__ void k(int *o) { if (threadIdx.x & 1) o[0] = 1; }\n");
  Outcome O = runCommand({Src, "--kernel", "k", "--grid", "1", "--block", "32", "--arch=sm_90"});
  EXPECT_EQ(O.Code, 2);
  EXPECT_NE(O.Err.find("nvcc failed to build the instrumented driver"), std::string::npos) << O.Err;
  EXPECT_NE(O.Err.find("nvcc says no"), std::string::npos) << O.Err;
}

TEST(ConfirmCommand, SaysSoWhenThereIsNoGpu) {
  if (!findNvcc())
    GTEST_SKIP() << "nvcc not found";
  if (hasGpu())
    GTEST_SKIP() << "a CUDA device is present (ConfirmGpu covers this machine)";
  Outcome O = runCommand(warpAligned("--arch=sm_90"));
  EXPECT_EQ(O.Code, 2);
  EXPECT_NE(O.Err.find("no usable CUDA device"), std::string::npos) << O.Err;
}

TEST(ConfirmGpu, ConfirmsTheWarpAlignedExample) {
  if (!hasGpu())
    GTEST_SKIP() << "no CUDA device (nvidia-smi lists none): GPU tests skipped";
  TempDir D;
  Outcome O = runCommand(warpAligned("--json=" + D.file("r.json")));
  ASSERT_EQ(O.Code, 0) << O.Err << O.Out;
  nlohmann::json J = nlohmann::json::parse(readFile(D.file("r.json")));
  const nlohmann::json &Lane = J["branches"][2];
  EXPECT_EQ(Lane["verdict"]["class"], "confirmed");
  EXPECT_EQ(Lane["measured"]["divergent_executions"], Lane["measured"]["executions"]);
  EXPECT_EQ(J["branches"][0]["measured"]["class"], "uniform") << "warp % 2 never diverges";
  EXPECT_TRUE(J["branches"][2]["measured"]["slowdown"].is_number());
}

TEST(ConfirmGpu, KillsAKernelThatRunsPastTheTimeout) {
  if (!hasGpu())
    GTEST_SKIP() << "no CUDA device (nvidia-smi lists none): GPU tests skipped";
  TempDir D;
  std::string Src = D.write("spin.cu", "__global__ void spin(volatile int *flag) {\n"
                                       "  while (flag[0] == 0) { }\n}\n");
  Outcome O = runCommand({Src, "--kernel", "spin", "--grid", "1", "--block", "32", "--arg",
                       "flag=int[1]:constant=0", "--timeout", "3"});
  EXPECT_EQ(O.Code, 2);
  EXPECT_NE(O.Err.find("timed out after 3 s (killed"), std::string::npos) << O.Err;
}

// An --emit-only directory builds on another machine: run.sh and the nvcc arguments name no path
// of this one; include folders outside the program's (-I) and headers only the host pass
// includes travel inside the directory, and so do headers behind a guard the analysis did not
// take (CUTLASS's `arch/wmma.h` includes `wmma_sm70.h` only for some architectures), with what
// they include in turn.
TEST(ConfirmCommand, EmitOnlyProgramDirectoryIsRelocatable) {
  TempDir D;
  D.write("a/lib/include/shared.h", "#define SCALE 3\n#if defined(WIDE_TILES)\n"
                                    "#  include \"arch/wide.h\"\n#include <arch/absent.h>\n#endif\n");
  D.write("a/lib/include/arch/wide.h", "#include \"wide_impl.h\"\n");
  D.write("a/lib/include/arch/wide_impl.h", "#define WIDE 1\n");
  D.write("a/lib/include/arch/unused.h", "#define UNUSED 1\n");
  D.write("a/prog/host_only.h", "#include \"hostdefs.h\"\n");
  D.write("b/hostinc/hostdefs.h", "static int host_value() { return 7; }\n");
  std::string Src = D.write("a/prog/main.cu", R"cu(#include "shared.h"
#ifndef __CUDA_ARCH__
#include "host_only.h"
#endif
__global__ void k(int *o) { if (threadIdx.x % SCALE == 0) o[threadIdx.x] = 1; }
int main() {
  int *o; cudaMalloc(&o, 128); k<<<1, 32>>>(o); cudaDeviceSynchronize();
#ifndef __CUDA_ARCH__
  return host_value() == 7 ? 0 : 1;
#endif
}
)cu");
  std::string Dir = D.file("out");
  Outcome O = runCommand({Src, "--nvcc-arg=-I" + D.file("a/lib/include"),
                          "--nvcc-arg=-I" + D.file("b/hostinc"), "--nvcc-arg=-lm",
                          "--emit-only=" + Dir, "--", "8"});
  ASSERT_EQ(O.Code, 0) << O.Err;
  std::string Moved = D.file("moved");
  ASSERT_FALSE(llvm::sys::fs::rename(Dir, Moved));
  std::string Script = readFile(Moved + "/run.sh");
  EXPECT_EQ(Script.find(D.Path), std::string::npos) << Script;
  nlohmann::json Plan = nlohmann::json::parse(readFile(Moved + "/plan.json"));
  for (const auto &A : Plan["nvcc_args"])
    EXPECT_NE(A.get<std::string>().rfind("-I/", 0), 0u) << A;
  EXPECT_EQ(Plan["analysis_args"][0], "-I" + D.file("a/lib/include"));
  EXPECT_NE(Script.find(" -Isrc/lib/include -Iinc/0 -lm "), std::string::npos) << Script;
  EXPECT_TRUE(llvm::sys::fs::exists(Moved + "/src/lib/include/shared.h"));
  EXPECT_TRUE(llvm::sys::fs::exists(Moved + "/src/prog/host_only.h"));
  EXPECT_TRUE(llvm::sys::fs::exists(Moved + "/inc/0/hostdefs.h"));
  EXPECT_TRUE(llvm::sys::fs::exists(Moved + "/src/lib/include/arch/wide.h"));
  EXPECT_TRUE(llvm::sys::fs::exists(Moved + "/src/lib/include/arch/wide_impl.h"));
  EXPECT_FALSE(llvm::sys::fs::exists(Moved + "/src/lib/include/arch/unused.h"));
  // It builds where it landed (nvcc only; no GPU needed to build).
  auto Nvcc = findNvcc();
  if (!Nvcc)
    GTEST_SKIP() << "nvcc not found: the moved directory is not built here";
  TempDir Run;
  ProcessResult R = runProcess({"/bin/bash", Moved + "/run.sh"}, "",
                               {"NVCC=" + *Nvcc, "DIVLINT_NO_NCU=1"}, Run.file("log"), 600);
  EXPECT_EQ(readFile(Moved + "/results/build-probe.rc"), "0\n")
      << readFile(Moved + "/logs/build-probe.log");
}

namespace {
/// An --emit-only directory of \p Src (program mode) with a probe.json of \p Probes.
std::string judgedProgram(TempDir &D, const std::string &Src, const std::string &Probes) {
  std::string Dir = D.file("out");
  Outcome O = runCommand({Src, "--emit-only=" + Dir, "--"});
  EXPECT_EQ(O.Code, 0) << O.Err;
  D.write("out/results/build-probe.rc", "0\n");
  D.write("out/results/run-probe.rc", "0\n");
  D.write("out/results/probe.json", "{\"snapshots_ok\": 3, \"last_snapshot_failed\": false, "
                                    "\"snapshot_error\": \"\", \"probes\": " +
                                        Probes + "}");
  return Dir;
}
} // namespace

// A uniform loop condition whose lanes disagreed only when they were at different iterations
// (independent thread scheduling) is named "arrived split", neither refuted nor confirmed; one
// whose lanes disagreed at one iteration is refuted.
TEST(ConfirmCommand, LanesArrivedSplitAtAUniformTestAreCountedApart) {
  TempDir D;
  std::string Src = D.write("s.cu", R"cu(__global__ void k(int *o, const int *in, int n) {
  for (int i = 0; i < n; ++i) {
    if (in[threadIdx.x] > i) continue;
    if (n > 4) o[threadIdx.x] += i;
  }
}
int main() { return 0; }
)cu");
  // Probes: 0 `i < n` (uniform), 1 `in[threadIdx.x] > i` (lane-varying), 2 `n > 4` (uniform).
  std::string Dir = judgedProgram(D, Src, R"([
    {"id": 0, "execs": 100, "divergent": 6, "active_lanes": 3000, "true_lanes": 2900,
     "any_true": 100, "any_false": 6, "passes": 106, "divergent_active_lanes": 180,
     "divergent_true_lanes": 90, "split_arrivals": 6, "instance_divergent": 0},
    {"id": 1, "execs": 90, "divergent": 80, "active_lanes": 2880, "true_lanes": 1000,
     "any_true": 85, "any_false": 85, "passes": 170, "divergent_active_lanes": 2560,
     "divergent_true_lanes": 900, "split_arrivals": 0, "instance_divergent": 80},
    {"id": 2, "execs": 90, "divergent": 2, "active_lanes": 1500, "true_lanes": 1400,
     "any_true": 90, "any_false": 2, "passes": 92, "divergent_active_lanes": 40,
     "divergent_true_lanes": 20, "split_arrivals": 2, "instance_divergent": 1}])");
  nlohmann::json Plan = nlohmann::json::parse(readFile(Dir + "/plan.json"));
  ASSERT_EQ(Plan["probes"].size(), 3u);
  EXPECT_EQ(Plan["probes"][0]["instance_loops"], 1);
  EXPECT_EQ(Plan["probes"][0]["predictions"][0]["class"], "block-uniform");
  Outcome O = runCommand({"--from-results", Dir, "--json", D.file("r.json")});
  EXPECT_EQ(O.Code, 1) << O.Err << O.Out; // probe 2 is refuted
  EXPECT_NE(O.Out.find("3 branches: 1 confirmed, 1 refuted, 1 inconclusive (1 of them: lanes "
                       "arrived split at a uniform test); 1 predicted uniform diverged"),
            std::string::npos)
      << O.Out;
  EXPECT_NE(O.Out.find("0: lanes arrived split at a uniform test: diverged in 6 of 100 warp "
                       "evaluations"),
            std::string::npos)
      << O.Out;
  nlohmann::json J = nlohmann::json::parse(readFile(D.file("r.json")));
  EXPECT_EQ(J["summary"]["arrived_split"], 1);
  EXPECT_EQ(J["summary"]["uniform_diverged"], 1);
  EXPECT_EQ(J["branches"][0]["measured"]["arrived_split"], true);
  EXPECT_EQ(J["branches"][0]["verdict"]["class"], "inconclusive");
  EXPECT_EQ(J["branches"][2]["verdict"]["class"], "refuted");
  EXPECT_EQ(J["branches"][2]["measured"]["counters"]["instance_divergent"], 1);

  // Results of a runtime without instance keys: every divergence counts (the sound side).
  D.write("out/results/probe.json", R"({"snapshots_ok": 1, "probes": [
    {"id": 0, "execs": 100, "divergent": 6, "active_lanes": 3000, "true_lanes": 2900,
     "any_true": 100, "any_false": 6, "passes": 106}]})");
  runCommand({"--from-results", Dir, "--json", D.file("old.json")});
  nlohmann::json Old = nlohmann::json::parse(readFile(D.file("old.json")));
  EXPECT_EQ(Old["summary"]["arrived_split"], 0);
  EXPECT_EQ(Old["branches"][0]["verdict"]["class"], "refuted");
}

// --repredict judges old counters against this build's analysis: probes are matched by source
// range, whatever plan.json predicted.
TEST(ConfirmCommand, RepredictJudgesOldCountersWithTheCurrentAnalysis) {
  TempDir D;
  std::string Src = D.write("r.cu", R"cu(__global__ void k(int *o, int n) {
  if (n > 4) o[threadIdx.x] = 1;
}
int main() { return 0; }
)cu");
  std::string Dir = judgedProgram(D, Src, R"([
    {"id": 0, "execs": 8, "divergent": 0, "active_lanes": 256, "true_lanes": 256,
     "any_true": 8, "any_false": 0, "passes": 8, "split_arrivals": 0, "instance_divergent": 0}])");
  // An older analysis (edited plan) called it lane-varying; the current one says uniform.
  nlohmann::json Plan = nlohmann::json::parse(readFile(Dir + "/plan.json"));
  ASSERT_EQ(Plan["probes"][0]["predictions"][0]["class"], "block-uniform");
  Plan["probes"][0]["predictions"][0]["class"] = "lane-varying";
  Plan["probes"][0]["predictions"][0]["extent"] = "data-dependent";
  D.write("out/plan.json", Plan.dump(2));
  runCommand({"--from-results", Dir, "--json", D.file("a.json")});
  nlohmann::json Before = nlohmann::json::parse(readFile(D.file("a.json")));
  EXPECT_EQ(Before["branches"][0]["predicted"]["class"], "lane-varying");
  Outcome O = runCommand({"--from-results", Dir, "--repredict", "--json", D.file("b.json")});
  EXPECT_EQ(O.Code, 0) << O.Err;
  EXPECT_NE(O.Err.find("re-predicted with this build: 1 probed branches predicted, 0 not "
                       "reported now"),
            std::string::npos)
      << O.Err;
  nlohmann::json After = nlohmann::json::parse(readFile(D.file("b.json")));
  EXPECT_EQ(After["branches"][0]["predicted"]["class"], "block-uniform");
  EXPECT_EQ(After["branches"][0]["verdict"]["class"], "confirmed");
}
