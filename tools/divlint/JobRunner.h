//===- JobRunner.h - where a translation unit's result comes from -*- C++ -*-===//
//
// Each TranslationUnitJob of a run gets its result from, in order:
//  1. the result cache (ResultCache.h), when an earlier run analyzed the same file with the
//     same compile command, options, line filter and divlint build, and no file it read has
//     changed since;
//  2. a worker process (WorkerProcess.h), when the run has several units, so that one crash or
//     limit loses only that unit;
//  3. this process, under the watchdog, when it is the run's only unit.
// A result computed in 2 or 3 is stored in the cache when every file it read is known.
// Filtered runs (--line-filter, --diff) take the same paths. --no-cache turns the cache off,
// and so does --compiled; a cache directory that cannot be written is said once.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_JOBRUNNER_H
#define DIVLINT_TOOLS_DIVLINT_JOBRUNNER_H

#include "Options.h"
#include "TranslationUnitJob.h"
#include "WorkerProcess.h"
#include "divlint/Support/ResultCache.h"
#include <atomic>

namespace divlint::tool {

class JobRunner {
public:
  /// \p Isolate: each unit in its own worker process.
  JobRunner(const CommandLine &CL, const clang::tooling::CompilationDatabase &Compilations,
            const CudaSetup &Setup, bool Isolate);

  /// Fills \p Job's outputs; thread-safe.
  void run(TranslationUnitJob &Job);

private:
  const CommandLine &CL;
  const clang::tooling::CompilationDatabase &Compilations;
  const CudaSetup &Setup;
  std::optional<WorkerLauncher> Workers; ///< when each unit runs in a worker process
  std::optional<ResultCache> Cache;
  /// What every key shares: the divlint build, the CUDA setup, the output options, the line
  /// filter.
  std::string RunKey;
  std::atomic<bool> SaidCacheProblem{false};

  std::string cacheKey(const TranslationUnitJob &Job) const;
};

} // namespace divlint::tool

#endif
