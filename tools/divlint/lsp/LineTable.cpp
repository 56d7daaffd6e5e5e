//===- LineTable.cpp - byte offsets and LSP positions of one text ---------===//

#include "LineTable.h"

#include <algorithm>

namespace divlint::lsp {

using llvm::json::Value;

Value toJSON(const Position &P) {
  return llvm::json::Object{{"line", P.Line}, {"character", P.Character}};
}

Value toJSON(const Range &R) {
  return llvm::json::Object{{"start", toJSON(R.Start)}, {"end", toJSON(R.End)}};
}

bool fromJSON(const Value &V, Position &P, llvm::json::Path Path) {
  llvm::json::ObjectMapper O(V, Path);
  return O && O.map("line", P.Line) && O.map("character", P.Character);
}

bool fromJSON(const Value &V, Range &R, llvm::json::Path Path) {
  llvm::json::ObjectMapper O(V, Path);
  return O && O.map("start", R.Start) && O.map("end", R.End);
}

LineTable::LineTable(std::string TheText) : Text(std::move(TheText)) {
  Starts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(I + 1);
}

namespace {

/// UTF-16 code units of the UTF-8 bytes \p S (a 4-byte sequence is a surrogate pair).
unsigned utf16Length(llvm::StringRef S) {
  unsigned Units = 0;
  for (size_t I = 0; I < S.size();) {
    unsigned char C = S[I];
    size_t Bytes = C < 0x80 ? 1 : (C >> 5) == 0x6 ? 2 : (C >> 4) == 0xE ? 3 : (C >> 3) == 0x1E ? 4 : 1;
    bool Valid = I + Bytes <= S.size();
    for (size_t K = 1; Valid && K < Bytes; ++K)
      Valid = (static_cast<unsigned char>(S[I + K]) & 0xC0) == 0x80;
    if (!Valid)
      Bytes = 1;
    Units += Bytes == 4 ? 2 : 1;
    I += Bytes;
  }
  return Units;
}

} // namespace

size_t LineTable::lineEndOffset(unsigned Line) const {
  if (Line == 0 || Line > Starts.size())
    return Text.size();
  size_t End = Line < Starts.size() ? Starts[Line] - 1 : Text.size();
  if (End > Starts[Line - 1] && Text[End - 1] == '\r' && End < Text.size())
    --End; // a \r\n line break
  return End;
}

llvm::StringRef LineTable::lineText(unsigned Line) const {
  if (Line == 0 || Line > Starts.size())
    return "";
  return llvm::StringRef(Text).slice(Starts[Line - 1], lineEndOffset(Line));
}

Position LineTable::positionOf(size_t Offset) const {
  Offset = std::min(Offset, Text.size());
  size_t Line = std::upper_bound(Starts.begin(), Starts.end(), Offset) - Starts.begin() - 1;
  llvm::StringRef Before = llvm::StringRef(Text).slice(Starts[Line], Offset);
  return {static_cast<unsigned>(Line), utf16Length(Before)};
}

Position LineTable::positionOf(unsigned Line, unsigned Column) const {
  if (Line == 0)
    return {0, 0};
  if (Line > Starts.size())
    return positionOf(Text.size());
  size_t Start = Starts[Line - 1];
  size_t Offset = std::min(Start + (Column ? Column - 1 : 0), lineEndOffset(Line));
  return positionOf(Offset);
}

size_t LineTable::offsetOf(Position P) const {
  if (P.Line >= Starts.size())
    return Text.size();
  size_t Offset = Starts[P.Line], End = lineEndOffset(P.Line + 1);
  // Walk the line's characters until P.Character code units are behind.
  unsigned Units = 0;
  while (Offset < End && Units < P.Character) {
    size_t Next = Offset + 1;
    while (Next < End && (static_cast<unsigned char>(Text[Next]) & 0xC0) == 0x80)
      ++Next;
    Units += utf16Length(llvm::StringRef(Text).slice(Offset, Next));
    Offset = Next;
  }
  return Offset;
}

} // namespace divlint::lsp
