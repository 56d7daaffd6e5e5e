//===- LspMain.h - `divlint lsp` -*- C++ -*-===//
//
// The language server (Server.h) on stdin/stdout, or, with --lsp-worker-*, one analysis for it
// (AnalysisWorker.h). While serving, stdout carries only protocol messages: anything else the
// process would print there goes to stderr, which clients show as the server's log.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_LSPMAIN_H
#define DIVLINT_TOOLS_DIVLINT_LSP_LSPMAIN_H

namespace divlint::lsp {

/// `divlint lsp ARGS...`: \p Argv[0] is "lsp"; the exit status.
int runLsp(int Argc, const char **Argv);

} // namespace divlint::lsp

#endif
