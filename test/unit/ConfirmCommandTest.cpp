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
