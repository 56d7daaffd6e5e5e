//===- UnifiedDiff.h - the lines a unified diff adds -*- C++ -*-===//
//
// `git diff -U0 | divlint --diff` reports only findings on lines the diff adds or changes, as
// clang-tidy-diff.py does. This reads the diff: for every file it leaves in place (`+++ b/x.cu`,
// not `/dev/null`), the path with the first N components stripped (patch -pN) and the lines of
// the new file that are `+` lines of a hunk. Context lines (any -U) are not changes.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_REPORT_UNIFIEDDIFF_H
#define DIVLINT_REPORT_UNIFIEDDIFF_H

#include "divlint/Report/LineFilter.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace divlint {

/// One file of a diff and the lines of its new version that the diff adds.
struct ChangedFile {
  std::string Path; ///< as in the `+++` line, minus the stripped components
  std::vector<LineFilter::LineRange> AddedLines; ///< sorted, adjacent lines merged
};

/// Parses a unified diff (git diff, diff -u, any -U). Files whose new version is /dev/null
/// (deleted) and files without added lines are left out. An error names the diff's line and
/// what is wrong (a hunk outside a file, a bad hunk header, a hunk shorter than its header says,
/// a path with fewer than \p Strip directories).
llvm::Expected<std::vector<ChangedFile>> parseUnifiedDiff(llvm::StringRef Diff, unsigned Strip);

/// The line filter that keeps the findings on the added lines of \p Files (longer paths first,
/// so that the most specific one decides). \p Files must not be empty: an empty filter keeps
/// everything.
LineFilter lineFilterFor(const std::vector<ChangedFile> &Files);

} // namespace divlint

#endif
