//===- FixApplication.h - --fix and --export-fixes -*- C++ -*-===//
//
// --fix rewrites each file through a temporary file in the same directory that replaces the
// original only once it is completely written (rename), keeping the file's permissions; any
// failure leaves the original byte for byte as it was. Read-only files are refused.
// --export-fixes writes the YAML that clang-apply-replacements reads.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_FIXAPPLICATION_H
#define DIVLINT_FIXAPPLICATION_H

#include "divlint/Report/Finding.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace divlint {

struct FixOptions {
  /// Testing hook: fail after writing part of the temporary file (as a full disk would).
  bool SimulateWriteError = false;
};

/// Applies every replacement of \p Findings to its file. Returns the files changed; on an error
/// the file named in it is unchanged (other files may have been fixed already).
llvm::Expected<std::vector<std::string>> applyFixes(const std::vector<Finding> &Findings,
                                                    const FixOptions &Opts);

/// Writes the replacements as clang-apply-replacements YAML (TranslationUnitReplacements).
llvm::Error exportFixes(llvm::StringRef YamlPath, llvm::StringRef MainSourceFile,
                        const std::vector<Finding> &Findings);

} // namespace divlint

#endif
