// Reading what the variants left behind: driver/probe JSON, exit codes, logs, ncu's CSV; and the
// runner's process handling (timeouts).
#include "ConfirmTestSupport.h"
#include "divlint/Confirm/BuildCommands.h"
#include "divlint/Confirm/Results.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace divlint;
using namespace divlint::confirm;
using namespace divlint::confirm::testing;

TEST(ConfirmResults, ParsesATimedRun) {
  VariantResult V;
  llvm::Error E = parseVariantJson(
      R"({"variant": "original", "ok": true, "device": "NVIDIA H200", "cc": "9.0", "reps": 3,
          "warmup": 1, "times_ms": [0.5, 0.25, 0.75], "median_ms": 0.5, "p25_ms": 0.375,
          "p75_ms": 0.625, "min_ms": 0.25, "max_ms": 0.75, "checksums": {"y": "00ff"}})",
      V);
  ASSERT_FALSE(bool(E)) << llvm::toString(std::move(E));
  EXPECT_EQ(V.Status, RunStatus::Ok);
  EXPECT_EQ(V.Device, "NVIDIA H200");
  ASSERT_TRUE(V.Time);
  EXPECT_EQ(V.Time->TimesMs.size(), 3u);
  EXPECT_DOUBLE_EQ(V.Time->MedianMs, 0.5);
  EXPECT_DOUBLE_EQ(V.Time->spread(), 0.5);
  EXPECT_EQ(V.Checksums.at("y"), "00ff");
}

TEST(ConfirmResults, ParsesTheOutputComparisonOfAFixIt) {
  VariantResult V;
  ASSERT_FALSE(bool(parseVariantJson(
      R"({"variant": "fixit-1", "ok": true, "median_ms": 0.4, "checksums": {"y": "01", "n": "02"},
          "compared": {"y": {"elements": 4096, "differing": 2, "max_abs": 2.5e-07,
                             "max_rel": 5.96046448e-08, "floating": true},
                       "n": {"elements": 16, "differing": 0, "max_abs": 0, "max_rel": 0,
                             "floating": false}},
          "compare_error": "no reference output ref/z.bin"})",
      V)));
  ASSERT_EQ(V.Compared.size(), 2u);
  const OutputDiff &Y = V.Compared.at("y");
  EXPECT_EQ(Y.Elements, 4096u);
  EXPECT_EQ(Y.Differing, 2u);
  EXPECT_DOUBLE_EQ(Y.MaxAbs, 2.5e-7);
  EXPECT_DOUBLE_EQ(Y.MaxRel, 5.96046448e-8);
  EXPECT_TRUE(Y.Floating);
  EXPECT_FALSE(V.Compared.at("n").Floating);
  EXPECT_EQ(V.CompareError, "no reference output ref/z.bin");
}

TEST(ConfirmResults, ParsesProbeCounters) {
  VariantResult V;
  ASSERT_FALSE(bool(parseVariantJson(
      R"({"snapshots_ok": 4, "last_snapshot_failed": true,
          "snapshot_error": "cudaErrorCudartUnloading: unloading", "probes": [
          {"id": 0, "execs": 8, "divergent": 8, "active_lanes": 256, "true_lanes": 128,
           "any_true": 8, "any_false": 8, "passes": 16, "divergent_active_lanes": 256,
           "divergent_true_lanes": 128},
          {"id": 2, "execs": 1}]})",
      V)));
  ASSERT_EQ(V.Probes.size(), 3u);
  EXPECT_EQ(V.Probes[0].Divergent, 8u);
  EXPECT_EQ(V.Probes[0].Passes, 16u);
  EXPECT_EQ(V.Probes[0].DivergentTrue, 128u);
  EXPECT_EQ(V.Probes[1].Execs, 0u) << "ids not written stay zero";
  EXPECT_EQ(V.Probes[2].Execs, 1u);
  EXPECT_EQ(V.SnapshotsOk, 4u);
  EXPECT_TRUE(V.LastSnapshotFailed);
}

TEST(ConfirmResults, DriverErrorsAndGarbage) {
  VariantResult NoDevice;
  ASSERT_FALSE(bool(parseVariantJson(
      R"({"variant": "original", "ok": false, "where": "device", "error": "cudaErrorNoDevice: no CUDA-capable device is detected", "no_device": true})",
      NoDevice)));
  EXPECT_EQ(NoDevice.Status, RunStatus::NoDevice);
  EXPECT_NE(NoDevice.Message.find("no CUDA-capable device"), std::string::npos);
  VariantResult Fault;
  ASSERT_FALSE(bool(parseVariantJson(
      R"({"ok": false, "where": "kernel", "error": "cudaErrorIllegalAddress: an illegal memory access was encountered", "no_device": false})",
      Fault)));
  EXPECT_EQ(Fault.Status, RunStatus::CudaError);
  VariantResult Bad;
  llvm::Error E = parseVariantJson("{not json", Bad);
  EXPECT_TRUE(bool(E));
  llvm::consumeError(std::move(E));
  VariantResult WrongType;
  E = parseVariantJson(R"({"ok": true, "median_ms": "fast"})", WrongType);
  EXPECT_TRUE(bool(E)) << "a malformed field is an error, not a crash";
  llvm::consumeError(std::move(E));
}

TEST(ConfirmResults, ParsesNcuCsv) {
  NcuResult R = parseNcuCsv(
      "==PROF== Connected to process 1\n"
      "program output\n"
      "\"ID\",\"Process ID\",\"Process Name\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
      "\"0\",\"1\",\"a\",\"k(int *)\",\"smsp__sass_branch_targets.sum\",\"\",\"1,024\"\n"
      "\"0\",\"1\",\"a\",\"k(int *)\",\"smsp__sass_branch_targets_threads_divergent.sum\",\"\",\"12\"\n"
      "\"1\",\"1\",\"a\",\"k(int *)\",\"smsp__thread_inst_executed_per_inst_executed.ratio\",\"\",\"24.5\"\n");
  ASSERT_TRUE(R.Ran) << R.Error;
  ASSERT_EQ(R.Kernels.size(), 2u) << "one entry per profiled launch";
  EXPECT_EQ(R.Kernels[0].Kernel, "k(int *)");
  EXPECT_DOUBLE_EQ(R.Kernels[0].Metrics.at("smsp__sass_branch_targets.sum"), 1024);
  EXPECT_DOUBLE_EQ(R.Kernels[0].Metrics.at("smsp__sass_branch_targets_threads_divergent.sum"), 12);
  EXPECT_DOUBLE_EQ(R.Kernels[1].Metrics.at("smsp__thread_inst_executed_per_inst_executed.ratio"),
                   24.5);
  EXPECT_FALSE(parseNcuCsv("==ERROR== LaunchFailed\n").Ran);
}

TEST(ConfirmResults, SummarizesBuildLogsErrorsFirst) {
  std::string S = summarizeBuildLog("note: a\nwarning: b\nk.cu(3): error: expected a \";\"\nnote: c\n", 2);
  EXPECT_EQ(S, "k.cu(3): error: expected a \";\"\nnote: a\n... (2 more lines)\n");
}

TEST(ConfirmResults, ReadsABuildDirectory) {
  TempDir D;
  ConfirmPlan P;
  P.Mode = PlanMode::Kernel;
  P.TimeoutSeconds = 9;
  P.Variants = {{"original", VariantRole::Original, -1, std::nullopt},
                {"probe", VariantRole::Probe, -1, std::nullopt},
                {"uniform-1", VariantRole::Uniform, 1, 1u},
                {"uniform-2", VariantRole::Uniform, 2, 2u},
                {"uniform-3", VariantRole::Uniform, 3, 3u}};
  D.write("results/build-original.rc", "0\n");
  D.write("results/run-original.rc", "0\n");
  D.write("results/original.json",
          R"({"ok": true, "median_ms": 1, "p25_ms": 1, "p75_ms": 1, "times_ms": [1]})");
  D.write("results/build-probe.rc", "1\n");
  D.write("logs/build-probe.log", "nvcc warning : x\nk.cu(7): error: identifier \"q\" is undefined\n");
  D.write("results/build-uniform-1.rc", "0\n");
  D.write("results/run-uniform-1.rc", "124\n");
  D.write("results/build-uniform-2.rc", "0\n");
  D.write("results/run-uniform-2.rc", "139\n");
  D.write("logs/run-uniform-2.log", "Segmentation fault\n");
  RunResults R = readResults(P, D.Path);
  EXPECT_EQ(R.Variants["original"].Status, RunStatus::Ok);
  EXPECT_EQ(R.Variants["probe"].Status, RunStatus::BuildFailed);
  EXPECT_EQ(R.Variants["probe"].Message.find("k.cu(7): error: identifier \"q\" is undefined"), 0u)
      << "nvcc's error comes first";
  EXPECT_EQ(R.Variants["uniform-1"].Status, RunStatus::TimedOut);
  EXPECT_NE(R.Variants["uniform-1"].Message.find("timed out after 9 s (killed"), std::string::npos);
  EXPECT_EQ(R.Variants["uniform-2"].Status, RunStatus::Crashed);
  EXPECT_NE(R.Variants["uniform-2"].Message.find("exit code 139"), std::string::npos);
  EXPECT_EQ(R.Variants["uniform-3"].Status, RunStatus::NotRun);
}

TEST(ConfirmRunner, KillsAndReportsATimeout) {
  TempDir D;
  ProcessResult R = runProcess({"/bin/sleep", "30"}, "", {}, D.file("log"), 1);
  EXPECT_EQ(R.Code, 124);
  EXPECT_NE(R.Message.find("timed out after 1 s (killed)"), std::string::npos);
}

TEST(ConfirmRunner, RunsInADirectoryWithExtraEnvironment) {
  TempDir D;
  ProcessResult R = runProcess({"/bin/sh", "-c", "pwd; echo \"$DIVLINT_X\"; exit 3"}, D.Path,
                               {"DIVLINT_X=hello"}, D.file("log"), 10);
  EXPECT_EQ(R.Code, 3);
  std::string Log = readFile(D.file("log"));
  EXPECT_NE(Log.find("hello"), std::string::npos);
  EXPECT_NE(Log.find("divlint-confirm-test"), std::string::npos) << Log;
}

TEST(ConfirmScript, BuildsRunsAndQuotes) {
  EXPECT_EQ(shellQuote("-O3"), "-O3");
  EXPECT_EQ(shellQuote("a b"), "'a b'");
  EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
  EXPECT_EQ(shellQuote("$DIR/bin/x y"), "\"$DIR/bin/x y\"");
  ConfirmPlan P;
  P.Mode = PlanMode::Kernel;
  P.Kernel = "ns::k";
  P.MainRelPath = "dir/k.cu";
  P.Probes.resize(3);
  P.Ncu = true;
  P.Variants = {{"original", VariantRole::Original, -1, std::nullopt},
                {"uniform-2", VariantRole::Uniform, 2, 2u}};
  std::vector<std::string> A = nvccArguments(P, P.Variants[1]);
  auto Has = [&](const char *S) { return std::find(A.begin(), A.end(), S) != A.end(); };
  EXPECT_TRUE(Has("-DDIVLINT_UNIFORM_ID=2"));
  EXPECT_TRUE(Has("-DDIVLINT_NUM_PROBES=3"));
  EXPECT_TRUE(Has("-Isrc/dir"));
  EXPECT_EQ(A.back(), "driver.cu");
  std::string Script = runScript(P);
  EXPECT_NE(Script.find("build uniform-2 "), std::string::npos);
  EXPECT_NE(Script.find("run original \"$DIR/bin/original\" --variant original"), std::string::npos);
  EXPECT_NE(Script.find("exit 3"), std::string::npos) << "no GPU: stop after the original";
  EXPECT_NE(Script.find("regex:^k$"), std::string::npos) << "ncu filters on the kernel's name";
}

// A fix-it variant builds from its own tree first, then from the probed tree, where the headers
// copied in for a relocatable directory (host-only includes) are.
TEST(ConfirmBuild, VariantsFallBackToTheProbedTreeForCopiedHeaders) {
  ConfirmPlan P;
  P.Mode = PlanMode::Kernel;
  P.MainRelPath = "dir/k.cu";
  P.NvccArgs = {"-Isrc/inc", "-Iinc/0"};
  P.Variants = {{"fixit-1", VariantRole::FixIt, -1, 1u, 0u}};
  std::vector<std::string> A = nvccArguments(P, P.Variants[0]);
  auto At = [&](const char *S) { return std::find(A.begin(), A.end(), S) - A.begin(); };
  ASSERT_LT(At("-Ivariants/fixit-1/src/dir"), At("-Isrc/dir"));
  ASSERT_LT(At("-Isrc/dir"), At("-Ivariants/fixit-1/src/inc"));
  ASSERT_LT(At("-Ivariants/fixit-1/src/inc"), At("-Isrc/inc"));
  ASSERT_LT(At("-Isrc/inc"), At("-Iinc/0"));
  EXPECT_LT(At("-Iinc/0"), long(A.size()));
}

// A program stopped by its timeout writes its counters on SIGTERM (the probe runtime's handler):
// they are judged, with a note, rather than lost.
TEST(ConfirmResults, ATimedOutProgramKeepsTheCountersItWroteWhenStopped) {
  TempDir D;
  ConfirmPlan P;
  P.Mode = PlanMode::Program;
  P.TimeoutSeconds = 30;
  P.Variants = {{"probe", VariantRole::Probe, -1, std::nullopt}};
  D.write("results/build-probe.rc", "0\n");
  D.write("results/run-probe.rc", "124\n");
  D.write("results/probe.json", R"({"snapshots_ok": 4, "terminated": true, "probes": [
    {"id": 0, "execs": 10, "divergent": 2, "active_lanes": 320, "true_lanes": 100}]})");
  RunResults R = readResults(P, D.Path);
  const VariantResult &V = R.Variants["probe"];
  EXPECT_EQ(V.Status, RunStatus::Ok);
  EXPECT_TRUE(V.Terminated);
  EXPECT_EQ(V.Message, "timed out after 30 s (stopped); the counts are those of its last "
                       "synchronizing CUDA call");
  ASSERT_EQ(V.Probes.size(), 1u);
  EXPECT_EQ(V.Probes[0].Divergent, 2u);
  // Without the handler's file (an older runtime, or SIGKILL): a timeout, as before.
  D.write("results/probe.json", R"({"snapshots_ok": 4, "probes": []})");
  EXPECT_EQ(readResults(P, D.Path).Variants["probe"].Status, RunStatus::TimedOut);
}

// The handler itself: a program-mode binary stopped by SIGTERM leaves its counters (no GPU is
// needed: the handler makes no CUDA call).
TEST(ConfirmResults, TheProbeRuntimeWritesItsCountersOnSigterm) {
  TempDir Build;
  Build.write("divlint_probe.cuh", readFile(runtimeDir() + "/divlint_probe.cuh"));
  Build.write("s.cu", R"cu(#include "divlint_probe.cuh"
#include <unistd.h>
int main() { sleep(30); return 0; }
)cu");
  auto Failure = nvccFails(Build.Path, {"-arch=sm_90", "-I.", "-DDIVLINT_MODE=1",
                                        "-DDIVLINT_PROGRAM_HOOKS", "-o", "s", "s.cu"});
  if (!Failure)
    GTEST_SKIP() << "nvcc not found";
  ASSERT_EQ(*Failure, "");
  ProcessResult R = runProcess({"/usr/bin/timeout", "1", Build.file("s")}, Build.Path,
                               {"DIVLINT_PROBE_OUT=" + Build.file("probe.json")},
                               Build.file("run.log"), 20);
  EXPECT_EQ(R.Code, 124);
  std::string Json = readFile(Build.file("probe.json"));
  EXPECT_NE(Json.find("\"terminated\": true"), std::string::npos) << Json;
}
