//===- CodeActions.cpp - fix-its and NOLINT as quick fixes ----------------===//

#include "CodeActions.h"

#include "Protocol.h"

namespace divlint::lsp {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

Value textEdit(Range Where, std::string NewText) {
  return Object{{"range", toJSON(Where)}, {"newText", jsonText(std::move(NewText))}};
}

Value quickFix(std::string Title, llvm::StringRef Uri, Array Edits, const Value &Diagnostic,
               bool Preferred) {
  Object Changes;
  Changes[Uri.str()] = std::move(Edits);
  Object Action{{"title", jsonText(std::move(Title))},
                {"kind", "quickfix"},
                {"diagnostics", Array{Diagnostic}},
                {"edit", Object{{"changes", std::move(Changes)}}}};
  if (Preferred)
    Action["isPreferred"] = true;
  return Action;
}

/// "warp-aligned remap: read threadIdx.x ..." -> "warp-aligned remap".
std::string shortName(llvm::StringRef Description) {
  llvm::StringRef Head = Description.split(':').first.trim();
  return Head.size() > 60 ? Head.take_front(57).str() + "..." : Head.str();
}

} // namespace

std::optional<Value> noLintEdit(const Finding &F, const LineTable &Text) {
  if (F.Line == 0 || F.Line > Text.lineCount())
    return std::nullopt;
  llvm::StringRef Line = Text.lineText(F.Line);
  if (Line.rtrim().ends_with("\\"))
    return std::nullopt;
  size_t End = Text.lineEndOffset(F.Line);
  Position At = Text.positionOf(End);
  std::string Comment = "// NOLINT(divlint-" + ruleName(F.TheRule).str() + ")";
  bool Space = !Line.empty() && !llvm::StringRef(" \t").contains(Line.back());
  return textEdit({At, At}, (Space ? " " : "") + Comment);
}

std::vector<Value> codeActionsFor(const Finding &F, const LineTable &Text, llvm::StringRef Uri,
                                  const Value &Diagnostic) {
  std::vector<Value> Actions;
  bool First = true;
  for (const FixSuggestion &Fix : F.Fixes) {
    if (Fix.Replacements.empty())
      continue; // advice only
    Array Edits;
    bool Local = true;
    for (const Replacement &R : Fix.Replacements) {
      Local &= R.File == F.File;
      Edits.push_back(textEdit({Text.positionOf(R.Offset), Text.positionOf(R.Offset + R.Length)},
                               R.Text));
    }
    if (!Local)
      continue;
    Actions.push_back(quickFix("divlint: apply the " + shortName(Fix.Description), Uri,
                               std::move(Edits), Diagnostic, /*Preferred=*/First));
    First = false;
  }
  if (std::optional<Value> Edit = noLintEdit(F, Text))
    Actions.push_back(quickFix("divlint: suppress with // NOLINT(divlint-" +
                                   ruleName(F.TheRule).str() + ")",
                               Uri, Array{std::move(*Edit)}, Diagnostic, /*Preferred=*/false));
  return Actions;
}

} // namespace divlint::lsp
