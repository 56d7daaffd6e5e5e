//===- AnalysisWorker.h - one document's analysis in a child process -*- C++ -*-===//
//
// Each analysis runs in a child `divlint lsp --lsp-worker` (with the server's arguments). The
// server starts the next child before it is needed: the child parses the options and finds
// the CUDA installation, then waits on its stdin (a socket) for the request: the document's
// path, where to write the result, and its text. It parses the text under the document's own
// path (so that its #includes, compile command and .divlint.yaml are the file's) through the
// command line's TranslationUnitJob, and writes the result (JobResult.h) to the file named. A
// crash, the --timeout or the --memory-limit ends only the child, and an edit that supersedes
// the analysis kills it (clang cannot be interrupted mid-parse; a process can).
//
// A text equal to the file on disk goes through the command line's JobRunner and so the result
// cache (reopening a file, saving it, is answered from the cache); an unsaved text is never
// cached (the cache checks files on disk). Both use the precompiled CUDA headers.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_ANALYSISWORKER_H
#define DIVLINT_TOOLS_DIVLINT_LSP_ANALYSISWORKER_H

#include "LspOptions.h"
#include "../TranslationUnitJob.h"
#include "llvm/Support/Program.h"
#include <cstdint>
#include <memory>
#include <string>

namespace divlint::lsp {

/// One version of one document to analyze.
struct AnalysisRequest {
  std::string Uri;
  std::string Path; ///< absolute
  int64_t Version = 0;
  std::string Text;
};

/// How the server starts workers: the executable and the arguments after `lsp`.
struct WorkerCommand {
  std::string Executable;
  std::vector<std::string> Arguments;
};

/// A worker process (server side): started, then given one request.
class AnalysisProcess {
public:
  /// Starts a worker that waits for its request; null (and \p Error) when none could start.
  static std::unique_ptr<AnalysisProcess> start(const WorkerCommand &Command, std::string &Error);
  ~AnalysisProcess(); ///< kills the process if it still runs, removes its files
  AnalysisProcess(const AnalysisProcess &) = delete;
  AnalysisProcess &operator=(const AnalysisProcess &) = delete;

  /// Hands the worker its request; false when it can no longer take one (it ended).
  bool send(const AnalysisRequest &R);
  /// Whether the process has ended (does not block); then \p Job has its result, or is a
  /// failed unit whose ParseMessage says why (a crash, a limit).
  bool poll(tool::TranslationUnitJob &Job);
  /// Ends the process now (a newer version supersedes it).
  void kill();
  /// The CPU seconds (user and system) the process used, once it has ended.
  double cpuSeconds() const { return CpuSeconds; }

private:
  AnalysisProcess() = default;
  llvm::sys::ProcessInfo Process;
  int Request = -1; ///< the server's end of the worker's stdin
  bool Running = false;
  double CpuSeconds = 0;
  std::string Path, ResultFile, StderrFile;
};

/// Worker side: waits for one request on stdin, analyzes it and writes the result; the exit
/// status (0 when the result was written).
int runAnalysisWorker(const LspOptions &Options);

} // namespace divlint::lsp

#endif
