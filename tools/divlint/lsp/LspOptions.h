//===- LspOptions.h - the command line of `divlint lsp` -*- C++ -*-===//
//
//   divlint lsp [--compile-commands-dir=DIR] [--debounce-ms=N] [divlint options] [-- <flags>]
//
// The server's own options are taken out here; every other argument is a divlint option
// (--block-dim, --checks, --config-file, --cuda-path, --no-cache, ...) parsed as the command
// line parses it and applied to every document; flags after `--` are the compile flags of files
// without a compile database. `--stdio` (which some clients add) is accepted and ignored.
// The server starts each analysis as `divlint lsp --lsp-worker-source=... --lsp-worker-text=...
// --lsp-worker-result=...` with its own arguments.
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

/// A worker process's one analysis (AnalysisWorker.h).
struct WorkerPaths {
  std::string Source; ///< the document's path (absolute)
  std::string Text;   ///< a file holding the document's text
  std::string Result; ///< where to write the result
};

struct LspOptions {
  std::string CompileCommandsDir;
  std::chrono::milliseconds Debounce{200};
  bool Help = false;
  std::optional<WorkerPaths> Worker;
  /// The arguments every worker gets: the server's own options (not the worker paths).
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
