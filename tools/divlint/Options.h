//===- Options.h - the divlint command line and per-file settings -*- C++ -*-===//
//
// The options of `divlint [options] FILE... [-- <compiler args>]` (llvm::cl, through clang
// tooling's CommonOptionsParser, which also reads -p and what follows `--`), parsed once into a
// CommandLine. Per input file, settingsFor() puts the options that a `.divlint.yaml` may also
// set on top of that file's configuration.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_OPTIONS_H
#define DIVLINT_TOOLS_DIVLINT_OPTIONS_H

#include "divlint/Analysis/FunctionAnalysis.h"
#include "divlint/Frontend/CudaFrontend.h"
#include "divlint/Report/LineFilter.h"
#include "divlint/Report/Report.h"
#include "divlint/Report/UnifiedDiff.h"
#include "divlint/Support/CachePruning.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <optional>
#include <string>

namespace divlint::tool {

/// How the results are written (read-only while jobs run).
struct OutputOptions {
  ReportFormat Format = ReportFormat::Text;
  bool Colors = false;
  bool ReportAll = false;
  std::string SarifRoot;
  bool WarningsAsErrors = false;
  bool Quiet = false; ///< --quiet: no divlint notes or progress on stderr
  bool KernelSummary = false; ///< --kernel-summary: a text note per kernel
};

/// --export-fixes and --fix.
struct FixRequest {
  std::string ExportPath;
  bool Apply = false;
  bool SimulateWriteError = false;
};

/// How translation units run: in parallel, each under a watchdog.
struct JobLimits {
  unsigned Jobs = 0; ///< 0: all cores
  unsigned TimeoutSeconds = 0;
  unsigned MemoryLimitMB = 0;
};

/// --compiled: check findings against the code nvcc emits (lib/Compiled).
struct CompiledOptions {
  bool Enabled = false;
  std::string GivenDisassembly; ///< --compiled-disassembly=FILE: nvdisasm's output, given
};

/// Reuse between runs (JobRunner.h): the result cache, on unless --no-cache.
struct ReuseOptions {
  bool Enabled = true;
  /// --cache-dir, else ResultCache::defaultDirectory() (empty when there is none)
  std::string CacheDir;
  CachePruningPolicy Pruning; ///< MaxBytes: --cache-size-limit
};

/// Set in a worker process, which analyzes one unit for its parent divlint (WorkerProcess.h).
struct WorkerRequest {
  std::string Input;      ///< the source, as the parent's input list names it
  std::string ResultPath; ///< where to write the result (JobResult.h)
};

/// What the command line asked for.
struct CommandLine {
  /// The inputs and their compile commands (-p BUILD_DIR, or the arguments after `--`).
  std::optional<clang::tooling::CommonOptionsParser> Parser;
  /// The -p value, when given.
  std::optional<std::string> BuildPath;
  OutputOptions Output;
  FixRequest Fixes;
  CudaFrontendOptions Frontend;
  CompiledOptions Compiled;
  JobLimits Limits;
  /// The lines whose findings are kept (--line-filter, --diff); null: every line.
  std::shared_ptr<const LineFilter> Lines;
  /// --diff: the files it changes and their added lines.
  std::optional<std::vector<ChangedFile>> Diff;
  ReuseOptions Reuse;
  std::optional<WorkerRequest> Worker;
  /// The arguments as given (argv[1..]), which a worker process is started with.
  std::vector<std::string> Arguments;
};

/// Parses the command line into \p CL. Returns the exit status when the command line alone
/// ends the run: an error (2, said on stderr) or --print-prelude (0). (--version and --help
/// exit in llvm::cl.)
std::optional<int> parseCommandLine(int Argc, const char **Argv, CommandLine &CL);

/// What one input file is analyzed and filtered with (command line over .divlint.yaml).
struct FileSettings {
  AnalysisOptions Analysis;
  std::string Checks = "*";
  Severity Min = Severity::Note;
  std::optional<llvm::Regex> Headers, ExcludeHeaders;
  std::shared_ptr<const LineFilter> Lines; ///< CommandLine::Lines (run-wide)
  /// Every setting above as text: what the result cache keys on (Lines, the same for every
  /// file of a run, is in JobRunner's run-wide part of the key).
  std::string Fingerprint;
};

/// The settings for one file: its .divlint.yaml, then the command line on top. An error
/// message that names an option (`--...`) is about the command line, not the file.
llvm::Expected<FileSettings> settingsFor(const std::string &Source);

} // namespace divlint::tool

#endif
