//===- Run.h - one divlint run: files, jobs, outputs -*- C++ -*-===//
//
// After the command line: which files (the sources named, or every CUDA file of -p's compile
// database), each checked and given its settings; one TranslationUnitJob per file, run in
// parallel under a watchdog and printed in input order; then the report (JSON, SARIF), the
// fixes (--export-fixes, --fix) and the exit status.
//
// Exit status: 0 no errors, 1 error findings (or warnings with --warnings-as-errors), 2 tool
// failure (bad arguments, unreadable file, parse failure, a --fix that could not be written).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_RUN_H
#define DIVLINT_TOOLS_DIVLINT_RUN_H

#include "Options.h"

namespace divlint::tool {

/// Analyzes what \p CL names and writes the results; the process's exit status.
int runAnalysis(CommandLine &CL);

} // namespace divlint::tool

#endif
