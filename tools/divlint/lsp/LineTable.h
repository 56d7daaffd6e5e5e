//===- LineTable.h - byte offsets and LSP positions of one text -*- C++ -*-===//
//
// divlint's findings name places by byte offset and by 1-based line and byte column (clang's);
// the protocol by 0-based line and UTF-16 code unit (the encoding every client supports). A
// LineTable converts between them for the text that was analyzed. Bytes that are not valid
// UTF-8 count as one code unit each; offsets past a line's end clamp to it.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_LINETABLE_H
#define DIVLINT_TOOLS_DIVLINT_LSP_LINETABLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace divlint::lsp {

struct Position {
  unsigned Line = 0;      ///< 0-based
  unsigned Character = 0; ///< UTF-16 code units from the line's start
};

struct Range {
  Position Start, End;
};

llvm::json::Value toJSON(const Position &P);
llvm::json::Value toJSON(const Range &R);
bool fromJSON(const llvm::json::Value &V, Position &P, llvm::json::Path Path);
bool fromJSON(const llvm::json::Value &V, Range &R, llvm::json::Path Path);

class LineTable {
public:
  explicit LineTable(std::string Text);

  Position positionOf(size_t Offset) const;
  /// clang's 1-based line and byte column.
  Position positionOf(unsigned Line, unsigned Column) const;
  /// The byte offset of \p P (clamped to its line's end and to the text).
  size_t offsetOf(Position P) const;
  /// The byte offset of a 1-based line's end (before its line break); the text's end past it.
  size_t lineEndOffset(unsigned Line) const;
  /// A 1-based line's text, without its line break.
  llvm::StringRef lineText(unsigned Line) const;
  unsigned lineCount() const { return static_cast<unsigned>(Starts.size()); }
  const std::string &text() const { return Text; }

private:
  std::string Text;
  std::vector<size_t> Starts; ///< byte offset of each line's first character
};

} // namespace divlint::lsp

#endif
