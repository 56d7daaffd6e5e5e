//===- Config.h - .divlint.yaml and the filters it sets -*- C++ -*-===//
//
// A `.divlint.yaml` in the source file's directory or any parent configures a project:
//
//   Checks: 'divlint-*,-divlint-uniform-branch'   # globs, later ones win, '-' disables
//   BlockDim: '256'                                # as --block-dim
//   WarpSize: 32
//   MinSeverity: warning                           # note | warning | error
//   HeaderFilter: 'include/.*'                     # regex of headers whose findings to show
//                                                  # (default '.*': every non-system header)
//   ExcludeHeaderFilter: 'third_party/.*'          # regex of headers whose findings to hide
//
// Command-line options win over the file. `--config-file=PATH` names the file instead of the
// search. As in clang-tidy, run-wide options (--line-filter, --diff, --quiet, --format, -p, -j,
// limits) are command-line only.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIG_H
#define DIVLINT_CONFIG_H

#include "divlint/Report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace divlint {

struct FileConfig {
  std::optional<std::string> Checks;
  std::optional<std::string> BlockDim;
  std::optional<unsigned> WarpSize;
  std::optional<std::string> MinSeverity;
  std::optional<double> WarningSlowdown;      ///< --warning-slowdown
  std::optional<double> WarningWorstSlowdown; ///< --warning-worst-slowdown
  std::optional<std::string> HeaderFilter;
  std::optional<std::string> ExcludeHeaderFilter;
  std::string Path; ///< the file it came from (empty: none found)
};

/// Parses the text of a .divlint.yaml.
llvm::Expected<FileConfig> parseConfig(llvm::StringRef Text, llvm::StringRef Path);
/// The nearest .divlint.yaml above \p SourcePath (an empty config if there is none).
llvm::Expected<FileConfig> findConfig(llvm::StringRef SourcePath);
/// The configuration in \p Path (--config-file): an error when it is missing or invalid.
llvm::Expected<FileConfig> loadConfigFile(llvm::StringRef Path);

/// Whether \p Checks ("divlint-*,-divlint-uniform-branch") enables rule \p R.
bool checkEnabled(llvm::StringRef Checks, Rule R);
std::optional<Severity> parseSeverity(llvm::StringRef Name);

} // namespace divlint

#endif
