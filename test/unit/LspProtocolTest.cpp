//===- LspProtocolTest.cpp - messages, positions, URIs and conversions of divlint lsp ===//

#include "lsp/CodeActions.h"
#include "lsp/CompileCommandsLocator.h"
#include "lsp/Documents.h"
#include "lsp/FindingDiagnostics.h"
#include "lsp/Hover.h"
#include "lsp/LineTable.h"
#include "lsp/LspOptions.h"
#include "lsp/Protocol.h"
#include "lsp/Uri.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <fstream>

using namespace divlint;
using namespace divlint::lsp;
using llvm::json::Value;

namespace {

Value parse(llvm::StringRef Text) {
  auto V = llvm::json::parse(Text);
  EXPECT_TRUE(bool(V));
  return V ? std::move(*V) : Value(nullptr);
}

std::string print(const Value &V) {
  std::string S;
  llvm::raw_string_ostream(S) << V;
  return S;
}

} // namespace

TEST(LspProtocol, ClassifiesMessages) {
  ParsedMessage R = parseMessage(parse(R"({"jsonrpc":"2.0","id":3,"method":"m","params":{"a":1}})"));
  EXPECT_EQ(R.What, ParsedMessage::Request);
  EXPECT_EQ(R.Method, "m");
  EXPECT_EQ(print(R.Id), "3");
  EXPECT_EQ(print(R.Params), R"({"a":1})");
  EXPECT_EQ(parseMessage(parse(R"({"id":"s","method":"m"})")).What, ParsedMessage::Request);
  EXPECT_EQ(parseMessage(parse(R"({"method":"n"})")).What, ParsedMessage::Notification);
  EXPECT_EQ(parseMessage(parse(R"({"id":4,"result":null})")).What, ParsedMessage::Response);
  ParsedMessage NoMethod = parseMessage(parse(R"({"id":5})"));
  EXPECT_EQ(NoMethod.What, ParsedMessage::Invalid);
  EXPECT_EQ(print(NoMethod.Id), "5"); // the error reply names it
  EXPECT_EQ(parseMessage(parse(R"({"id":1,"method":7})")).Problem, "\"method\" must be a string");
  EXPECT_EQ(parseMessage(parse(R"({"id":[1],"method":"m"})")).What, ParsedMessage::Invalid);
  EXPECT_EQ(parseMessage(parse("[1,2]")).Problem, "a message must be a JSON object");
}

TEST(LspProtocol, BuildsRepliesThatOwnTheirText) {
  std::string Message = "went wrong";
  Value E = makeError(7, MethodNotFound, Message);
  Message = "overwritten";
  EXPECT_EQ(print(E),
            R"({"error":{"code":-32601,"message":"went wrong"},"id":7,"jsonrpc":"2.0"})");
  EXPECT_EQ(print(makeResponse(nullptr, true)), R"({"id":null,"jsonrpc":"2.0","result":true})");
  EXPECT_EQ(jsonText("ok\xFFok"), "ok\xEF\xBF\xBDok");
}

TEST(LspLineTable, Utf16PositionsAndBack) {
  // 'é' is 2 bytes and 1 unit; the emoji 4 bytes and 2 units (a surrogate pair).
  LineTable T("ab\n\xC3\xA9x\xF0\x9F\x98\x80y\r\nlast");
  EXPECT_EQ(T.lineCount(), 3u);
  Position P = T.positionOf(3 + 2); // 'x'
  EXPECT_EQ(P.Line, 1u);
  EXPECT_EQ(P.Character, 1u);
  P = T.positionOf(3 + 2 + 1 + 4); // 'y'
  EXPECT_EQ(P.Character, 4u);
  EXPECT_EQ(T.offsetOf({1, 4}), 10u);
  EXPECT_EQ(T.offsetOf({1, 99}), 11u); // clamped to the line's end, before \r\n
  EXPECT_EQ(T.offsetOf({9, 0}), T.text().size());
  EXPECT_EQ(T.lineText(2), "\xC3\xA9x\xF0\x9F\x98\x80y");
  EXPECT_EQ(T.lineText(3), "last");
  // clang's 1-based line and byte column.
  P = T.positionOf(2, 3); // the byte after 'é': 'x'
  EXPECT_EQ(P.Line, 1u);
  EXPECT_EQ(P.Character, 1u);
  // Invalid UTF-8 counts one unit per byte.
  EXPECT_EQ(LineTable("\xFF\xFEz").positionOf(2).Character, 2u);
}

TEST(LspUri, FileUrisAndPaths) {
  EXPECT_EQ(pathFromUri("file:///home/a%20b/k.cu"), std::optional<std::string>("/home/a b/k.cu"));
  EXPECT_EQ(pathFromUri("FILE://localhost/x.cu"), std::optional<std::string>("/x.cu"));
  EXPECT_EQ(pathFromUri("file:///c%3A/x.cu"), std::optional<std::string>("/c:/x.cu"));
  EXPECT_EQ(pathFromUri("untitled:Untitled-1"), std::nullopt);
  EXPECT_EQ(pathFromUri("file://server/share/x.cu"), std::nullopt);
  EXPECT_EQ(uriFromPath("/home/a b/k+1.cu"), "file:///home/a%20b/k%2B1.cu");
  EXPECT_EQ(pathFromUri(uriFromPath("/t/\xC3\xA9 #?.cu")),
            std::optional<std::string>("/t/\xC3\xA9 #?.cu"));
}

TEST(LspDocuments, ContentChangesAndAnalyzedFiles) {
  std::string Text = "int a;\nint b;\n";
  EXPECT_TRUE(applyContentChange(Text, parse(R"({"text":"whole"})")));
  EXPECT_EQ(Text, "whole");
  Text = "int a;\nint b;\n";
  EXPECT_TRUE(applyContentChange(
      Text, parse(R"({"range":{"start":{"line":1,"character":4},"end":{"line":1,"character":5}},"text":"bee"})")));
  EXPECT_EQ(Text, "int a;\nint bee;\n");
  EXPECT_FALSE(applyContentChange(Text, parse(R"({"range":{"start":{}},"text":""})")));
  EXPECT_FALSE(applyContentChange(Text, parse(R"({"rangeLength":1})")));
  EXPECT_TRUE(isAnalyzed("/a/k.cu", ""));
  EXPECT_TRUE(isAnalyzed("/a/k.CUH", "cpp"));
  EXPECT_TRUE(isAnalyzed("/a/k.hpp", "cpp"));
  EXPECT_TRUE(isAnalyzed("/a/kernel.txt", "cuda-cpp"));
  EXPECT_FALSE(isAnalyzed("/a/main.cpp", "cpp"));
  EXPECT_FALSE(isAnalyzed("", "cuda-cpp")); // untitled: no path to parse under
}

TEST(LspOptions, ServerWorkerAndDivlintArguments) {
  auto O = parseLspOptions({"--stdio", "--compile-commands-dir", "/b", "--debounce-ms=50",
                            "--block-dim=64", "--", "-DX"});
  ASSERT_TRUE(bool(O)) << llvm::toString(O.takeError());
  EXPECT_EQ(O->CompileCommandsDir, "/b");
  EXPECT_EQ(O->Debounce.count(), 50);
  EXPECT_EQ(O->ServerArguments, std::vector<std::string>{"--compile-commands-dir=/b"});
  EXPECT_EQ(O->DivlintArguments, (std::vector<std::string>{"--block-dim=64", "--", "-DX"}));
  EXPECT_FALSE(O->Worker);
  auto W = parseLspOptions({"--lsp-worker", "--block-dim=64"});
  ASSERT_TRUE(bool(W));
  EXPECT_TRUE(W->Worker);
  EXPECT_EQ(W->DivlintArguments, std::vector<std::string>{"--block-dim=64"});
  auto Bad = parseLspOptions({"--debounce-ms=soon"});
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()), "--debounce-ms=soon: not a number of milliseconds");
  auto Missing = parseLspOptions({"--compile-commands-dir"});
  EXPECT_FALSE(bool(Missing));
  llvm::consumeError(Missing.takeError());
}

namespace {

/// A temporary directory tree, removed at the end.
struct TempTree {
  llvm::SmallString<128> Root;
  TempTree() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("divlint-lsp-unit", Root)); }
  ~TempTree() { llvm::sys::fs::remove_directories(Root); }
  std::string path(llvm::StringRef Relative) const {
    llvm::SmallString<128> P(Root);
    llvm::sys::path::append(P, Relative);
    return std::string(P);
  }
  void write(llvm::StringRef Relative, llvm::StringRef Text) const {
    std::string P = path(Relative);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::ofstream(P) << Text.str();
  }
};

std::vector<std::string> commandFor(const LocatedDatabase &DB, const std::string &File) {
  auto Commands = DB.Database->getCompileCommands(File);
  return Commands.empty() ? std::vector<std::string>() : Commands.front().CommandLine;
}

} // namespace

TEST(LspCompileCommands, FoundAsClangdFindsThem) {
  TempTree T;
  std::string Source = T.path("src/deep/k.cu");
  T.write("src/deep/k.cu", "");
  // Nothing anywhere above: no database (the caller falls back to the flags after --).
  auto None = locateCompileCommands(Source, "");
  ASSERT_TRUE(bool(None));
  // (a compile_commands.json above the temporary directory would be found: none expected)
  EXPECT_EQ(None->Database, nullptr) << None->Path;
  // build/compile_commands.json of an ancestor, interpolated for a file it does not list.
  T.write("build/compile_commands.json",
          "[{\"directory\":\"" + T.path("build") + "\",\"command\":\"clang++ -DFROM_BUILD -c " +
              T.path("src/other.cu") + "\",\"file\":\"" + T.path("src/other.cu") + "\"}]");
  auto Found = locateCompileCommands(Source, "");
  ASSERT_TRUE(bool(Found));
  EXPECT_EQ(Found->Path, T.path("build/compile_commands.json"));
  std::vector<std::string> Cmd = commandFor(*Found, Source);
  EXPECT_NE(std::find(Cmd.begin(), Cmd.end(), "-DFROM_BUILD"), Cmd.end());
  // A nearer compile_flags.txt wins over the ancestor's build/ directory.
  T.write("src/compile_flags.txt", "-DFROM_FLAGS\n");
  auto Nearer = locateCompileCommands(Source, "");
  ASSERT_TRUE(bool(Nearer));
  EXPECT_EQ(Nearer->Path, T.path("src/compile_flags.txt"));
  Cmd = commandFor(*Nearer, Source);
  EXPECT_NE(std::find(Cmd.begin(), Cmd.end(), "-DFROM_FLAGS"), Cmd.end());
  // --compile-commands-dir names the directory; one without a database is an error.
  auto Explicit = locateCompileCommands(Source, T.path("build"));
  ASSERT_TRUE(bool(Explicit));
  EXPECT_EQ(Explicit->Path, T.path("build/compile_commands.json"));
  auto Empty = locateCompileCommands(Source, T.path("src/deep"));
  ASSERT_FALSE(bool(Empty));
  EXPECT_NE(llvm::toString(Empty.takeError()).find("no compile_commands.json"), std::string::npos);
  // An unreadable database is an error, not silence.
  T.write("src/deep/compile_commands.json", "[{ not json");
  auto Broken = locateCompileCommands(Source, "");
  EXPECT_FALSE(bool(Broken));
  llvm::consumeError(Broken.takeError());
}

namespace {

/// A lane-varying `if (threadIdx.x % 2)` at line 2 of a two-line text.
Finding sampleFinding() {
  Finding F;
  F.File = "/k.cu";
  F.Line = 2;
  F.Column = 7;
  F.EndLine = 2;
  F.EndColumn = 21;
  F.Offset = 17;
  F.Length = 15;
  F.TheRule = Rule::DivergentBranch;
  F.Sev = Severity::Warning;
  F.Construct = "if";
  F.ConditionText = "threadIdx.x % 2";
  F.Class = Uniformity::LaneVarying;
  F.Ext = Extent::EveryWarp;
  F.DivergentWarps = 8;
  F.TotalWarps = 8;
  F.TrueLanes = 16;
  F.ActiveLanes = 32;
  F.PredictedEfficiency = 0.5;
  F.PredictedSlowdown = 2.0;
  F.LaneMap = "FT";
  F.Message = "'if' condition 'threadIdx.x % 2' is lane-varying";
  F.Why = {{2, 7, "threadIdx.x is lane-varying"}};
  F.Fixes = {{"warp-aligned remap: read threadIdx.x through a bijection", {{"/k.cu", 0, 3, "long"}},
              1.8},
             {"advice only", {}, std::nullopt}};
  return F;
}

const char *SampleText = "int x = 0;\n  if (threadIdx.x % 2) x = 1;\n";

} // namespace

TEST(LspDiagnostics, FindingAsDiagnostic) {
  EXPECT_EQ(lspSeverity(Severity::Error), 1);
  EXPECT_EQ(lspSeverity(Severity::Warning), 2);
  EXPECT_EQ(lspSeverity(Severity::Note), 3);
  LineTable T(SampleText);
  Value D = diagnosticFor(sampleFinding(), T, "file:///k.cu", "/docs/rules");
  EXPECT_EQ(print(D),
            R"({"code":"divergent-branch","codeDescription":{"href":"file:///docs/rules/divergent-branch.md"},)"
            R"("message":"'if' condition 'threadIdx.x % 2' is lane-varying","range":{"end":{"character":21,"line":1},"start":{"character":6,"line":1}},)"
            R"("relatedInformation":[{"location":{"range":{"end":{"character":6,"line":1},"start":{"character":6,"line":1}},"uri":"file:///k.cu"},"message":"threadIdx.x is lane-varying"},)"
            R"({"location":{"range":{"end":{"character":21,"line":1},"start":{"character":6,"line":1}},"uri":"file:///k.cu"},"message":"lanes 0-1 of one diverging warp: FT"},)"
            R"({"location":{"range":{"end":{"character":21,"line":1},"start":{"character":6,"line":1}},"uri":"file:///k.cu"},"message":"suggested rewrite: warp-aligned remap: read threadIdx.x through a bijection"},)"
            R"({"location":{"range":{"end":{"character":21,"line":1},"start":{"character":6,"line":1}},"uri":"file:///k.cu"},"message":"suggested rewrite: advice only"}],)"
            R"("severity":2,"source":"divlint"})");
  // Without a byte extent: the inclusive end column.
  Finding NoOffsets = sampleFinding();
  NoOffsets.Length = 0;
  Range R = findingRange(NoOffsets, T);
  EXPECT_EQ(R.Start.Character, 6u);
  EXPECT_EQ(R.End.Character, 21u);
  EXPECT_EQ(installedRuleDocs("/opt/x/bin/divlint"), "/opt/x/share/doc/divlint/docs/rules");
  EXPECT_EQ(ruleDocsDirectory("/no/such/dir", "/src/docs/rules"), "/src/docs/rules");
}

TEST(LspCodeActions, FixItsAndNoLint) {
  LineTable T(SampleText);
  Finding F = sampleFinding();
  std::vector<Value> Actions = codeActionsFor(F, T, "file:///k.cu", "diag");
  ASSERT_EQ(Actions.size(), 2u); // the advice has no edit
  EXPECT_EQ(print(Actions[0]),
            R"J({"diagnostics":["diag"],"edit":{"changes":{"file:///k.cu":[{"newText":"long","range":{"end":{"character":3,"line":0},"start":{"character":0,"line":0}}}]}},)J"
            R"J("isPreferred":true,"kind":"quickfix","title":"divlint: apply the warp-aligned remap"})J");
  EXPECT_EQ(print(Actions[1]),
            R"J({"diagnostics":["diag"],"edit":{"changes":{"file:///k.cu":[{"newText":" // NOLINT(divlint-divergent-branch)","range":{"end":{"character":29,"line":1},"start":{"character":29,"line":1}}}]}},)J"
            R"J("kind":"quickfix","title":"divlint: suppress with // NOLINT(divlint-divergent-branch)"})J");
  // A replacement in another file: not offered (its offsets are not this text's).
  F.Fixes[0].Replacements[0].File = "/other.cuh";
  EXPECT_EQ(codeActionsFor(F, T, "file:///k.cu", "diag").size(), 1u);
  // A macro line continued with a backslash takes no comment; a trailing space needs none.
  EXPECT_FALSE(noLintEdit(F, LineTable("x\n  if (threadIdx.x % 2) \\\n")));
  EXPECT_EQ(print(*noLintEdit(F, LineTable("x\nif (c) \n"))),
            R"J({"newText":"// NOLINT(divlint-divergent-branch)","range":{"end":{"character":7,"line":1},"start":{"character":7,"line":1}}})J");
}

TEST(LspHover, MarkdownOfAFinding) {
  Finding F = sampleFinding();
  KernelSummary K;
  K.Name = "k";
  K.Efficiency = 0.75;
  F.Kernel = "k";
  F.BlockShapeText = "256x1x1";
  std::string MD = hoverMarkdown(F, {K}, "file:///docs/divergent-branch.md");
  EXPECT_EQ(MD.rfind("**divlint**: `if` condition `threadIdx.x % 2` is **lane-varying** "
                     "(every-warp)\n", 0), 0u) << MD;
  for (const char *Part :
       {"| warps that diverge | 8 of 8 |\n", "| split | 16 of 32 lanes true |\n",
        "| predicted efficiency | 50% |\n", "| region slowdown | 2.00x |\n",
        "| block shape | 256x1x1 |\n", "| kernel | k, predicted warp execution efficiency 75% |\n",
        "```text\nFT\n```", "[divergent-branch](file:///docs/divergent-branch.md)"})
    EXPECT_NE(MD.find(Part), std::string::npos) << Part << "\n" << MD;
  // Data decides: ranges instead of points.
  F.PredictedEfficiency.reset();
  F.EfficiencyRange = {0.25, 0.5};
  MD = hoverMarkdown(F, {}, "");
  EXPECT_NE(MD.find("| predicted efficiency | 25% to 50% |"), std::string::npos) << MD;
  // A condition with a backtick or a bar cannot break the Markdown.
  F.ConditionText = "a`b";
  F.BlockShapeText = "1|2";
  MD = hoverMarkdown(F, {}, "");
  EXPECT_NE(MD.find("`` a`b ``"), std::string::npos) << MD;
  EXPECT_NE(MD.find("| block shape | 1\\|2 |"), std::string::npos) << MD;
}
