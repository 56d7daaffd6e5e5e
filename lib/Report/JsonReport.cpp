#include "divlint/Report/Report.h"

#include <nlohmann/json.hpp>

namespace divlint {

bool isReported(const Finding &F, const ReportOptions &Opts) {
  return Opts.ReportAll || F.TheRule != Rule::UniformBranch;
}

namespace {

template <class T> nlohmann::json orNull(const std::optional<T> &V) {
  return V ? nlohmann::json(*V) : nlohmann::json(nullptr);
}

nlohmann::json findingJson(const Finding &F) {
  nlohmann::json J;
  J["file"] = F.File;
  J["line"] = F.Line;
  J["column"] = F.Column;
  J["end_line"] = F.EndLine;
  J["end_column"] = F.EndColumn;
  J["offset"] = F.Offset;
  J["length"] = F.Length;
  J["kernel"] = F.Kernel;
  J["kernels"] = F.Kernels;
  J["function"] = F.Function;
  J["rule"] = ruleName(F.TheRule).str();
  J["construct"] = F.Construct;
  J["class"] = uniformityName(F.Class).str();
  J["extent"] = F.Ext ? nlohmann::json(extentName(*F.Ext).str()) : nlohmann::json(nullptr);
  J["warps"] = F.DivergentWarps && F.TotalWarps
                   ? nlohmann::json{{"divergent", *F.DivergentWarps}, {"total", *F.TotalWarps}}
                   : nlohmann::json(nullptr);
  J["split"] = F.TrueLanes && F.ActiveLanes
                   ? nlohmann::json{{"true_lanes", *F.TrueLanes}, {"active_lanes", *F.ActiveLanes}}
                   : nlohmann::json(nullptr);
  J["predicted_efficiency"] = orNull(F.PredictedEfficiency);
  J["predicted_slowdown"] = orNull(F.PredictedSlowdown);
  J["predicted_kernel_slowdown"] = orNull(F.PredictedKernelSlowdown);
  auto Range = [](const std::optional<std::pair<double, double>> &R) {
    return R ? nlohmann::json::array({R->first, R->second}) : nlohmann::json(nullptr);
  };
  J["predicted_efficiency_range"] = Range(F.EfficiencyRange);
  J["predicted_slowdown_range"] = Range(F.SlowdownRange);
  J["predicted_kernel_slowdown_range"] = Range(F.KernelSlowdownRange);
  J["predicted_first_lane_slowdown"] = orNull(F.PredictedFirstLaneSlowdown);
  J["predicted_first_lane_kernel_slowdown"] = orNull(F.PredictedFirstLaneKernelSlowdown);
  // DESIGN §2's cT and cE, the weights of predicted_efficiency (null for uniform branches).
  J["arm_costs"] = F.ArmCostTrue && F.ArmCostFalse
                       ? nlohmann::json{{"true", *F.ArmCostTrue},
                                        {"false", *F.ArmCostFalse},
                                        {"ways", F.ArmWays}}
                       : nlohmann::json(nullptr);
  J["loop_depth"] = F.LoopDepth;
  J["likely_predicated"] = F.LikelyPredicated;
  J["score"] = F.Score;
  J["severity"] = severityName(F.Sev).str();
  J["message"] = F.Message;
  J["condition"] = F.ConditionText;
  J["block_shape"] = F.BlockShapeText;
  J["lane_map"] = F.LaneMap.empty() ? nlohmann::json(nullptr) : nlohmann::json(F.LaneMap);
  J["assumptions"] = F.Assumptions;
  nlohmann::json Why = nlohmann::json::array();
  for (const SourcePoint &P : F.Why)
    Why.push_back({{"line", P.Line}, {"column", P.Column}, {"text", P.Text}});
  J["why"] = Why;
  nlohmann::json Fixes = nlohmann::json::array();
  for (const FixSuggestion &Fix : F.Fixes) {
    nlohmann::json Reps = nlohmann::json::array();
    for (const Replacement &R : Fix.Replacements)
      Reps.push_back(
          {{"file", R.File}, {"offset", R.Offset}, {"length", R.Length}, {"text", R.Text}});
    nlohmann::json JFix = {{"description", Fix.Description}, {"replacements", Reps}};
    if (Fix.PredictedSpeedup)
      JFix["predicted_speedup"] = *Fix.PredictedSpeedup;
    Fixes.push_back(std::move(JFix));
  }
  J["fixes"] = Fixes;
  return J;
}

} // namespace

static nlohmann::json kernelJson(const KernelSummary &K) {
  nlohmann::json J;
  J["name"] = K.Name;
  J["qualified_name"] = K.QualifiedName;
  J["file"] = K.File;
  J["line"] = K.Line;
  J["column"] = K.Column;
  J["block_shapes"] = K.BlockShapes;
  // One of the two: a point where thread indices and shapes decide, else the range (and why).
  if (K.Efficiency)
    J["predicted_warp_execution_efficiency"] = *K.Efficiency;
  if (K.EfficiencyRange)
    J["predicted_warp_execution_efficiency_range"] =
        nlohmann::json::array({K.EfficiencyRange->first, K.EfficiencyRange->second});
  J["range_reasons"] = K.RangeReasons;
  J["cost"] = K.Cost;
  J["lane_varying_regions"] = K.LaneVaryingRegions;
  J["assumptions"] = K.Assumptions;
  return J;
}

std::string kernelSummaryJson(const KernelSummary &K) { return kernelJson(K).dump(); }

void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<ToolError> &Errors, const ReportOptions &Opts) {
  nlohmann::json Root;
  Root["version"] = 1;
  Root["findings"] = nlohmann::json::array();
  for (const Finding &F : Findings)
    if (isReported(F, Opts))
      Root["findings"].push_back(findingJson(F));
  Root["errors"] = nlohmann::json::array();
  for (const ToolError &E : Errors)
    Root["errors"].push_back({{"file", E.File}, {"message", E.Message}});
  Root["kernels"] = nlohmann::json::array();
  for (const KernelSummary &K : Opts.Kernels)
    Root["kernels"].push_back(kernelJson(K));
  // Conditions, messages and clang's errors quote the source, which need not be valid UTF-8
  // (a Latin-1 comment); the default handler throws on such bytes and aborts divlint.
  OS << Root.dump(2, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace)
     << "\n";
}

} // namespace divlint
