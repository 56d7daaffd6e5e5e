//===- FindingDiagnostics.cpp - findings as LSP diagnostics --------------===//

#include "FindingDiagnostics.h"

#include "Protocol.h"
#include "Uri.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace divlint::lsp {

using llvm::json::Array;
using llvm::json::Object;

int lspSeverity(Severity S) {
  switch (S) {
  case Severity::Error: return 1;
  case Severity::Warning: return 2;
  case Severity::Note: return 3;
  }
  return 2;
}

Range findingRange(const Finding &F, const LineTable &Text) {
  if (F.Length)
    return {Text.positionOf(F.Offset), Text.positionOf(F.Offset + F.Length)};
  Position Start = Text.positionOf(F.Line, F.Column);
  if (!F.EndLine)
    return {Start, Start};
  Position End = Text.positionOf(F.EndLine, F.EndColumn + 1); // EndColumn is inclusive
  return {Start, End};
}

std::string installedRuleDocs(llvm::StringRef Executable) {
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(llvm::sys::path::parent_path(
      Executable)));
  llvm::sys::path::append(Dir, "share", "doc", "divlint");
  llvm::sys::path::append(Dir, "docs", "rules");
  return std::string(Dir);
}

std::string ruleDocsDirectory(llvm::StringRef Installed, llvm::StringRef SourceTree) {
  if (!Installed.empty() && llvm::sys::fs::is_directory(Installed))
    return Installed.str();
  return SourceTree.str();
}

namespace {

Object relatedAt(llvm::StringRef Uri, Range Where, std::string Message) {
  return Object{{"location", Object{{"uri", Uri.str()}, {"range", toJSON(Where)}}},
                {"message", std::move(Message)}};
}

} // namespace

llvm::json::Value diagnosticFor(const Finding &F, const LineTable &Text, llvm::StringRef Uri,
                                llvm::StringRef RuleDocsDir) {
  Range Where = findingRange(F, Text);
  std::string Rule = ruleName(F.TheRule).str();
  Array Related;
  for (const SourcePoint &P : F.Why) {
    Position At = Text.positionOf(P.Line, P.Column);
    Related.push_back(relatedAt(Uri, {At, At}, jsonText(P.Text)));
  }
  if (!F.LaneMap.empty())
    Related.push_back(relatedAt(Uri, Where,
                                "lanes 0-" + std::to_string(F.LaneMap.size() - 1) +
                                    " of one diverging warp: " + F.LaneMap));
  for (const std::string &A : F.Assumptions)
    Related.push_back(relatedAt(Uri, Where, jsonText("assuming " + A)));
  for (const FixSuggestion &Fix : F.Fixes)
    Related.push_back(relatedAt(Uri, Where, jsonText("suggested rewrite: " + Fix.Description)));
  llvm::SmallString<256> Doc(RuleDocsDir);
  llvm::sys::path::append(Doc, Rule + ".md");
  Object D{{"range", toJSON(Where)},
           {"severity", lspSeverity(F.Sev)},
           {"code", Rule},
           {"codeDescription", Object{{"href", uriFromPath(Doc)}}},
           {"source", "divlint"},
           {"message", jsonText(F.Message)}};
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

llvm::json::Value toolDiagnostic(Range Where, int Severity, llvm::StringRef Code,
                                 llvm::StringRef Message) {
  return Object{{"range", toJSON(Where)},
                {"severity", Severity},
                {"code", Code.str()},
                {"source", "divlint"},
                {"message", jsonText(Message.str())}};
}

} // namespace divlint::lsp
