//===- WrittenText.cpp - the source text of an expression as written -----===//

#include "divlint/Support/WrittenText.h"

#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;

namespace divlint {

/// Where \p R is spelled when it is one argument of a macro, both ends in the same file.
static std::optional<CharSourceRange> argumentSpelling(SourceRange R, const SourceManager &SM) {
  SourceLocation B = R.getBegin(), E = R.getEnd();
  if (!B.isMacroID() || !E.isMacroID() || !SM.isMacroArgExpansion(B) ||
      !SM.isMacroArgExpansion(E))
    return std::nullopt;
  // Both ends in the same invocation: a condition that spans two arguments (`M(a, b)` built as
  // `a < b`) is the macro's, not one argument.
  if (SM.getImmediateExpansionRange(B).getBegin() != SM.getImmediateExpansionRange(E).getBegin())
    return std::nullopt;
  SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(E);
  if (SB.isMacroID() || SE.isMacroID() || SM.getFileID(SB) != SM.getFileID(SE) ||
      SM.getFileOffset(SE) < SM.getFileOffset(SB))
    return std::nullopt;
  return CharSourceRange::getTokenRange(SB, SE);
}

std::string writtenText(SourceRange R, const SourceManager &SM, const LangOptions &LO,
                        size_t MaxChars) {
  CharSourceRange CR = SM.getExpansionRange(CharSourceRange::getTokenRange(R));
  if (std::optional<CharSourceRange> Arg = argumentSpelling(R, SM))
    CR = *Arg;
  llvm::StringRef Text = Lexer::getSourceText(CR, SM, LO);
  std::string Out;
  Out.reserve(Text.size());
  bool Space = false;
  for (char C : Text) {
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out.push_back(' ');
    Space = false;
    Out.push_back(C);
  }
  if (MaxChars && Out.size() > MaxChars)
    Out = Out.substr(0, MaxChars - 3) + "...";
  return Out;
}

} // namespace divlint
