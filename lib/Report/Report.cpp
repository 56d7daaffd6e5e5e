#include "divlint/Report/Report.h"

#include "llvm/ADT/StringSwitch.h"

namespace divlint {

std::optional<ReportFormat> parseReportFormat(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<ReportFormat>>(Name)
      .Case("text", ReportFormat::Text)
      .Case("json", ReportFormat::Json)
      .Case("sarif", ReportFormat::Sarif)
      .Default(std::nullopt);
}

std::string reportFormatNames() { return "text, json, sarif"; }

void writeReport(llvm::raw_ostream &OS, ReportFormat Format, const std::vector<Finding> &Findings,
                 const std::vector<ToolError> &Errors, const ReportOptions &Opts) {
  switch (Format) {
  case ReportFormat::Text:
    writeText(OS, Findings, Opts);
    return;
  case ReportFormat::Json:
    writeJson(OS, Findings, Errors, Opts);
    return;
  case ReportFormat::Sarif:
    writeSarif(OS, Findings, Errors, Opts);
    return;
  }
}

} // namespace divlint
