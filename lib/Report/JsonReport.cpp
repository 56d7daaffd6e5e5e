#include "divlint/Report/Report.h"

#include "divlint/Report/FindingSerialization.h"

#include <nlohmann/json.hpp>

namespace divlint {

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

llvm::Expected<KernelSummary> kernelSummaryFromJson(llvm::StringRef Text) {
  try {
    nlohmann::json J = nlohmann::json::parse(Text.begin(), Text.end());
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

bool isReported(const Finding &F, const ReportOptions &Opts) {
  return Opts.ReportAll || F.TheRule != Rule::UniformBranch;
}

void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<ToolError> &Errors, const ReportOptions &Opts) {
  nlohmann::json Root;
  Root["version"] = 1;
  Root["findings"] = nlohmann::json::array();
  for (const Finding &F : Findings)
    if (isReported(F, Opts))
      Root["findings"].push_back(findingToJson(F));
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
