#include "divlint/Report/Report.h"

#include "divlint/Report/FindingSerialization.h"

#include <nlohmann/json.hpp>

namespace divlint {

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
    Root["kernels"].push_back(kernelSummaryToJson(K));
  // Conditions, messages and clang's errors quote the source, which need not be valid UTF-8
  // (a Latin-1 comment); the default handler throws on such bytes and aborts divlint.
  OS << Root.dump(2, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace)
     << "\n";
}

} // namespace divlint
