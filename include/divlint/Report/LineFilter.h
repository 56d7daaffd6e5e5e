//===- LineFilter.h - keep findings on chosen lines only -*- C++ -*-===//
//
// clang-tidy's --line-filter, for divlint: a list of files, each with the line ranges whose
// findings are kept. The JSON is clang-tidy's own:
//
//   [{"name":"file.cu","lines":[[1,3],[5,5]]},{"name":"other.h"}]
//
// and so is the matching (ClangTidyDiagnosticConsumer::passesLineFilter): the first entry whose
// name is a suffix of the finding's path decides; an entry without "lines" keeps every line of
// its file; a file no entry names keeps nothing; an empty list keeps everything. `--diff` builds
// one from a unified diff (UnifiedDiff.h).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_REPORT_LINEFILTER_H
#define DIVLINT_REPORT_LINEFILTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <utility>
#include <vector>

namespace divlint {

struct Finding;

class LineFilter {
public:
  /// Lines [First, Last], both included, 1-based.
  using LineRange = std::pair<unsigned, unsigned>;
  struct FileLines {
    std::string Name;              ///< matched as a suffix of the finding's path
    std::vector<LineRange> Lines;  ///< empty: every line
  };

  LineFilter() = default;
  explicit LineFilter(std::vector<FileLines> Files) : Files(std::move(Files)) {}

  /// Parses clang-tidy's --line-filter JSON; an error says what is wrong and where.
  static llvm::Expected<LineFilter> fromJson(llvm::StringRef Json);

  /// The filter as bytes: the JSON above, encoded as CBOR (JSON text cannot carry a diff's
  /// paths, which are bytes, not necessarily UTF-8). The same filter always gives the same
  /// bytes, and different filters different bytes.
  std::string toCbor() const;
  /// Reads what toCbor() wrote; an error when \p Bytes are not such a filter.
  static llvm::Expected<LineFilter> fromCbor(llvm::StringRef Bytes);

  /// Whether a finding at \p Line of \p Path is kept. \p Path is compared as given; callers
  /// pass an absolute path so that any trailing part of it (`src/k.cu`, `k.cu`) can match.
  bool keeps(llvm::StringRef Path, unsigned Line) const;

  /// Whether finding \p F is kept: its line, in its file made absolute (findings name files as
  /// the user or clang did, often relative to the current directory).
  bool keeps(const Finding &F) const;

  const std::vector<FileLines> &files() const { return Files; }

private:
  std::vector<FileLines> Files;
};

} // namespace divlint

#endif
