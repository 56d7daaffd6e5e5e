//===- ClangDiagnostics.h - findings as clang diagnostics -*- C++ -*-===//
//
// The text front end: each finding becomes a diagnostic of clang's own engine, so it prints as
// `file:line:col: warning: <message> [divlint-<rule>]` with the source line, a caret and the
// condition's range, notes for the why trace, the lane map and assumptions, and `note: suggested
// rewrite` with fix-it hints. Needs the SourceManager of the translation unit the findings came
// from, so it runs while that TU is alive.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CLANGDIAGNOSTICS_H
#define DIVLINT_CLANGDIAGNOSTICS_H

#include "divlint/Report/Finding.h"
#include "divlint/Report/Report.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace clang {
class SourceManager;
class LangOptions;
} // namespace clang

namespace divlint {

struct DiagnosticCounts {
  unsigned Errors = 0, Warnings = 0, Notes = 0;
};

/// \p Ends, if given, gets per finding the offset in \p OS (OS.tell()) where its diagnostics
/// end (a finding that is not reported ends where the one before it does).
DiagnosticCounts emitClangDiagnostics(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                                      clang::SourceManager &SM, const clang::LangOptions &LO,
                                      bool Colors, const ReportOptions &Opts,
                                      std::vector<uint64_t> *Ends = nullptr);

} // namespace divlint

#endif
