//===- WorkerProcess.h - one translation unit in a child process -*- C++ -*-===//
//
// In a run over several translation units, each is analyzed by a child divlint (the same
// executable and arguments, plus hidden --divlint-worker-* options), so that a crash, a
// timeout or the memory limit in one unit loses only that unit: the parent reports it with its
// name (exit status 2 at the end) and still reports every other unit. The worker writes its
// result (JobResult.h) to a file the parent named; its own watchdog enforces --timeout and
// --memory-limit, ending the worker alone. A run with a line filter (--line-filter, --diff)
// writes the filter once to a temporary file that every worker reads: the parent has read the
// diff, perhaps from stdin, and the worker must keep exactly the same lines.
//
// A run over one unit stays in one process (nothing else to save, no process to start).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_WORKERPROCESS_H
#define DIVLINT_TOOLS_DIVLINT_WORKERPROCESS_H

#include "Options.h"
#include "TranslationUnitJob.h"

namespace divlint::tool {

/// Parent side: starts the worker processes of one run.
class WorkerLauncher {
public:
  /// Writes the run's line filter, if any, for the workers.
  explicit WorkerLauncher(const CommandLine &CL);
  /// Removes the line filter's file.
  ~WorkerLauncher();
  WorkerLauncher(const WorkerLauncher &) = delete;
  WorkerLauncher &operator=(const WorkerLauncher &) = delete;

  /// Analyzes \p Job in a worker process and fills its outputs; a worker that crashed or hit
  /// a limit makes \p Job a failed unit whose message says what happened. Thread-safe.
  void run(TranslationUnitJob &Job) const;

private:
  const CommandLine &CL;
  std::string FilterPath;    ///< the line filter for the workers (LineFilter::toCbor); or empty
  std::string FilterProblem; ///< why it could not be written; every unit fails with it
};

/// Worker side (CL.Worker is set): analyzes the one unit and writes its result; the exit
/// status (0 when the result was written).
int runWorker(const CommandLine &CL, const clang::tooling::CompilationDatabase &Compilations);

/// Testing only: crashes or hangs when \p Input contains the value of the environment
/// variable DIVLINT_TESTING_CRASH_ON or DIVLINT_TESTING_HANG_ON (lit tests of isolation).
void injectTestingFault(llvm::StringRef Input);

} // namespace divlint::tool

#endif
