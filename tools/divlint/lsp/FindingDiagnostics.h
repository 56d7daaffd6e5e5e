//===- FindingDiagnostics.h - findings as LSP diagnostics -*- C++ -*-===//
//
// One Diagnostic per finding the CLI would print: the same message (without the trailing
// `[divlint-<rule>]`, which is the `code`), the condition's range, severity error/warning/note as
// 1/2/3, `source` "divlint", `codeDescription.href` the rule's page, and the CLI's notes as
// `relatedInformation`: the why trace at its own places, then the lane map, the assumptions and
// the suggested rewrites at the condition.
//
// Rule pages: an installed divlint has them in <prefix>/share/doc/divlint/docs/rules (found
// beside the executable, <prefix>/bin/divlint); a build tree links to the source tree's
// docs/rules. Both as file:// URIs, which editors open as Markdown.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_FINDINGDIAGNOSTICS_H
#define DIVLINT_TOOLS_DIVLINT_LSP_FINDINGDIAGNOSTICS_H

#include "LineTable.h"
#include "divlint/Report/Finding.h"
#include "llvm/Support/JSON.h"

namespace divlint::lsp {

/// The LSP DiagnosticSeverity of a finding: Error 1, Warning 2, Information 3.
int lspSeverity(Severity S);

/// The condition's range in \p Text (its byte extent, else its line and columns).
Range findingRange(const Finding &F, const LineTable &Text);

/// The directory of the rule pages: \p Installed when it has them, else \p SourceTree.
std::string ruleDocsDirectory(llvm::StringRef Installed, llvm::StringRef SourceTree);

/// \p Executable's installed rule pages: <exe>/../share/doc/divlint/docs/rules.
std::string installedRuleDocs(llvm::StringRef Executable);

/// The Diagnostic of \p F, which is in the document \p Uri whose analyzed text is \p Text.
llvm::json::Value diagnosticFor(const Finding &F, const LineTable &Text, llvm::StringRef Uri,
                                llvm::StringRef RuleDocsDir);

/// A diagnostic that is not a finding (the file does not parse, the analysis failed).
llvm::json::Value toolDiagnostic(Range Where, int Severity, llvm::StringRef Code,
                                 llvm::StringRef Message);

} // namespace divlint::lsp

#endif
