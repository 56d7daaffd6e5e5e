#include "divlint/Confirm/ConfirmPlan.h"

#include <algorithm>

using nlohmann::json;

namespace divlint::confirm {

llvm::StringRef variantRoleName(VariantRole R) {
  switch (R) {
  case VariantRole::Original: return "original";
  case VariantRole::Probe: return "probe";
  case VariantRole::Uniform: return "uniform";
  case VariantRole::Unprobed: return "unprobed";
  case VariantRole::FixIt: return "fixit";
  case VariantRole::Floor: return "floor";
  }
  return "original";
}

const Variant *ConfirmPlan::variant(llvm::StringRef Name) const {
  for (const Variant &V : Variants)
    if (V.Name == Name)
      return &V;
  return nullptr;
}

bool ConfirmPlan::inScope(const ProbeSite &P) const {
  if (Mode != PlanMode::Kernel)
    return true;
  for (const PredictedBranch &B : P.Predictions)
    if (B.Kernel == Kernel)
      return true;
  return false;
}

bool ConfirmPlan::hasFixIts() const {
  return std::any_of(Variants.begin(), Variants.end(),
                     [](const Variant &V) { return V.Role == VariantRole::FixIt; });
}

void addKernelVariants(ConfirmPlan &P, bool Counterfactuals, bool FixIts) {
  P.Variants.push_back({"original", VariantRole::Original, -1, std::nullopt, std::nullopt});
  P.Variants.push_back({"probe", VariantRole::Probe, -1, std::nullopt, std::nullopt});
  std::vector<Variant> Fixed;
  for (const ProbeSite &S : P.Probes) {
    const PredictedBranch *Pred = S.prediction(P.Kernel);
    if (!P.inScope(S) || !Pred || Pred->Class != Uniformity::LaneVarying)
      continue;
    if (Counterfactuals)
      P.Variants.push_back({"uniform-" + std::to_string(S.Id), VariantRole::Uniform, int(S.Id),
                            S.Id, std::nullopt});
    if (!FixIts)
      continue;
    bool Predicts = std::any_of(S.FixIts.begin(), S.FixIts.end(),
                                [](const FixSuggestion &F) { return F.PredictedSpeedup; });
    if (Predicts && S.FalseSkipsRegion)
      P.Variants.push_back({"floor-" + std::to_string(S.Id), VariantRole::Floor, -1, S.Id,
                            std::nullopt});
    for (unsigned I = 0; I < S.FixIts.size(); ++I)
      Fixed.push_back({"fixit-" + std::to_string(S.Id) +
                           (S.FixIts.size() > 1 ? "-" + std::to_string(I) : std::string()),
                       VariantRole::FixIt, -1, S.Id, I});
  }
  if (Fixed.empty())
    return;
  P.Variants.push_back({"unprobed", VariantRole::Unprobed, -1, std::nullopt, std::nullopt});
  P.Variants.insert(P.Variants.end(), Fixed.begin(), Fixed.end());
}

namespace {

template <class T> json opt(const std::optional<T> &V) { return V ? json(*V) : json(nullptr); }

template <class T> void get(const json &J, const char *Key, std::optional<T> &Out) {
  auto It = J.find(Key);
  if (It != J.end() && !It->is_null())
    Out = It->get<T>();
}

json predictionJson(const PredictedBranch &P) {
  return {{"kernel", P.Kernel},
          {"function", P.Function},
          {"class", uniformityName(P.Class).str()},
          {"extent", P.Ext ? json(extentName(*P.Ext).str()) : json(nullptr)},
          {"divergent_warps", opt(P.DivergentWarps)},
          {"total_warps", opt(P.TotalWarps)},
          {"true_lanes", opt(P.TrueLanes)},
          {"active_lanes", opt(P.ActiveLanes)},
          {"predicted_efficiency", opt(P.Efficiency)},
          {"predicted_slowdown", opt(P.Slowdown)},
          {"predicted_kernel_slowdown", opt(P.KernelSlowdown)},
          {"predicted_regrouped_slowdown", opt(P.RegroupedSlowdown)},
          {"predicted_regrouped_kernel_slowdown", opt(P.RegroupedKernelSlowdown)},
          {"block_shape", P.BlockShape},
          {"likely_predicated", P.LikelyPredicated},
          {"assumptions", P.Assumptions}};
}

PredictedBranch predictionFrom(const json &J) {
  PredictedBranch P;
  P.Kernel = J.value("kernel", "");
  P.Function = J.value("function", "");
  if (auto C = parseUniformity(J.value("class", "lane-varying")))
    P.Class = *C;
  if (J.contains("extent") && J["extent"].is_string())
    for (Extent E : {Extent::Tail, Extent::Partial, Extent::EveryWarp, Extent::DataDependent})
      if (extentName(E) == J["extent"].get<std::string>())
        P.Ext = E;
  get(J, "divergent_warps", P.DivergentWarps);
  get(J, "total_warps", P.TotalWarps);
  get(J, "true_lanes", P.TrueLanes);
  get(J, "active_lanes", P.ActiveLanes);
  get(J, "predicted_efficiency", P.Efficiency);
  get(J, "predicted_slowdown", P.Slowdown);
  get(J, "predicted_kernel_slowdown", P.KernelSlowdown);
  get(J, "predicted_regrouped_slowdown", P.RegroupedSlowdown);
  get(J, "predicted_regrouped_kernel_slowdown", P.RegroupedKernelSlowdown);
  P.BlockShape = J.value("block_shape", "");
  P.LikelyPredicated = J.value("likely_predicated", false);
  P.Assumptions = J.value("assumptions", std::vector<std::string>{});
  return P;
}

FixSuggestion fixItFrom(const json &J) {
  FixSuggestion F;
  F.Description = J.value("description", "");
  for (const json &R : J.value("replacements", json::array()))
    F.Replacements.push_back({R.value("file", ""), R.value("offset", 0u), R.value("length", 0u),
                              R.value("text", "")});
  get(J, "predicted_speedup", F.PredictedSpeedup);
  return F;
}

json probeJson(const ProbeSite &P) {
  json Preds = json::array(), Fixes = json::array();
  for (const PredictedBranch &B : P.Predictions)
    Preds.push_back(predictionJson(B));
  for (const FixSuggestion &F : P.FixIts)
    Fixes.push_back(fixItToJson(F));
  return {{"id", P.Id},
          {"kind", P.Kind == ProbeKind::Switch ? "switch" : "branch"},
          {"file", P.File},
          {"rel_path", P.RelPath},
          {"line", P.Line},
          {"column", P.Column},
          {"end_line", P.EndLine},
          {"end_column", P.EndColumn},
          {"offset", P.Offset},
          {"length", P.Length},
          {"construct", P.Construct},
          {"condition", P.Condition},
          {"function", P.Function},
          {"cost_true", P.CostTrue},
          {"cost_false", P.CostFalse},
          {"cost_shared", P.CostShared},
          {"false_skips_region", P.FalseSkipsRegion},
          {"instance_loops", P.InstanceLoops},
          {"predictions", Preds},
          {"fixits", Fixes}};
}

ProbeSite probeFrom(const json &J) {
  ProbeSite P;
  P.Id = J.value("id", 0u);
  P.Kind = J.value("kind", "branch") == "switch" ? ProbeKind::Switch : ProbeKind::Branch;
  P.File = J.value("file", "");
  P.RelPath = J.value("rel_path", "");
  P.Line = J.value("line", 0u);
  P.Column = J.value("column", 0u);
  P.EndLine = J.value("end_line", 0u);
  P.EndColumn = J.value("end_column", 0u);
  P.Offset = J.value("offset", 0u);
  P.Length = J.value("length", 0u);
  P.Construct = J.value("construct", "");
  P.Condition = J.value("condition", "");
  P.Function = J.value("function", "");
  P.CostTrue = J.value("cost_true", 1.0);
  P.CostFalse = J.value("cost_false", 1.0);
  P.CostShared = J.value("cost_shared", 0.0);
  P.FalseSkipsRegion = J.value("false_skips_region", false);
  P.InstanceLoops = J.value("instance_loops", 0u);
  for (const json &B : J.value("predictions", json::array()))
    P.Predictions.push_back(predictionFrom(B));
  for (const json &F : J.value("fixits", json::array()))
    P.FixIts.push_back(fixItFrom(F));
  return P;
}

json dimJson(const Dim3 &D) { return json::array({D.X, D.Y, D.Z}); }
Dim3 dimFrom(const json &J) {
  Dim3 D;
  if (J.is_array() && J.size() == 3)
    D = {J[0].get<unsigned>(), J[1].get<unsigned>(), J[2].get<unsigned>()};
  return D;
}

} // namespace

json fixItToJson(const FixSuggestion &F) {
  json Reps = json::array();
  for (const Replacement &R : F.Replacements)
    Reps.push_back(
        {{"file", R.File}, {"offset", R.Offset}, {"length", R.Length}, {"text", R.Text}});
  json J = {{"description", F.Description}, {"replacements", Reps}};
  if (F.PredictedSpeedup)
    J["predicted_speedup"] = *F.PredictedSpeedup;
  return J;
}

json planToJson(const ConfirmPlan &P) {
  json Probes = json::array(), Skipped = json::array(), Variants = json::array();
  for (const ProbeSite &S : P.Probes)
    Probes.push_back(probeJson(S));
  for (const SkippedCondition &S : P.Skipped)
    Skipped.push_back({{"file", S.File},
                       {"line", S.Line},
                       {"column", S.Column},
                       {"condition", S.Condition},
                       {"reason", S.Reason}});
  for (const Variant &V : P.Variants)
    Variants.push_back({{"name", V.Name},
                        {"role", variantRoleName(V.Role).str()},
                        {"uniform_id", V.UniformId},
                        {"probe_id", opt(V.ProbeId)},
                        {"fix_index", opt(V.FixIndex)}});
  return {{"version", 1},
          {"mode", P.Mode == PlanMode::Kernel ? "kernel" : "program"},
          {"source", P.Source},
          {"source_root", P.SourceRoot},
          {"main", P.MainRelPath},
          {"probes", Probes},
          {"skipped", Skipped},
          {"variants", Variants},
          {"kernel", P.Kernel},
          {"grid", dimJson(P.Grid)},
          {"block", dimJson(P.Block)},
          {"shared_mem_bytes", P.SharedMemBytes},
          {"seed", P.Seed},
          {"args", P.ArgsDescribed},
          {"reps", P.Reps},
          {"warmup", P.Warmup},
          {"program_args", P.ProgramArgs},
          {"arch", P.Arch},
          {"nvcc_args", P.NvccArgs},
          {"analysis_args", P.AnalysisArgs},
          {"timeout_s", P.TimeoutSeconds},
          {"ncu", P.Ncu}};
}

llvm::Expected<ConfirmPlan> planFromJson(const json &J) {
  try {
    if (!J.is_object() || J.value("version", 0) != 1)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "not a divlint confirm plan (version 1)");
    ConfirmPlan P;
    P.Mode = J.value("mode", "kernel") == "program" ? PlanMode::Program : PlanMode::Kernel;
    P.Source = J.value("source", "");
    P.SourceRoot = J.value("source_root", "");
    P.MainRelPath = J.value("main", "");
    for (const json &S : J.value("probes", json::array()))
      P.Probes.push_back(probeFrom(S));
    for (const json &S : J.value("skipped", json::array()))
      P.Skipped.push_back({S.value("file", ""), S.value("line", 0u), S.value("column", 0u),
                           S.value("condition", ""), S.value("reason", "")});
    for (const json &V : J.value("variants", json::array())) {
      Variant Var;
      Var.Name = V.value("name", "");
      std::string Role = V.value("role", "original");
      for (VariantRole R : {VariantRole::Original, VariantRole::Probe, VariantRole::Uniform,
                            VariantRole::Unprobed, VariantRole::FixIt, VariantRole::Floor})
        if (variantRoleName(R) == Role)
          Var.Role = R;
      Var.UniformId = V.value("uniform_id", -1);
      get(V, "probe_id", Var.ProbeId);
      get(V, "fix_index", Var.FixIndex);
      P.Variants.push_back(Var);
    }
    P.Kernel = J.value("kernel", "");
    P.Grid = dimFrom(J.value("grid", json()));
    P.Block = dimFrom(J.value("block", json()));
    P.SharedMemBytes = J.value("shared_mem_bytes", 0u);
    P.Seed = J.value("seed", uint64_t(1));
    P.ArgsDescribed = J.value("args", std::vector<std::string>{});
    P.Reps = J.value("reps", 20u);
    P.Warmup = J.value("warmup", 3u);
    P.ProgramArgs = J.value("program_args", std::vector<std::string>{});
    P.Arch = J.value("arch", "native");
    P.NvccArgs = J.value("nvcc_args", std::vector<std::string>{});
    P.AnalysisArgs = J.value("analysis_args", std::vector<std::string>{});
    P.TimeoutSeconds = J.value("timeout_s", 120u);
    P.Ncu = J.value("ncu", false);
    return P;
  } catch (const json::exception &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   std::string("malformed plan: ") + E.what());
  }
}

} // namespace divlint::confirm
