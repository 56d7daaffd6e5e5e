//===- CodeActions.h - fix-its and NOLINT as quick fixes -*- C++ -*-===//
//
// textDocument/codeAction for one finding: each of its fix-its (the warp-aligned remap) as a
// `quickfix` whose WorkspaceEdit carries the replacements, and "suppress with NOLINT" appending
// `// NOLINT(divlint-<rule>)` to the finding's line (Suppression.h reads it; several NOLINT
// comments on one line all count). Offsets are those of the analyzed text, so the server offers
// these only while the document is still that text. Not offered: a fix-it with a replacement in
// another file (its offsets are that file's, which the server does not hold), and NOLINT on a
// line continued with a backslash (a comment there would end a macro).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_CODEACTIONS_H
#define DIVLINT_TOOLS_DIVLINT_LSP_CODEACTIONS_H

#include "LineTable.h"
#include "divlint/Report/Finding.h"
#include "llvm/Support/JSON.h"

namespace divlint::lsp {

/// The CodeActions of \p F in \p Uri (analyzed text \p Text); \p Diagnostic: the one published
/// for it, which the actions fix.
std::vector<llvm::json::Value> codeActionsFor(const Finding &F, const LineTable &Text,
                                              llvm::StringRef Uri,
                                              const llvm::json::Value &Diagnostic);

/// The edit that suppresses \p F with NOLINT; nullopt where no comment may go.
std::optional<llvm::json::Value> noLintEdit(const Finding &F, const LineTable &Text);

} // namespace divlint::lsp

#endif
