//===- FindingSerialization.cpp - Finding <-> JSON, losslessly ------------===//

#include "divlint/Report/FindingSerialization.h"

#include <cmath>

namespace divlint {

using nlohmann::json;

namespace {

template <class T> json orNull(const std::optional<T> &V) {
  return V ? json(*V) : json(nullptr);
}

json rangeOrNull(const std::optional<std::pair<double, double>> &R) {
  return R ? json::array({R->first, R->second}) : json(nullptr);
}

/// The enumerator of \p Count values whose name is \p Name (names come from the same
/// functions that wrote them).
template <class E, class NameFn>
E enumNamed(const json &J, unsigned Count, NameFn Name) {
  std::string Text = J.get<std::string>();
  for (unsigned I = 0; I < Count; ++I)
    if (Name(static_cast<E>(I)) == Text)
      return static_cast<E>(I);
  throw std::invalid_argument("unknown name '" + Text + "'");
}

template <class T> std::optional<T> optionalOf(const json &J) {
  if (J.is_null())
    return std::nullopt;
  return J.get<T>();
}

/// A double the report wrote (JSON has no NaN or infinity; they were written as null).
double doubleOf(const json &J) { return J.is_null() ? std::nan("") : J.get<double>(); }

std::optional<std::pair<double, double>> rangeOf(const json &J) {
  if (J.is_null())
    return std::nullopt;
  return std::make_pair(doubleOf(J.at(0)), doubleOf(J.at(1)));
}

} // namespace

json findingToJson(const Finding &F) {
  json J;
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
  J["extent"] = F.Ext ? json(extentName(*F.Ext).str()) : json(nullptr);
  J["warps"] = F.DivergentWarps && F.TotalWarps
                   ? json{{"divergent", *F.DivergentWarps}, {"total", *F.TotalWarps}}
                   : json(nullptr);
  J["split"] = F.TrueLanes && F.ActiveLanes
                   ? json{{"true_lanes", *F.TrueLanes}, {"active_lanes", *F.ActiveLanes}}
                   : json(nullptr);
  J["predicted_efficiency"] = orNull(F.PredictedEfficiency);
  J["predicted_slowdown"] = orNull(F.PredictedSlowdown);
  J["predicted_kernel_slowdown"] = orNull(F.PredictedKernelSlowdown);
  J["predicted_efficiency_range"] = rangeOrNull(F.EfficiencyRange);
  J["predicted_slowdown_range"] = rangeOrNull(F.SlowdownRange);
  J["predicted_kernel_slowdown_range"] = rangeOrNull(F.KernelSlowdownRange);
  J["predicted_first_lane_slowdown"] = orNull(F.PredictedFirstLaneSlowdown);
  J["predicted_first_lane_kernel_slowdown"] = orNull(F.PredictedFirstLaneKernelSlowdown);
  // DESIGN §2's cT and cE, the weights of predicted_efficiency (null for uniform branches).
  J["arm_costs"] = F.ArmCostTrue && F.ArmCostFalse
                       ? json{{"true", *F.ArmCostTrue}, {"false", *F.ArmCostFalse},
                              {"shared", F.ArmCostShared}, {"ways", F.ArmWays}}
                       : json(nullptr);
  J["loop_depth"] = F.LoopDepth;
  J["likely_predicated"] = F.LikelyPredicated;
  if (!F.Compiled.empty())
    J["compiled"] = F.Compiled;
  J["score"] = F.Score;
  J["severity"] = severityName(F.Sev).str();
  J["message"] = F.Message;
  J["condition"] = F.ConditionText;
  J["block_shape"] = F.BlockShapeText;
  J["lane_map"] = F.LaneMap.empty() ? json(nullptr) : json(F.LaneMap);
  J["assumptions"] = F.Assumptions;
  json Why = json::array();
  for (const SourcePoint &P : F.Why)
    Why.push_back({{"line", P.Line}, {"column", P.Column}, {"text", P.Text}});
  J["why"] = Why;
  json Fixes = json::array();
  for (const FixSuggestion &Fix : F.Fixes) {
    json Reps = json::array();
    for (const Replacement &R : Fix.Replacements)
      Reps.push_back(
          {{"file", R.File}, {"offset", R.Offset}, {"length", R.Length}, {"text", R.Text}});
    json JFix = {{"description", Fix.Description}, {"replacements", Reps}};
    if (Fix.PredictedSpeedup)
      JFix["predicted_speedup"] = *Fix.PredictedSpeedup;
    Fixes.push_back(std::move(JFix));
  }
  J["fixes"] = Fixes;
  return J;
}

json serializeFinding(const Finding &F) {
  json J = findingToJson(F);
  // The report shows these only in pairs (warps, split, arm_costs); kept one by one here.
  J["exact"] = {{"divergent_warps", orNull(F.DivergentWarps)},
                {"total_warps", orNull(F.TotalWarps)},
                {"true_lanes", orNull(F.TrueLanes)},
                {"active_lanes", orNull(F.ActiveLanes)},
                {"arm_cost_true", orNull(F.ArmCostTrue)},
                {"arm_cost_false", orNull(F.ArmCostFalse)},
                {"arm_cost_shared", F.ArmCostShared},
                {"arm_ways", F.ArmWays}};
  return J;
}

llvm::Expected<Finding> deserializeFinding(const json &J) {
  try {
    Finding F;
    F.File = J.at("file").get<std::string>();
    F.Line = J.at("line").get<unsigned>();
    F.Column = J.at("column").get<unsigned>();
    F.EndLine = J.at("end_line").get<unsigned>();
    F.EndColumn = J.at("end_column").get<unsigned>();
    F.Offset = J.at("offset").get<unsigned>();
    F.Length = J.at("length").get<unsigned>();
    F.Kernel = J.at("kernel").get<std::string>();
    F.Kernels = J.at("kernels").get<std::vector<std::string>>();
    F.Function = J.at("function").get<std::string>();
    F.TheRule = enumNamed<Rule>(J.at("rule"), 5, ruleName);
    F.Construct = J.at("construct").get<std::string>();
    F.Class = enumNamed<Uniformity>(J.at("class"), 3, uniformityName);
    if (!J.at("extent").is_null())
      F.Ext = enumNamed<Extent>(J.at("extent"), 4, extentName);
    const json &Exact = J.at("exact");
    F.DivergentWarps = optionalOf<unsigned>(Exact.at("divergent_warps"));
    F.TotalWarps = optionalOf<unsigned>(Exact.at("total_warps"));
    F.TrueLanes = optionalOf<unsigned>(Exact.at("true_lanes"));
    F.ActiveLanes = optionalOf<unsigned>(Exact.at("active_lanes"));
    F.ArmCostTrue = optionalOf<double>(Exact.at("arm_cost_true"));
    F.ArmCostFalse = optionalOf<double>(Exact.at("arm_cost_false"));
    F.ArmCostShared = Exact.at("arm_cost_shared").get<double>();
    F.ArmWays = Exact.at("arm_ways").get<unsigned>();
    F.PredictedEfficiency = optionalOf<double>(J.at("predicted_efficiency"));
    F.PredictedSlowdown = optionalOf<double>(J.at("predicted_slowdown"));
    F.PredictedKernelSlowdown = optionalOf<double>(J.at("predicted_kernel_slowdown"));
    F.EfficiencyRange = rangeOf(J.at("predicted_efficiency_range"));
    F.SlowdownRange = rangeOf(J.at("predicted_slowdown_range"));
    F.KernelSlowdownRange = rangeOf(J.at("predicted_kernel_slowdown_range"));
    F.PredictedFirstLaneSlowdown = optionalOf<double>(J.at("predicted_first_lane_slowdown"));
    F.PredictedFirstLaneKernelSlowdown =
        optionalOf<double>(J.at("predicted_first_lane_kernel_slowdown"));
    F.LoopDepth = J.at("loop_depth").get<unsigned>();
    F.LikelyPredicated = J.at("likely_predicated").get<bool>();
    if (J.contains("compiled"))
      F.Compiled = J.at("compiled").get<std::string>();
    F.Score = doubleOf(J.at("score"));
    F.Sev = enumNamed<Severity>(J.at("severity"), 3, severityName);
    F.Message = J.at("message").get<std::string>();
    F.ConditionText = J.at("condition").get<std::string>();
    F.BlockShapeText = J.at("block_shape").get<std::string>();
    if (!J.at("lane_map").is_null())
      F.LaneMap = J.at("lane_map").get<std::string>();
    F.Assumptions = J.at("assumptions").get<std::vector<std::string>>();
    for (const json &P : J.at("why"))
      F.Why.push_back({P.at("line").get<unsigned>(), P.at("column").get<unsigned>(),
                       P.at("text").get<std::string>()});
    for (const json &Fix : J.at("fixes")) {
      FixSuggestion S;
      S.Description = Fix.at("description").get<std::string>();
      for (const json &R : Fix.at("replacements"))
        S.Replacements.push_back({R.at("file").get<std::string>(), R.at("offset").get<unsigned>(),
                                  R.at("length").get<unsigned>(), R.at("text").get<std::string>()});
      if (Fix.contains("predicted_speedup"))
        S.PredictedSpeedup = doubleOf(Fix.at("predicted_speedup"));
      F.Fixes.push_back(std::move(S));
    }
    return F;
  } catch (const std::exception &E) {
    return llvm::createStringError(std::errc::invalid_argument, "not a serialized finding: %s",
                                   E.what());
  }
}

nlohmann::json kernelSummaryToJson(const KernelSummary &K) {
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

llvm::Expected<KernelSummary> kernelSummaryFromJson(const nlohmann::json &J) {
  try {
    KernelSummary K;
    K.Name = J.at("name").get<std::string>();
    K.QualifiedName = J.at("qualified_name").get<std::string>();
    K.File = J.at("file").get<std::string>();
    K.Line = J.at("line").get<unsigned>();
    K.Column = J.at("column").get<unsigned>();
    K.BlockShapes = J.at("block_shapes").get<std::vector<std::string>>();
    if (J.contains("predicted_warp_execution_efficiency"))
      K.Efficiency = J.at("predicted_warp_execution_efficiency").get<double>();
    if (J.contains("predicted_warp_execution_efficiency_range")) {
      const nlohmann::json &R = J.at("predicted_warp_execution_efficiency_range");
      K.EfficiencyRange = std::make_pair(R.at(0).get<double>(), R.at(1).get<double>());
    }
    K.RangeReasons = J.at("range_reasons").get<std::vector<std::string>>();
    K.Cost = J.at("cost").get<double>();
    K.LaneVaryingRegions = J.at("lane_varying_regions").get<unsigned>();
    K.Assumptions = J.at("assumptions").get<std::vector<std::string>>();
    return K;
  } catch (const std::exception &E) {
    return llvm::createStringError(std::errc::invalid_argument, "not a kernel summary: %s",
                                   E.what());
  }
}

} // namespace divlint
