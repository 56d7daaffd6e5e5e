//===- TranslationUnitJob.h - parse and analyze one input file -*- C++ -*-===//
//
// One translation unit of the command line: parsed with its own clang::tooling::ClangTool (so
// that units can run in parallel), analyzed (Pipeline/TranslationUnitAnalysis.h), its findings
// filtered (rules, severity, headers, NOLINT) and, for text output, rendered as clang
// diagnostics while the unit's SourceManager is alive. Everything it produces stays in the job
// until the run prints it, in input order.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_TRANSLATIONUNITJOB_H
#define DIVLINT_TOOLS_DIVLINT_TRANSLATIONUNITJOB_H

#include "Options.h"
#include "divlint/Compiled/CompiledFacts.h"
#include "divlint/Frontend/CudaFrontend.h"
#include "divlint/Report/Finding.h"
#include "divlint/Report/Report.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <string>
#include <vector>

namespace divlint::tool {

class CountingDiagnostics;

/// Part of a unit's text output: one finding's diagnostics (Place: its findingPlace, so that a
/// header line several units reach is printed once per run), or other text (Place empty).
struct TextPiece {
  std::string Place;
  Severity Sev = Severity::Note;
  std::string Text;
};

/// One translation unit: what to analyze, and everything it produced (kept apart so that
/// translation units can run in parallel and still print in a fixed order).
struct TranslationUnitJob {
  std::string Input; ///< the source path as given (or as the compile database names it)
  FileSettings Settings;
  /// The source's text when it is not the file on disk (an editor's unsaved buffer, `divlint
  /// lsp`): parsed in place of the file, under its name.
  std::optional<std::string> UnsavedText;
  std::vector<Finding> Findings;
  std::vector<KernelSummary> Kernels; ///< of the main file (and the headers findings come from)
  std::vector<TextPiece> Text; ///< rendered diagnostics (text format), in order
  std::string ClangErrors; ///< clang's own diagnostics (parse errors)
  unsigned DeviceFunctions = 0;
  std::vector<std::string> NotAnalyzed; ///< device functions clang marked invalid
  /// No usable result: parse errors, or (run in a worker process) the worker crashed or hit
  /// a limit. ParseMessage says why.
  bool ParseFailed = false;
  std::string ParseMessage;
  /// Every file the parse read (absolute paths), for the result cache; Reusable is false when
  /// the list is incomplete (the parse stopped early, or an #include was not found: a file
  /// that appears later would change the result).
  std::vector<std::string> Dependencies;
  bool Reusable = false;
  CountingDiagnostics *Diags = nullptr; ///< the parse's diagnostics (while it runs)
  /// --compiled: how to get the compiled code's line table (Source and Flags are filled in
  /// from the compile command), and the table once read.
  std::optional<CompiledRequest> Compiled;
  std::optional<SassLineTable> CompiledTable;
};

/// --compiled: the arch and CUDA installation parsed for, the given disassembly, and the cache
/// (--cache-dir, else the result cache's directory; none with --no-cache).
CompiledRequest compiledRequestFor(const CommandLine &CL);

/// Parses and analyzes one translation unit; thread-safe (its own ClangTool and file manager).
void runJob(TranslationUnitJob &Job, const clang::tooling::CompilationDatabase &Compilations,
            const CudaSetup &Setup, const OutputOptions &Out);

} // namespace divlint::tool

#endif
