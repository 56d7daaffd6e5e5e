// Judging predictions: measured efficiency and slowdown, verdicts, the report's JSON and the plan's
// round trip through plan.json.
#include "divlint/Confirm/BuildCommands.h"
#include "divlint/Confirm/ConfirmPlan.h"
#include "divlint/Confirm/ConfirmReport.h"
#include <gtest/gtest.h>

using namespace divlint;
using namespace divlint::confirm;

namespace {

ProbeCounters counters(uint64_t Execs, uint64_t Divergent, uint64_t Active, uint64_t True,
                       uint64_t AnyTrue, uint64_t AnyFalse) {
  ProbeCounters C;
  C.Execs = Execs, C.Divergent = Divergent, C.ActiveLanes = Active, C.TrueLanes = True;
  C.AnyTrue = AnyTrue, C.AnyFalse = AnyFalse, C.Passes = AnyTrue + AnyFalse;
  C.DivergentActive = Divergent * 32, C.DivergentTrue = Divergent ? True : 0;
  return C;
}

ProbeSite site(unsigned Id, const char *Construct, Uniformity Class,
               std::optional<Extent> Ext = std::nullopt) {
  ProbeSite S;
  S.Id = Id;
  S.Construct = Construct;
  S.Condition = "c" + std::to_string(Id);
  S.File = "k.cu";
  S.Line = 10 + Id;
  PredictedBranch P;
  P.Kernel = "k";
  P.Class = Class;
  P.Ext = Ext;
  P.BlockShape = "256x1x1";
  S.Predictions.push_back(P);
  return S;
}

Timing timing(double Median, double Spread = 0.02) {
  Timing T;
  T.MedianMs = Median;
  T.P25Ms = Median * (1 - Spread / 2);
  T.P75Ms = Median * (1 + Spread / 2);
  T.TimesMs.assign(30, Median);
  return T;
}

struct Fixture {
  ConfirmPlan Plan;
  RunResults Results;
  Fixture() {
    Plan.Mode = PlanMode::Kernel;
    Plan.Kernel = "k";
    Plan.Block = {256, 1, 1};
    Plan.Variants = {{"original", VariantRole::Original, -1, std::nullopt},
                     {"probe", VariantRole::Probe, -1, std::nullopt}};
    VariantResult &O = Results.Variants["original"];
    O.Name = "original";
    O.Status = RunStatus::Ok;
    O.Time = timing(1.0);
    O.Checksums = {{"out", "aa"}};
    VariantResult &P = Results.Variants["probe"];
    P.Name = "probe";
    P.Status = RunStatus::Ok;
  }
  void add(ProbeSite S, ProbeCounters C) {
    VariantResult &P = Results.Variants["probe"];
    if (P.Probes.size() <= S.Id)
      P.Probes.resize(S.Id + 1);
    P.Probes[S.Id] = C;
    Plan.Probes.push_back(S);
  }
  void uniformized(unsigned Id, Timing T, const char *Checksum = "bb") {
    std::string Name = "uniform-" + std::to_string(Id);
    Plan.Variants.push_back({Name, VariantRole::Uniform, int(Id), Id});
    VariantResult &V = Results.Variants[Name];
    V.Name = Name;
    V.Status = RunStatus::Ok;
    V.Time = T;
    V.Checksums = {{"out", Checksum}};
  }
  /// A variant built from the source as written: the unprobed baseline or a fix-it of \p Id.
  VariantResult &asWritten(const std::string &Name, VariantRole Role, Timing T,
                           const char *Checksum, std::optional<unsigned> Id = std::nullopt) {
    Plan.Variants.push_back({Name, Role, -1, Id, Id ? std::optional<unsigned>(0) : std::nullopt});
    VariantResult &V = Results.Variants[Name];
    V.Name = Name;
    V.Status = RunStatus::Ok;
    V.Time = T;
    V.Checksums = {{"out", Checksum}};
    return V;
  }
  const BranchComparison &branch(const ConfirmOutcome &O, unsigned Id) {
    for (const BranchComparison &B : O.Branches)
      if (B.Site.Id == Id)
        return B;
    ADD_FAILURE() << "no branch " << Id;
    return O.Branches.front();
  }
};

} // namespace

TEST(ConfirmComparison, MeasuredEfficiencyFollowsTheDesignFormula) {
  // 8 warps, each splits 16/32: with equal arms every warp takes two passes.
  ProbeCounters Half = counters(8, 8, 256, 128, 8, 8);
  EXPECT_DOUBLE_EQ(*measuredEfficiency(Half, false, 1, 1), 0.5);
  // An `if` without `else` where one lane of each warp is true: 1/32.
  ProbeCounters One = counters(8, 8, 256, 8, 8, 8);
  EXPECT_DOUBLE_EQ(*measuredEfficiency(One, false, 1, 0), 1.0 / 32);
  // Uneven arms: (3*16 + 1*16) / (32 * (3 + 1)).
  EXPECT_DOUBLE_EQ(*measuredEfficiency(Half, false, 3, 1), 0.5);
  ProbeCounters Skewed = counters(1, 1, 32, 8, 1, 1);
  EXPECT_DOUBLE_EQ(*measuredEfficiency(Skewed, false, 3, 1), (3.0 * 8 + 24) / (32 * 4));
  // Work both sides share (hoisted above the branch) runs once with all 32 lanes.
  EXPECT_DOUBLE_EQ(*measuredEfficiency(Skewed, false, 3, 1, 4), (3.0 * 8 + 24 + 4 * 32) / (32 * 8));
  // A switch whose 32 lanes take 4 values: 4 passes.
  ProbeCounters Switch;
  Switch.Execs = 1, Switch.ActiveLanes = 32, Switch.Passes = 4;
  EXPECT_DOUBLE_EQ(*measuredEfficiency(Switch, true, 1, 1), 0.25);
  EXPECT_FALSE(measuredEfficiency(ProbeCounters(), false, 1, 1)) << "never executed";
  // Only the empty side ran.
  EXPECT_FALSE(measuredEfficiency(counters(4, 0, 128, 0, 0, 4), false, 1, 0));
}

TEST(ConfirmComparison, SplitModelEfficiency) {
  ProbeSite S = site(0, "if", Uniformity::LaneVarying, Extent::Partial);
  PredictedBranch P = S.Predictions.front();
  P.DivergentWarps = 1, P.TotalWarps = 8, P.TrueLanes = 20, P.ActiveLanes = 32;
  EXPECT_DOUBLE_EQ(*splitModelEfficiency(P, S), 8.0 / 9) << "1 of 8 warps takes two passes";
  S.CostFalse = 0;
  EXPECT_FALSE(splitModelEfficiency(P, S)) << "all-false warps would skip: unknown";
  P.DivergentWarps = 8;
  EXPECT_DOUBLE_EQ(*splitModelEfficiency(P, S), 20.0 / 32);
  ProbeSite Loop = site(1, "for", Uniformity::LaneVarying, Extent::EveryWarp);
  EXPECT_FALSE(splitModelEfficiency(P, Loop));
}

TEST(ConfirmComparison, Verdicts) {
  Fixture F;
  // 0: lane-varying, diverged, efficiency as predicted, slowdown as predicted.
  ProbeSite S0 = site(0, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  S0.Predictions[0].Efficiency = 0.5;
  S0.Predictions[0].KernelSlowdown = 1.25;
  F.add(S0, counters(8, 8, 256, 128, 8, 8));
  F.uniformized(0, timing(0.8));
  // 1: predicted warp-uniform but diverged: refuted (a soundness bug).
  F.add(site(1, "if", Uniformity::WarpUniform), counters(8, 2, 256, 100, 8, 2));
  // 2: predicted to split 1/8 warps of the launched shape, never diverged: refuted.
  ProbeSite S2 = site(2, "if", Uniformity::LaneVarying, Extent::Partial);
  S2.Predictions[0].DivergentWarps = 1, S2.Predictions[0].TotalWarps = 8;
  F.add(S2, counters(8, 0, 256, 0, 0, 8));
  // 3: a tail that did not diverge with this input: inconclusive.
  F.add(site(3, "if", Uniformity::LaneVarying, Extent::Tail), counters(8, 0, 256, 256, 8, 0));
  // 4: never executed.
  F.add(site(4, "if", Uniformity::BlockUniform), ProbeCounters());
  // 5: uniform and never diverged: confirmed.
  F.add(site(5, "for", Uniformity::BlockUniform), counters(80, 0, 2560, 2240, 70, 10));
  // 6: slowdown predicted 2.0, measured 1.25: refuted.
  ProbeSite S6 = site(6, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  S6.Predictions[0].KernelSlowdown = 2.0;
  F.add(S6, counters(8, 8, 256, 128, 8, 8));
  F.uniformized(6, timing(0.8));
  // 7: noisy timings: the slowdown is inconclusive.
  ProbeSite S7 = site(7, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  S7.Predictions[0].KernelSlowdown = 3.0;
  F.add(S7, counters(8, 8, 256, 128, 8, 8));
  F.uniformized(7, timing(0.5, 2.0));
  // 8: data-dependent: numbers rest on an assumed split and are not judged.
  ProbeSite S8 = site(8, "if", Uniformity::LaneVarying, Extent::DataDependent);
  S8.Predictions[0].Efficiency = 0.5;
  F.add(S8, counters(8, 8, 256, 16, 8, 8));
  // 9: a different kernel's branch is out of scope in kernel mode.
  ProbeSite S9 = site(9, "if", Uniformity::LaneVarying);
  S9.Predictions[0].Kernel = "other";
  F.add(S9, counters(8, 8, 256, 16, 8, 8));

  ConfirmOutcome O = compare(F.Plan, F.Results, Tolerances());
  ASSERT_EQ(O.Branches.size(), 9u);
  const BranchComparison &B0 = F.branch(O, 0);
  EXPECT_EQ(B0.Overall, Verdict::Confirmed);
  EXPECT_EQ(B0.EfficiencyVerdict, Verdict::Confirmed);
  EXPECT_EQ(B0.EfficiencySource, "finding");
  EXPECT_DOUBLE_EQ(*B0.Measured.Slowdown, 1.25);
  EXPECT_EQ(B0.SlowdownVerdict, Verdict::Confirmed);
  EXPECT_EQ(B0.SlowdownSource, "kernel");
  EXPECT_EQ(B0.Measured.OutputsDiffer, true);
  EXPECT_DOUBLE_EQ(*B0.Measured.DivergentSplit, 0.5);
  EXPECT_EQ(F.branch(O, 1).Overall, Verdict::Refuted);
  EXPECT_NE(F.branch(O, 1).Notes.front().find("predicted warp-uniform"), std::string::npos);
  EXPECT_EQ(F.branch(O, 2).Overall, Verdict::Refuted);
  EXPECT_EQ(F.branch(O, 3).Overall, Verdict::Inconclusive);
  EXPECT_EQ(F.branch(O, 4).Overall, Verdict::Inconclusive);
  EXPECT_EQ(F.branch(O, 5).Overall, Verdict::Confirmed);
  EXPECT_EQ(F.branch(O, 6).SlowdownVerdict, Verdict::Refuted);
  EXPECT_EQ(F.branch(O, 6).Overall, Verdict::Refuted);
  EXPECT_EQ(F.branch(O, 7).SlowdownVerdict, Verdict::Inconclusive);
  EXPECT_EQ(F.branch(O, 7).Overall, Verdict::Confirmed);
  EXPECT_EQ(F.branch(O, 8).EfficiencyVerdict, Verdict::Inconclusive);
  EXPECT_EQ(F.branch(O, 8).Overall, Verdict::Confirmed);
  EXPECT_EQ(O.count(Verdict::Confirmed), 4u);
  EXPECT_EQ(O.count(Verdict::Refuted), 3u);

  // A tighter tolerance refutes branch 0's efficiency.
  F.Results.Variants["probe"].Probes[0] = counters(8, 8, 256, 128, 8, 4);
  Tolerances Tight;
  Tight.Efficiency = 0.05;
  ConfirmOutcome T = compare(F.Plan, F.Results, Tight);
  EXPECT_EQ(F.branch(T, 0).EfficiencyVerdict, Verdict::Refuted);

  nlohmann::json J = confirmJson(F.Plan, O);
  EXPECT_EQ(J["summary"]["confirmed"], 4);
  EXPECT_EQ(J["summary"]["refuted"], 3);
  EXPECT_EQ(J["summary"]["slowdown_compared"], 2);
  EXPECT_EQ(J["summary"]["slowdown_within_tolerance"], 1);
  const nlohmann::json &First = J["branches"][0];
  EXPECT_EQ(First["verdict"]["overall"], "confirmed");
  EXPECT_EQ(First["measured"]["class"], "lane-varying");
  EXPECT_EQ(First["measured"]["counters"]["passes"], 16);
  EXPECT_EQ(First["predicted"]["slowdown_source"], "kernel");
  EXPECT_DOUBLE_EQ(First["measured"]["slowdown"].get<double>(), 1.25);
  EXPECT_EQ(J["tolerance"]["slowdown"], 0.2);

  std::string Table;
  llvm::raw_string_ostream OS(Table);
  writeConfirmTable(OS, F.Plan, O);
  EXPECT_NE(Table.find("0.50/0.50"), std::string::npos) << Table;
  EXPECT_NE(Table.find("1.25/1.25x"), std::string::npos) << Table;
  EXPECT_NE(Table.find("9 branches: 4 confirmed, 3 refuted, 2 inconclusive"), std::string::npos)
      << Table;
}

TEST(ConfirmComparison, ProblemsAreReported) {
  Fixture F;
  F.add(site(0, "if", Uniformity::LaneVarying, Extent::EveryWarp), counters(8, 8, 256, 128, 8, 8));
  F.Results.Variants["probe"].Status = RunStatus::BuildFailed;
  F.Results.Variants["probe"].Message = "k.cu(3): error: oops";
  F.Plan.Variants.push_back({"uniform-0", VariantRole::Uniform, 0, 0u});
  F.Results.Variants["uniform-0"].Status = RunStatus::CudaError;
  F.Results.Variants["uniform-0"].Message = "kernel: cudaErrorIllegalAddress";
  ConfirmOutcome O = compare(F.Plan, F.Results, Tolerances());
  ASSERT_EQ(O.Problems.size(), 1u);
  EXPECT_NE(O.Problems[0].find("probe: build-failed: k.cu(3): error: oops"), std::string::npos);
  const BranchComparison &B = O.Branches.front();
  EXPECT_EQ(B.Overall, Verdict::Inconclusive);
  EXPECT_EQ(B.Measured.UniformizedProblem, "cuda-error: kernel: cudaErrorIllegalAddress");

  // Program mode: a failed CUDA context is a problem, the runtime's teardown at exit is not.
  Fixture G;
  G.Plan.Mode = PlanMode::Program;
  G.add(site(0, "if", Uniformity::LaneVarying), counters(8, 8, 256, 128, 8, 8));
  G.Results.Variants["probe"].SnapshotsOk = 3;
  G.Results.Variants["probe"].LastSnapshotFailed = true;
  G.Results.Variants["probe"].SnapshotError = "cudaErrorCudartUnloading: driver shutting down";
  EXPECT_TRUE(compare(G.Plan, G.Results, Tolerances()).Problems.empty());
  G.Results.Variants["probe"].SnapshotError = "cudaErrorIllegalAddress: an illegal memory access";
  EXPECT_EQ(compare(G.Plan, G.Results, Tolerances()).Problems.size(), 1u);
  G.Results.Variants["probe"].SnapshotsOk = 0;
  ConfirmOutcome None = compare(G.Plan, G.Results, Tolerances());
  EXPECT_EQ(None.Branches.front().Measured.Executions, 0u) << "unreadable counters are not zeros";
  EXPECT_EQ(None.Branches.front().Overall, Verdict::Inconclusive);
}

TEST(ConfirmPlan, RoundTripsThroughJson) {
  ConfirmPlan P;
  P.Mode = PlanMode::Kernel;
  P.Source = "examples/reduction.cu";
  P.MainRelPath = "reduction.cu";
  P.Kernel = "reduce";
  P.Grid = {64, 2, 1};
  P.Block = {256, 1, 1};
  P.Seed = 42;
  P.ArgsDescribed = {"n=10"};
  P.NvccArgs = {"-Isrc/inc"};
  P.Ncu = true;
  ProbeSite S = site(3, "switch", Uniformity::LaneVarying, Extent::EveryWarp);
  S.Kind = ProbeKind::Switch;
  S.CostTrue = 2.5, S.CostFalse = 0;
  S.Predictions[0].DivergentWarps = 8, S.Predictions[0].TotalWarps = 8;
  S.Predictions[0].Slowdown = 1.5;
  P.Probes.push_back(S);
  P.Skipped.push_back({"k.cu", 4, 5, "IN(x)", "macro"});
  P.Variants = {{"uniform-3", VariantRole::Uniform, 3, 3u}};
  auto Back = planFromJson(nlohmann::json::parse(planToJson(P).dump()));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->Kernel, "reduce");
  EXPECT_EQ(Back->Grid, (Dim3{64, 2, 1}));
  EXPECT_EQ(Back->Seed, 42u);
  EXPECT_TRUE(Back->Ncu);
  ASSERT_EQ(Back->Probes.size(), 1u);
  const ProbeSite &B = Back->Probes[0];
  EXPECT_EQ(B.Id, 3u);
  EXPECT_EQ(B.Kind, ProbeKind::Switch);
  EXPECT_EQ(B.CostTrue, 2.5);
  EXPECT_EQ(B.CostFalse, 0);
  EXPECT_EQ(B.Predictions[0].Ext, Extent::EveryWarp);
  EXPECT_EQ(B.Predictions[0].DivergentWarps, 8u);
  EXPECT_EQ(B.Predictions[0].Slowdown, 1.5);
  EXPECT_FALSE(B.Predictions[0].Efficiency);
  EXPECT_EQ(Back->Skipped[0].Reason, "macro");
  EXPECT_EQ(Back->Variants[0].ProbeId, 3u);
  EXPECT_EQ(Back->Variants[0].Role, VariantRole::Uniform);
  EXPECT_FALSE(bool(planFromJson(nlohmann::json::parse(R"({"version": 7})"))));
}

namespace {
FixSuggestion selectFix() {
  return {"branchless select: assign 'v' with ?: (a select, no branch)",
          {{"k.cu", 40, 30, "v = (c0) ? (a) : (b);"}}};
}
} // namespace

TEST(ConfirmPlan, FixItVariantsOnlyForFixItsWithReplacements) {
  ConfirmPlan P;
  P.Kernel = "k";
  ProbeSite WithFix = site(0, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  WithFix.FixIts.push_back(selectFix());
  ProbeSite TwoFixes = site(1, "if", Uniformity::LaneVarying, Extent::Partial);
  TwoFixes.FixIts = {selectFix(), selectFix()};
  ProbeSite Plain = site(2, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  ProbeSite Uniform = site(3, "if", Uniformity::BlockUniform);
  Uniform.FixIts.push_back(selectFix()); // not flagged: nothing to time
  ProbeSite Other = site(4, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  Other.Predictions[0].Kernel = "other"; // another kernel's branch
  Other.FixIts.push_back(selectFix());
  P.Probes = {WithFix, TwoFixes, Plain, Uniform, Other};
  auto Names = [](const ConfirmPlan &Plan) {
    std::vector<std::string> N;
    for (const Variant &V : Plan.Variants)
      N.push_back(V.Name);
    return N;
  };
  ConfirmPlan All = P;
  addKernelVariants(All, true, true);
  EXPECT_EQ(Names(All), (std::vector<std::string>{"original", "probe", "uniform-0", "uniform-1",
                                                  "uniform-2", "unprobed", "fixit-0", "fixit-1-0",
                                                  "fixit-1-1"}));
  EXPECT_TRUE(All.hasFixIts());
  const Variant *Fix = All.variant("fixit-1-1");
  ASSERT_NE(Fix, nullptr);
  EXPECT_EQ(Fix->Role, VariantRole::FixIt);
  EXPECT_EQ(Fix->ProbeId, 1u);
  EXPECT_EQ(Fix->FixIndex, 1u);
  EXPECT_EQ(Fix->sourceDir(), "variants/fixit-1-1");
  EXPECT_EQ(All.variant("unprobed")->sourceDir(), "variants/unprobed");
  EXPECT_EQ(All.variant("uniform-0")->sourceDir(), "") << "built from the probed src/";

  ConfirmPlan NoFixIts = P;
  addKernelVariants(NoFixIts, true, false);
  EXPECT_EQ(Names(NoFixIts), (std::vector<std::string>{"original", "probe", "uniform-0",
                                                       "uniform-1", "uniform-2"}));
  EXPECT_FALSE(NoFixIts.hasFixIts());
  ConfirmPlan AdviceOnly = P;
  AdviceOnly.Probes = {Plain, Uniform};
  addKernelVariants(AdviceOnly, false, true);
  EXPECT_EQ(Names(AdviceOnly), (std::vector<std::string>{"original", "probe"}))
      << "no fix-it with replacements: no fix-it variant and no unprobed baseline";

  // Fix-its and their variants survive plan.json.
  auto Back = planFromJson(nlohmann::json::parse(planToJson(All).dump()));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  ASSERT_EQ(Back->Probes[1].FixIts.size(), 2u);
  EXPECT_EQ(Back->Probes[1].FixIts[0].Replacements[0].Text, "v = (c0) ? (a) : (b);");
  EXPECT_EQ(Back->Probes[1].FixIts[0].Replacements[0].Offset, 40u);
  EXPECT_EQ(Back->variant("fixit-1-1")->FixIndex, 1u);
  EXPECT_EQ(Back->variant("unprobed")->Role, VariantRole::Unprobed);
}

TEST(ConfirmComparison, OutputsMatchByBytesOrWithinTheFloatTolerance) {
  VariantResult Original, V;
  Original.Checksums = {{"y", "aa"}, {"n", "11"}};
  V.Checksums = Original.Checksums;
  EXPECT_EQ(matchOutputs(V, Original, 1e-5), OutputMatch::Identical);
  V.Checksums["y"] = "ab";
  std::string Why;
  EXPECT_EQ(matchOutputs(V, Original, 1e-5, &Why), OutputMatch::Unknown)
      << "checksums differ, no element-wise comparison";
  EXPECT_NE(Why.find("not compared"), std::string::npos);
  V.Compared["y"] = {1000, 3, 2e-7, 6e-8, true};
  V.Compared["n"] = {1000, 0, 0, 0, false};
  EXPECT_EQ(matchOutputs(V, Original, 1e-5), OutputMatch::WithinTolerance);
  EXPECT_EQ(matchOutputs(V, Original, 1e-9), OutputMatch::Differ);
  V.Checksums["n"] = "12";
  V.Compared["n"] = {1000, 1, 1, 1e-7, false};
  EXPECT_EQ(matchOutputs(V, Original, 1e-5), OutputMatch::Differ) << "integers must be equal";
}

TEST(ConfirmComparison, FixItsAreTimedAgainstTheUnprobedSourceAndCompared) {
  Fixture F;
  ProbeSite S = site(0, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  S.FixIts.push_back(selectFix());
  F.add(S, counters(8, 8, 256, 128, 8, 8));
  F.uniformized(0, timing(0.9));
  F.asWritten("unprobed", VariantRole::Unprobed, timing(0.96), "aa");
  VariantResult &Fix = F.asWritten("fixit-0", VariantRole::FixIt, timing(0.8), "ab", 0u);
  Fix.Compared["out"] = {4096, 3, 1.5e-7, 6e-8, true};

  ConfirmOutcome O = compare(F.Plan, F.Results, Tolerances());
  const BranchComparison &B = F.branch(O, 0);
  ASSERT_EQ(B.FixIts.size(), 1u);
  const FixItMeasurement &M = B.FixIts[0];
  EXPECT_EQ(M.Variant, "fixit-0");
  EXPECT_EQ(M.Baseline, "unprobed");
  EXPECT_DOUBLE_EQ(*M.Speedup, 0.96 / 0.8);
  EXPECT_EQ(M.Outputs, OutputMatch::WithinTolerance);
  EXPECT_EQ(M.DifferingElements, 3u);
  EXPECT_DOUBLE_EQ(*M.MaxRelDiff, 6e-8);
  EXPECT_EQ(M.Fix.Description, selectFix().Description);
  EXPECT_TRUE(O.Problems.empty());
  bool ProbeCost = false;
  for (const std::string &N : O.Notes)
    ProbeCost |= N.find("1.042x the time of the source as written") != std::string::npos;
  EXPECT_TRUE(ProbeCost) << "T(original) / T(unprobed) is stated";

  nlohmann::json J = confirmJson(F.Plan, O);
  const nlohmann::json &Row = J["branches"][0]["fixits"][0];
  EXPECT_EQ(Row["variant"], "fixit-0");
  EXPECT_EQ(Row["baseline"], "unprobed");
  EXPECT_DOUBLE_EQ(Row["baseline_median_ms"].get<double>(), 0.96);
  EXPECT_DOUBLE_EQ(Row["speedup"].get<double>(), 1.2);
  EXPECT_EQ(Row["outputs"], "within-tolerance");
  EXPECT_EQ(Row["differing_elements"], 3);
  EXPECT_EQ(Row["replacements"][0]["text"], "v = (c0) ? (a) : (b);");
  EXPECT_DOUBLE_EQ(Row["timing"]["median_ms"].get<double>(), 0.8);
  EXPECT_EQ(J["summary"]["fixits"], 1);
  EXPECT_EQ(J["summary"]["fixit_outputs_within_tolerance"], 1);
  EXPECT_EQ(J["tolerance"]["output"], 1e-5);
  std::string Table;
  llvm::raw_string_ostream OS(Table);
  writeConfirmTable(OS, F.Plan, O);
  EXPECT_NE(Table.find("fix-its (speedup = T(source as written) / T(fix-it applied)"),
            std::string::npos)
      << Table;
  EXPECT_NE(Table.find("fixit-0      0.8000 ms    1.200x"), std::string::npos) << Table;
  EXPECT_NE(Table.find("within-tolerance (3 elements, max rel 6e-08)"), std::string::npos)
      << Table;
  EXPECT_NE(Table.find("   branchless select: assign 'v'"), std::string::npos) << Table;

  // Byte-identical outputs; then a tolerance too tight for the rounding: a problem.
  Fix.Checksums = {{"out", "aa"}};
  EXPECT_EQ(compare(F.Plan, F.Results, Tolerances()).Branches[0].FixIts[0].Outputs,
            OutputMatch::Identical);
  Fix.Checksums = {{"out", "ab"}};
  Tolerances Tight;
  Tight.Output = 1e-9;
  ConfirmOutcome T = compare(F.Plan, F.Results, Tight);
  EXPECT_EQ(T.Branches[0].FixIts[0].Outputs, OutputMatch::Differ);
  ASSERT_EQ(T.Problems.size(), 1u);
  EXPECT_NE(T.Problems[0].find("does not keep the meaning"), std::string::npos);

  // Without the unprobed baseline the fix-it is timed against the probed original.
  F.Results.Variants["unprobed"].Status = RunStatus::BuildFailed;
  F.Results.Variants["unprobed"].Message = "oops";
  ConfirmOutcome NoBase = compare(F.Plan, F.Results, Tolerances());
  EXPECT_EQ(NoBase.Branches[0].FixIts[0].Baseline, "original");
  EXPECT_DOUBLE_EQ(*NoBase.Branches[0].FixIts[0].Speedup, 1.0 / 0.8);
  // A fix-it that crashed is a note on its branch, not a problem of the run.
  Fix.Status = RunStatus::CudaError;
  Fix.Message = "kernel: cudaErrorIllegalAddress";
  ConfirmOutcome Crashed = compare(F.Plan, F.Results, Tolerances());
  EXPECT_EQ(Crashed.Branches[0].FixIts[0].Problem, "cuda-error: kernel: cudaErrorIllegalAddress");
  EXPECT_FALSE(Crashed.Branches[0].FixIts[0].Speedup);
  EXPECT_TRUE(Crashed.Problems.empty());
}

TEST(ConfirmComparison, PredictedFixItSpeedupIsJudged) {
  auto Run = [](double PredictedSpeedup, double FixedMs, double Spread) {
    Fixture F;
    ProbeSite S = site(0, "if", Uniformity::LaneVarying, Extent::EveryWarp);
    FixSuggestion Remap = selectFix();
    Remap.PredictedSpeedup = PredictedSpeedup;
    S.FixIts.push_back(Remap);
    F.add(S, counters(8, 8, 256, 128, 8, 8));
    F.uniformized(0, timing(0.9));
    F.asWritten("unprobed", VariantRole::Unprobed, timing(1.0), "aa");
    F.asWritten("fixit-0", VariantRole::FixIt, timing(FixedMs, Spread), "aa", 0u);
    return compare(F.Plan, F.Results, Tolerances()).Branches[0].FixIts[0];
  };
  FixItMeasurement Close = Run(1.9, 0.5, 0.02); // measured 2.0x
  ASSERT_TRUE(Close.SpeedupVerdict.has_value());
  EXPECT_EQ(*Close.SpeedupVerdict, Verdict::Confirmed);
  EXPECT_EQ(*Run(1.5, 0.5, 0.02).SpeedupVerdict, Verdict::Refuted) << "1.5x vs 2.0x: off 25%";
  EXPECT_EQ(*Run(1.9, 0.5, 2.0).SpeedupVerdict, Verdict::Inconclusive) << "noise wider than 20%";
}

// select.cu on an H100 (bench/README.md): original 17.4 us, its `% 4 == 1` loop skipped 9.6 us,
// remapped 12.0 us (1.45x). divlint: region 4.00x, kernel 3.845x, remap 3.645x in issued work.
TEST(ConfirmComparison, TimedRemapSpeedupAddsTheMeasuredFloor) {
  // Region R = 2.845 / 0.75 = 3.793, saved 3.845 * (1 - 1/3.645) = 2.790 (units of the
  // regrouped kernel): T(fix) = 17.4 - 7.8 * 2.790 / 3.793 = 11.66 us.
  std::optional<double> S = timedRemapSpeedup(17.4, 9.6, 3.845, 4.0, 3.645);
  ASSERT_TRUE(S.has_value());
  EXPECT_NEAR(*S, 1.492, 0.001);
  // No floor to speak of: the issued-work speedup itself.
  EXPECT_NEAR(*timedRemapSpeedup(10.0, 1e-9, 2.0, 2.0, 2.0), 2.0, 1e-6);
  EXPECT_FALSE(timedRemapSpeedup(10.0, 10.0, 2.0, 2.0, 2.0)) << "a floor as slow as the original";
  EXPECT_FALSE(timedRemapSpeedup(10.0, 12.0, 2.0, 2.0, 2.0)) << "skipping added work";
  EXPECT_FALSE(timedRemapSpeedup(10.0, 5.0, 1.0, 2.0, 2.0)) << "no lost time in the kernel";
  EXPECT_FALSE(timedRemapSpeedup(10.0, 5.0, 2.0, 1.0, 2.0)) << "no lost time in the region";
  EXPECT_FALSE(timedRemapSpeedup(10.0, 5.0, 2.0, 2.0, 1.0)) << "no speedup predicted";
}

TEST(ConfirmComparison, RemapFixItIsJudgedOnTheFloorWhenThereIsOne) {
  auto Run = [](std::optional<double> FloorMs) {
    Fixture F;
    ProbeSite S = site(0, "if", Uniformity::LaneVarying, Extent::EveryWarp);
    S.Predictions.front().RegroupedSlowdown = 4.0;
    S.Predictions.front().RegroupedKernelSlowdown = 3.845;
    FixSuggestion Remap = selectFix();
    Remap.PredictedSpeedup = 3.645;
    S.FixIts.push_back(Remap);
    F.add(S, counters(8, 8, 256, 64, 8, 8));
    F.Results.Variants["original"].Time = timing(17.4);
    F.asWritten("unprobed", VariantRole::Unprobed, timing(17.4), "aa");
    F.asWritten("fixit-0", VariantRole::FixIt, timing(12.0), "aa", 0u);
    if (FloorMs)
      F.asWritten("floor-0", VariantRole::Floor, timing(*FloorMs), "cc", 0u);
    return compare(F.Plan, F.Results, Tolerances{0.15}).Branches[0].FixIts[0];
  };
  FixItMeasurement Floored = Run(9.6);
  ASSERT_TRUE(Floored.TimedSpeedup.has_value());
  EXPECT_NEAR(*Floored.TimedSpeedup, 1.492, 0.001);
  EXPECT_NEAR(*Floored.FloorMs, 9.6, 1e-9);
  EXPECT_EQ(*Floored.SpeedupVerdict, Verdict::Confirmed) << "1.49x vs 1.45x measured";
  EXPECT_EQ(Floored.Outputs, OutputMatch::Identical) << "the floor's outputs are not the fix's";
  FixItMeasurement Issued = Run(std::nullopt);
  EXPECT_FALSE(Issued.TimedSpeedup);
  EXPECT_EQ(*Issued.SpeedupVerdict, Verdict::Refuted) << "3.65x vs 1.45x, no floor measured";
}

TEST(ConfirmPlan, FloorVariantForARemapWhoseFalseConditionSkipsTheRegion) {
  ConfirmPlan P;
  P.Kernel = "k";
  FixSuggestion Remap = selectFix();
  Remap.PredictedSpeedup = 2.0;
  ProbeSite Skips = site(0, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  Skips.FalseSkipsRegion = true;
  Skips.FixIts.push_back(Remap);
  ProbeSite HasElse = site(1, "if", Uniformity::LaneVarying, Extent::EveryWarp);
  HasElse.FixIts.push_back(Remap); // false runs the else side: no floor
  ProbeSite NoPrediction = site(2, "for", Uniformity::LaneVarying, Extent::EveryWarp);
  NoPrediction.FalseSkipsRegion = true;
  NoPrediction.FixIts.push_back(selectFix()); // nothing predicted to judge on a floor
  P.Probes = {Skips, HasElse, NoPrediction};
  addKernelVariants(P, false, true);
  std::vector<std::string> Names;
  for (const Variant &V : P.Variants)
    Names.push_back(V.Name);
  EXPECT_EQ(Names, (std::vector<std::string>{"original", "probe", "floor-0", "unprobed",
                                             "fixit-0", "fixit-1", "fixit-2"}));
  const Variant *Floor = P.variant("floor-0");
  ASSERT_NE(Floor, nullptr);
  EXPECT_EQ(Floor->sourceDir(), "") << "built from the probed src/";
  std::vector<std::string> Args = nvccArguments(P, *Floor);
  EXPECT_NE(std::find(Args.begin(), Args.end(), "-DDIVLINT_FLOOR_ID=0"), Args.end());
  EXPECT_NE(std::find(Args.begin(), Args.end(), "-DDIVLINT_UNIFORM_ID=-1"), Args.end());
  auto Back = planFromJson(nlohmann::json::parse(planToJson(P).dump()));
  ASSERT_TRUE(bool(Back)) << llvm::toString(Back.takeError());
  EXPECT_EQ(Back->variant("floor-0")->Role, VariantRole::Floor);
  EXPECT_TRUE(Back->Probes[0].FalseSkipsRegion);
  EXPECT_FALSE(Back->Probes[1].FalseSkipsRegion);
}
