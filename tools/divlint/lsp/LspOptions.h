//===- LspOptions.h - the command line of `divlint lsp` -*- C++ -*-===//
//
//   divlint lsp [--compile-commands-dir=DIR] [--debounce-ms=N] [divlint options] [-- <flags>]
//
// The server's own options are taken out here; every other argument is a divlint option
// (--block-dim, --checks, --config-file, --cuda-path, --no-cache, ...) parsed as the command
// line parses it and applied to every document; flags after `--` are the compile flags of files
// without a compile database. `--stdio` (which some clients add) is accepted and ignored.
// The server starts its analysis processes as `divlint lsp --lsp-worker` with its own arguments
// (AnalysisWorker.h).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_LSPOPTIONS_H
#define DIVLINT_TOOLS_DIVLINT_LSP_LSPOPTIONS_H

#include "llvm/Support/Error.h"
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace divlint::lsp {

struct LspOptions {
  std::string CompileCommandsDir;
  std::chrono::milliseconds Debounce{200};
  bool Help = false;
  bool Worker = false; ///< --lsp-worker: one analysis for a server (AnalysisWorker.h)
  /// The arguments every worker gets: the server's own options.
  std::vector<std::string> ServerArguments;
  /// The divlint options, for parseCommandLine.
  std::vector<std::string> DivlintArguments;
};

/// Parses `divlint lsp`'s arguments (\p Args: those after `lsp`).
llvm::Expected<LspOptions> parseLspOptions(const std::vector<std::string> &Args);

/// `divlint lsp --help`.
extern const char *const LspUsage;

} // namespace divlint::lsp

#endif
