//===- JobResult.cpp - a translation unit's result as bytes ---------------===//
//
// CBOR, not JSON text: the rendered diagnostics and clang's errors quote the source, whose
// bytes need not be UTF-8, and CBOR strings carry any bytes unchanged.
//
//===----------------------------------------------------------------------===//

#include "JobResult.h"

#include "divlint/Report/FindingSerialization.h"
#include <nlohmann/json.hpp>

namespace divlint::tool {

using nlohmann::json;

std::string serializeJobResult(const TranslationUnitJob &Job) {
  json Findings = json::array();
  for (const Finding &F : Job.Findings)
    Findings.push_back(serializeFinding(F));
  json Kernels = json::array();
  for (const KernelSummary &K : Job.Kernels)
    Kernels.push_back(kernelSummaryToJson(K));
  json Text = json::array();
  for (const TextPiece &P : Job.Text)
    Text.push_back({{"place", P.Place}, {"severity", static_cast<int>(P.Sev)}, {"text", P.Text}});
  json J = {{"findings", std::move(Findings)},
            {"kernels", std::move(Kernels)},
            {"text", std::move(Text)},
            {"clang_errors", Job.ClangErrors},
            {"device_functions", Job.DeviceFunctions},
            {"not_analyzed", Job.NotAnalyzed},
            {"parse_failed", Job.ParseFailed},
            {"parse_message", Job.ParseMessage},
            {"dependencies", Job.Dependencies},
            {"reusable", Job.Reusable}};
  std::vector<uint8_t> Bytes = json::to_cbor(J);
  return std::string(Bytes.begin(), Bytes.end());
}

bool deserializeJobResult(llvm::StringRef Bytes, TranslationUnitJob &Job) {
  json J = json::from_cbor(Bytes.begin(), Bytes.end(), /*strict=*/true,
                           /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object())
    return false;
  TranslationUnitJob R;
  try {
    for (const json &F : J.at("findings")) {
      auto Finding = deserializeFinding(F);
      if (!Finding) {
        llvm::consumeError(Finding.takeError());
        return false;
      }
      R.Findings.push_back(std::move(*Finding));
    }
    for (const json &K : J.at("kernels")) {
      auto Kernel = kernelSummaryFromJson(K);
      if (!Kernel) {
        llvm::consumeError(Kernel.takeError());
        return false;
      }
      R.Kernels.push_back(std::move(*Kernel));
    }
    for (const json &P : J.at("text"))
      R.Text.push_back({P.at("place").get<std::string>(),
                        static_cast<Severity>(P.at("severity").get<int>()),
                        P.at("text").get<std::string>()});
    R.ClangErrors = J.at("clang_errors").get<std::string>();
    R.DeviceFunctions = J.at("device_functions").get<unsigned>();
    R.NotAnalyzed = J.at("not_analyzed").get<std::vector<std::string>>();
    R.ParseFailed = J.at("parse_failed").get<bool>();
    R.ParseMessage = J.at("parse_message").get<std::string>();
    R.Dependencies = J.at("dependencies").get<std::vector<std::string>>();
    R.Reusable = J.at("reusable").get<bool>();
  } catch (const json::exception &) {
    return false;
  }
  Job.Findings = std::move(R.Findings);
  Job.Kernels = std::move(R.Kernels);
  Job.Text = std::move(R.Text);
  Job.ClangErrors = std::move(R.ClangErrors);
  Job.DeviceFunctions = R.DeviceFunctions;
  Job.NotAnalyzed = std::move(R.NotAnalyzed);
  Job.ParseFailed = R.ParseFailed;
  Job.ParseMessage = std::move(R.ParseMessage);
  Job.Dependencies = std::move(R.Dependencies);
  Job.Reusable = R.Reusable;
  return true;
}

} // namespace divlint::tool
