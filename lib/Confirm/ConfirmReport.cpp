#include "divlint/Confirm/ConfirmReport.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include <map>

using nlohmann::json;

namespace divlint::confirm {

namespace {

template <class T> json opt(const std::optional<T> &V) { return V ? json(*V) : json(nullptr); }

json nullIfEmpty(const std::string &S) { return S.empty() ? json(nullptr) : json(S); }

json verdictOrNull(const std::optional<Verdict> &V) {
  return V ? json(verdictName(*V).str()) : json(nullptr);
}

std::string fmt(double V, const char *F) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format(F, V);
  return S;
}

std::string num(const std::optional<double> &V, const char *F = "%.2f") {
  return V ? fmt(*V, F) : "-";
}

std::string shortClass(Uniformity U) {
  switch (U) {
  case Uniformity::BlockUniform: return "block";
  case Uniformity::WarpUniform: return "warp";
  case Uniformity::LaneVarying: return "lane";
  }
  return "?";
}

std::string predictedCell(const PredictedBranch &P) {
  std::string S = shortClass(P.Class);
  if (P.Ext)
    S += " " + extentName(*P.Ext).str();
  if (P.DivergentWarps && P.TotalWarps)
    S += " " + std::to_string(*P.DivergentWarps) + "/" + std::to_string(*P.TotalWarps) + "w";
  return S;
}

std::string measuredCell(const MeasuredBranch &M) {
  if (M.Executions == 0)
    return "not run";
  std::string S = M.diverged() ? "lane " : "unif ";
  S += std::to_string(M.Divergent) + "/" + std::to_string(M.Executions);
  return S;
}

std::string cell(std::string S, size_t W) {
  if (S.size() > W)
    S = S.substr(0, W - 1) + "~";
  return S + std::string(W - S.size() + 1, ' ');
}

std::string timingText(const Timing &T) {
  return fmt(T.MedianMs, "%.4f") + " ms (IQR " + fmt(T.P25Ms, "%.4f") + "-" +
         fmt(T.P75Ms, "%.4f") + ", " + std::to_string(T.TimesMs.size()) + " launches)";
}

json timingJson(const std::optional<Timing> &T) {
  if (!T)
    return nullptr;
  return {{"median_ms", T->MedianMs}, {"p25_ms", T->P25Ms}, {"p75_ms", T->P75Ms},
          {"min_ms", T->MinMs},       {"max_ms", T->MaxMs}, {"times_ms", T->TimesMs}};
}

std::string location(const ProbeSite &S) {
  return llvm::sys::path::filename(S.File).str() + ":" + std::to_string(S.Line) + ":" +
         std::to_string(S.Column);
}

std::string outputsText(const FixItMeasurement &F) {
  std::string S = outputMatchName(F.Outputs).str();
  if (F.Outputs == OutputMatch::WithinTolerance || F.Outputs == OutputMatch::Differ)
    S += " (" + std::to_string(F.DifferingElements) + " elements, max rel " +
         num(F.MaxRelDiff, "%.2g") + ")";
  return S;
}

/// One row per fix-it variant: its speedup and whether it computed what the original did.
void writeFixItTable(llvm::raw_ostream &OS, const ConfirmOutcome &O) {
  bool Any = false;
  for (const BranchComparison &B : O.Branches)
    Any |= !B.FixIts.empty();
  if (!Any)
    return;
  OS << "\nfix-its (speedup = T(source as written) / T(fix-it applied); outputs vs the "
        "original's, tolerance "
     << fmt(O.Tol.Output, "%.0e") << " relative):\n"
     << cell("id", 3) << cell("location", 22) << cell("condition", 24) << cell("variant", 12)
     << cell("fix-it time", 12) << cell("speedup", 16) << cell("predicted", 22) << "outputs\n";
  for (const BranchComparison &B : O.Branches)
    for (const FixItMeasurement &F : B.FixIts) {
      std::string Speedup = num(F.Speedup, "%.3fx");
      if (F.SpeedupNoise)
        Speedup += " +-" + fmt(100 * *F.SpeedupNoise, "%.1f") + "%";
      OS << cell(std::to_string(B.Site.Id), 3) << cell(location(B.Site), 22)
         << cell(B.Site.Condition, 24) << cell(F.Variant, 12)
         << cell(F.Time ? fmt(F.Time->MedianMs, "%.4f") + " ms" : "-", 12) << cell(Speedup, 16)
         << cell(F.judgedSpeedup()
                     ? fmt(*F.judgedSpeedup(), "%.2fx") +
                           (F.SpeedupVerdict ? " " + verdictName(*F.SpeedupVerdict).str() : "")
                     : "-",
                 22)
         << (F.Problem.empty() ? outputsText(F) : F.Problem) << "\n"
         << "   " << F.Fix.Description
         << (F.Baseline == "original" ? " (timed against the probed original)" : "") << "\n";
      if (F.TimedSpeedup && O.Original)
        OS << "   predicted " << fmt(*F.Fix.PredictedSpeedup, "%.2fx")
           << " in issued work; without the branch's region the kernel still took "
           << fmt(*F.FloorMs, "%.4f") << " ms of " << fmt(O.Original->MedianMs, "%.4f")
           << " ms (floor variant), which the saved work does not shorten: "
           << fmt(*F.TimedSpeedup, "%.2fx") << " in time\n";
    }
}

json fixItJson(const FixItMeasurement &F) {
  json Fix = fixItToJson(F.Fix);
  return {{"variant", F.Variant},
          {"description", Fix["description"]},
          {"replacements", Fix["replacements"]},
          {"timing", timingJson(F.Time)},
          {"baseline", nullIfEmpty(F.Baseline)},
          {"baseline_median_ms", opt(F.BaselineMs)},
          {"speedup", opt(F.Speedup)},
          {"speedup_noise", opt(F.SpeedupNoise)},
          {"predicted_speedup", opt(F.Fix.PredictedSpeedup)},
          {"floor_median_ms", opt(F.FloorMs)},
          {"predicted_timed_speedup", opt(F.TimedSpeedup)},
          {"speedup_verdict",
           F.SpeedupVerdict ? json(verdictName(*F.SpeedupVerdict).str()) : json(nullptr)},
          {"outputs", outputMatchName(F.Outputs).str()},
          {"max_rel_diff", opt(F.MaxRelDiff)},
          {"differing_elements", F.DifferingElements},
          {"problem", nullIfEmpty(F.Problem)}};
}

} // namespace

void writeConfirmTable(llvm::raw_ostream &OS, const ConfirmPlan &P, const ConfirmOutcome &O) {
  if (P.Mode == PlanMode::Kernel)
    OS << "divlint confirm: kernel " << P.Kernel << " of " << P.Source;
  else
    OS << "divlint confirm: program " << P.Source;
  OS << (O.Device.empty() ? "" : " on " + O.Device) << "\n";
  if (P.Mode == PlanMode::Kernel) {
    OS << "  launch: grid " << P.Grid.str() << ", block " << P.Block.str();
    if (P.SharedMemBytes)
      OS << ", " << P.SharedMemBytes << " B shared";
    OS << ", seed " << P.Seed << "; args:";
    for (const std::string &A : P.ArgsDescribed)
      OS << " " << A;
    OS << "\n";
  } else {
    OS << "  arguments:";
    for (const std::string &A : P.ProgramArgs)
      OS << " " << A;
    OS << "\n";
  }
  if (O.Original)
    OS << "  original: " << timingText(*O.Original) << "\n";
  OS << "  tolerance: slowdown +-" << fmt(100 * O.Tol.Slowdown, "%.0f") << "%, efficiency +-"
     << fmt(100 * O.Tol.Efficiency, "%.0f") << "% (relative)\n";
  for (const std::string &Problem : O.Problems)
    OS << "  problem: " << Problem << "\n";
  for (const std::string &Note : O.Notes)
    OS << "  note: " << Note << "\n";
  OS << "\n";

  OS << cell("id", 3) << cell("location", 22) << cell("construct", 9) << cell("condition", 24)
     << cell("predicted", 22) << cell("measured div/evals", 18) << cell("eff pred/meas", 13)
     << cell("1st-lane slowdown", 18) << "verdict\n";
  for (const BranchComparison &B : O.Branches) {
    const ProbeSite &S = B.Site;
    std::string Loc = location(S);
    std::string Eff = num(B.PredictedEfficiency) + "/" + num(B.Measured.Efficiency);
    std::string Slow = num(B.PredictedSlowdown) + "/" + num(B.Measured.Slowdown, "%.2fx");
    OS << cell(std::to_string(S.Id), 3) << cell(Loc, 22) << cell(S.Construct, 9)
       << cell(S.Condition, 24) << cell(predictedCell(B.Predicted), 22)
       << cell(measuredCell(B.Measured), 18) << cell(Eff, 13) << cell(Slow, 18)
       << verdictName(B.Overall) << "\n";
  }
  bool AnyNotes = false;
  for (const BranchComparison &B : O.Branches) {
    std::vector<std::string> Lines = B.Notes;
    if (B.EfficiencySource == "warp-split model")
      Lines.insert(Lines.begin(), "efficiency predicted by the warp-split model "
                                  "(no predicted_efficiency in the finding)");
    if (Lines.empty())
      continue;
    if (!AnyNotes)
      OS << "\nnotes:\n";
    AnyNotes = true;
    for (const std::string &L : Lines)
      OS << "  " << B.Site.Id << ": " << L << "\n";
  }
  writeFixItTable(OS, O);
  unsigned Compared = 0, Within = 0;
  for (const BranchComparison &B : O.Branches)
    if (B.SlowdownVerdict && *B.SlowdownVerdict != Verdict::Inconclusive) {
      ++Compared;
      Within += *B.SlowdownVerdict == Verdict::Confirmed;
    }
  OS << "\n"
     << O.Branches.size() << " branches: " << O.count(Verdict::Confirmed) << " confirmed, "
     << O.count(Verdict::Refuted) << " refuted, " << O.count(Verdict::Inconclusive)
     << " inconclusive";
  if (unsigned Split = O.arrivedSplit())
    OS << " (" << Split << " of them: lanes arrived split at a uniform test)";
  if (unsigned Diverged = O.uniformDiverged())
    OS << "; " << Diverged << " predicted uniform diverged";
  if (Compared)
    OS << "; first-lane slowdown within tolerance for " << Within << " of " << Compared;
  OS << "\n";
  if (!P.Skipped.empty()) {
    OS << "not instrumented:\n";
    for (const SkippedCondition &S : P.Skipped)
      OS << "  " << llvm::sys::path::filename(S.File) << ":" << S.Line << ":" << S.Column << " '"
         << S.Condition << "': " << S.Reason << "\n";
  }
  if (P.Ncu) {
    if (!O.Ncu.Ran) {
      OS << "ncu: " << O.Ncu.Error << "\n";
    } else {
      OS << "ncu (mean per launch: branch targets, divergent branch targets, active threads per "
            "warp instruction):\n";
      // One line per kernel, in first-launch order (programs launch the same kernel many times).
      std::vector<std::string> Order;
      std::map<std::string, std::pair<unsigned, std::map<std::string, double>>> ByKernel;
      for (const NcuKernel &K : O.Ncu.Kernels) {
        auto &[Launches, Sums] = ByKernel[K.Kernel];
        if (Launches++ == 0)
          Order.push_back(K.Kernel);
        for (const auto &[Metric, Value] : K.Metrics)
          Sums[Metric] += Value;
      }
      for (const std::string &Name : Order) {
        const auto &[Launches, Sums] = ByKernel[Name];
        auto Get = [&, N = Launches](const char *M) {
          auto It = Sums.find(M);
          return It == Sums.end() ? std::string("-") : fmt(It->second / N, "%.6g");
        };
        OS << "  " << Name << " (" << Launches << " launch" << (Launches == 1 ? "" : "es")
           << "): " << Get("smsp__sass_branch_targets.sum") << ", "
           << Get("smsp__sass_branch_targets_threads_divergent.sum") << ", "
           << Get("smsp__thread_inst_executed_per_inst_executed.ratio") << "\n";
      }
    }
  }
}

json confirmJson(const ConfirmPlan &P, const ConfirmOutcome &O) {
  json Branches = json::array();
  unsigned Compared = 0, Within = 0;
  std::map<OutputMatch, unsigned> FixItOutputs;
  unsigned FixIts = 0;
  for (const BranchComparison &B : O.Branches) {
    json Fixes = json::array();
    for (const FixItMeasurement &F : B.FixIts) {
      Fixes.push_back(fixItJson(F));
      ++FixIts;
      ++FixItOutputs[F.Outputs];
    }
    const ProbeSite &S = B.Site;
    const PredictedBranch &Pr = B.Predicted;
    const MeasuredBranch &M = B.Measured;
    const ProbeCounters &C = M.Counters;
    if (B.SlowdownVerdict && *B.SlowdownVerdict != Verdict::Inconclusive) {
      ++Compared;
      Within += *B.SlowdownVerdict == Verdict::Confirmed;
    }
    json Predicted = {
        {"class", uniformityName(Pr.Class).str()},
        {"extent", Pr.Ext ? json(extentName(*Pr.Ext).str()) : json(nullptr)},
        {"warps", Pr.DivergentWarps && Pr.TotalWarps
                      ? json{{"divergent", *Pr.DivergentWarps}, {"total", *Pr.TotalWarps}}
                      : json(nullptr)},
        {"split", Pr.TrueLanes && Pr.ActiveLanes
                      ? json{{"true_lanes", *Pr.TrueLanes}, {"active_lanes", *Pr.ActiveLanes}}
                      : json(nullptr)},
        {"efficiency", opt(B.PredictedEfficiency)},
        {"efficiency_source", nullIfEmpty(B.EfficiencySource)},
        {"slowdown", opt(B.PredictedSlowdown)},
        {"slowdown_source", nullIfEmpty(B.SlowdownSource)},
        {"predicted_efficiency", opt(Pr.Efficiency)},
        {"predicted_slowdown", opt(Pr.Slowdown)},
        {"predicted_kernel_slowdown", opt(Pr.KernelSlowdown)},
        {"block_shape", Pr.BlockShape},
        {"kernel", Pr.Kernel}};
    json Measured = {
        {"executions", M.Executions},
        {"divergent_executions", M.Divergent},
        {"divergent_fraction",
         M.Executions ? json(double(M.Divergent) / M.Executions) : json(nullptr)},
        {"class", M.Executions ? json(M.diverged() ? "lane-varying" : "uniform") : json(nullptr)},
        {"mean_active_lanes", M.MeanActiveLanes},
        {"mean_true_lanes", M.MeanTrueLanes},
        {"divergent_split", opt(M.DivergentSplit)},
        {"efficiency", opt(M.Efficiency)},
        {"arm_costs", {S.CostTrue, S.CostFalse}},
        {"slowdown", opt(M.Slowdown)},
        {"slowdown_noise", opt(M.SlowdownNoise)},
        {"uniformized", timingJson(M.Uniformized)},
        {"uniformized_problem", nullIfEmpty(M.UniformizedProblem)},
        {"outputs_differ", opt(M.OutputsDiffer)},
        {"counters",
         {{"execs", C.Execs}, {"divergent", C.Divergent}, {"active_lanes", C.ActiveLanes},
          {"true_lanes", C.TrueLanes}, {"any_true", C.AnyTrue}, {"any_false", C.AnyFalse},
          {"passes", C.Passes}, {"divergent_active_lanes", C.DivergentActive},
          {"divergent_true_lanes", C.DivergentTrue},
          {"split_arrivals", opt(C.SplitArrivals)},
          {"instance_divergent", opt(C.InstanceDivergent)}}},
        {"arrived_split", B.ArrivedSplit},
        {"instance_loops", S.InstanceLoops}};
    json Verdicts = {
        {"class", verdictName(B.ClassVerdict).str()},
        {"efficiency", verdictOrNull(B.EfficiencyVerdict)},
        {"slowdown", verdictOrNull(B.SlowdownVerdict)},
        {"overall", verdictName(B.Overall).str()}};
    Branches.push_back({{"id", S.Id},
                        {"file", S.File},
                        {"line", S.Line},
                        {"column", S.Column},
                        {"end_line", S.EndLine},
                        {"end_column", S.EndColumn},
                        {"offset", S.Offset},
                        {"length", S.Length},
                        {"construct", S.Construct},
                        {"condition", S.Condition},
                        {"function", S.Function},
                        {"predicted", Predicted},
                        {"measured", Measured},
                        {"verdict", Verdicts},
                        {"fixits", Fixes},
                        {"notes", B.Notes}});
  }
  json Skipped = json::array();
  for (const SkippedCondition &S : P.Skipped)
    Skipped.push_back({{"file", S.File}, {"line", S.Line}, {"column", S.Column},
                       {"condition", S.Condition}, {"reason", S.Reason}});
  json Ncu = nullptr;
  if (P.Ncu) {
    json Kernels = json::array();
    for (const NcuKernel &K : O.Ncu.Kernels)
      Kernels.push_back({{"kernel", K.Kernel}, {"metrics", K.Metrics}});
    Ncu = {{"ran", O.Ncu.Ran}, {"error", O.Ncu.Error.empty() ? json(nullptr) : json(O.Ncu.Error)},
           {"kernels", Kernels}};
  }
  json Launch = nullptr;
  if (P.Mode == PlanMode::Kernel)
    Launch = {{"grid", {P.Grid.X, P.Grid.Y, P.Grid.Z}},
              {"block", {P.Block.X, P.Block.Y, P.Block.Z}},
              {"shared_mem_bytes", P.SharedMemBytes},
              {"seed", P.Seed},
              {"args", P.ArgsDescribed},
              {"reps", P.Reps},
              {"warmup", P.Warmup}};
  return {{"version", 1},
          {"mode", P.Mode == PlanMode::Kernel ? "kernel" : "program"},
          {"source", P.Source},
          {"kernel", P.Mode == PlanMode::Kernel ? json(P.Kernel) : json(nullptr)},
          {"launch", Launch},
          {"program_args", P.ProgramArgs},
          {"device", O.Device},
          {"original", timingJson(O.Original)},
          {"tolerance",
           {{"slowdown", O.Tol.Slowdown},
            {"efficiency", O.Tol.Efficiency},
            {"output", O.Tol.Output}}},
          {"branches", Branches},
          {"summary",
           {{"branches", O.Branches.size()},
            {"confirmed", O.count(Verdict::Confirmed)},
            {"refuted", O.count(Verdict::Refuted)},
            {"inconclusive", O.count(Verdict::Inconclusive)},
            {"arrived_split", O.arrivedSplit()},
            {"uniform_diverged", O.uniformDiverged()},
            {"slowdown_compared", Compared},
            {"slowdown_within_tolerance", Within},
            {"fixits", FixIts},
            {"fixit_outputs_identical", FixItOutputs[OutputMatch::Identical]},
            {"fixit_outputs_within_tolerance", FixItOutputs[OutputMatch::WithinTolerance]},
            {"fixit_outputs_differ", FixItOutputs[OutputMatch::Differ]}}},
          {"skipped", Skipped},
          {"ncu", Ncu},
          {"problems", O.Problems},
          {"notes", O.Notes}};
}

} // namespace divlint::confirm
