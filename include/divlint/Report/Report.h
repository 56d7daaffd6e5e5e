//===- Report.h - rendering findings as text and JSON -*- C++ -*-===//
#ifndef DIVLINT_REPORT_H
#define DIVLINT_REPORT_H

#include "divlint/Report/Finding.h"
#include "divlint/Report/KernelSummary.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint {

struct ReportOptions {
  bool ReportAll = false; ///< include uniform branches (rule uniform-branch)
  /// SARIF: the directory `%SRCROOT%` stands for; file URIs are relative to it (empty: the
  /// current directory). Files outside it get absolute file:// URIs.
  std::string SarifRoot;
  /// The kernels analyzed, with their predicted warp execution efficiency: JSON `kernels`, a
  /// SARIF run property `kernels`.
  std::vector<KernelSummary> Kernels;
};

/// Whether a finding is shown at all under \p Opts.
bool isReported(const Finding &F, const ReportOptions &Opts);

/// The JSON contract of shared/spec/README.md: {"version":1,"findings":[...],"errors":[...]},
/// plus `kernels` (Opts.Kernels).
void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<ToolError> &Errors, const ReportOptions &Opts);

/// SARIF 2.1.0 (one run, one rule per diagnostic kind, `%SRCROOT%`-relative URIs, UTF-16
/// columns); tool errors become invocations[0].toolExecutionNotifications.
void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<ToolError> &Errors, const ReportOptions &Opts);

/// The output formats --format accepts.
enum class ReportFormat { Text, Json, Sarif };
std::optional<ReportFormat> parseReportFormat(llvm::StringRef Name);
/// Names of the formats, for help and error messages ("text, json, sarif").
std::string reportFormatNames();

/// Renders findings (and tool errors) in \p Format.
void writeReport(llvm::raw_ostream &OS, ReportFormat Format, const std::vector<Finding> &Findings,
                 const std::vector<ToolError> &Errors, const ReportOptions &Opts);

/// One line per finding (`file:line:col: warning: ... [divlint-rule]`), why-notes and lane map.
void writeText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const ReportOptions &Opts);

/// `file:line:col: note: kernel 'k' (block 256x1x1): predicted warp execution efficiency 0.5
/// [divlint-kernel-summary]` (--kernel-summary).
std::string kernelSummaryNote(const KernelSummary &K);

} // namespace divlint

#endif
