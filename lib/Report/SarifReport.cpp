//===- SarifReport.cpp - findings as SARIF 2.1.0 (DESIGN.md §4) -----------===//
//
// One run for all files. tool.driver has one rule per diagnostic kind (id "divlint/<rule>").
// URIs are relative to the source root (uriBaseId %SRCROOT%, declared in originalUriBaseIds);
// files outside it get absolute file:// URIs. Columns are UTF-16 code units (the run says so):
// clang counts bytes, so positions are converted by reading the file (byte positions are kept
// when it cannot be read). The log is built with nlohmann::json, never by string concatenation.
//
//===----------------------------------------------------------------------===//

#include "divlint/Report/Report.h"

#include "divlint/Report/FindingSerialization.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#ifndef DIVLINT_VERSION
#error "DIVLINT_VERSION must be defined by the build (lib/CMakeLists.txt)"
#endif

namespace divlint {

namespace {

// Insertion order: keys appear as SARIF readers expect them ("version" before "runs").
using json = nlohmann::ordered_json;

const char *const SchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
const char *const SrcRoot = "%SRCROOT%";
/// partialFingerprints key; bump the version if the hashed fields ever change.
const char *const FingerprintKey = "divlintFindingHash/v1";

//===-- Rules -------------------------------------------------------------===//

struct RuleInfo {
  Rule TheRule;
  const char *Name; ///< PascalCase, SARIF reportingDescriptor.name
  Severity DefaultSeverity;
  const char *ShortDescription;
  const char *FullDescription;
  const char *HelpText;
  const char *HelpMarkdown;
  const char *Precision;       ///< GitHub: very-high, high, medium, low
  const char *ProblemSeverity; ///< GitHub: error, warning, recommendation
  std::vector<const char *> Tags;
};

/// In ruleIndex order (the order of the Rule enum).
const std::vector<RuleInfo> &rules() {
  static const std::vector<RuleInfo> Rules = {
      {Rule::DivergentBranch, "DivergentBranch", Severity::Warning,
       "Lane-varying branch condition (warp divergence)",
       "The condition of a branch in CUDA device code can differ between the lanes of one warp. "
       "The warp then runs both sides one after the other with part of its lanes masked off. The "
       "result gives the extent (tail, partial, every-warp, data-dependent) and, where the block "
       "shape is known, how many warps diverge and how the lanes split.",
       "Lanes of one warp can disagree on this condition, so the warp executes both paths. Make "
       "the condition depend on the warp (threadIdx.x / 32) rather than the lane, remap "
       "interleaved work to warp-contiguous work, use a branchless select for short arms, or "
       "sort/bucket/compact the data for data-dependent conditions. A tail (a bounds guard such as "
       "i < n) costs at most one warp and is usually fine.",
       "Lanes of one warp can disagree on this condition, so the warp executes **both** paths "
       "with part of its lanes masked off.\n\n"
       "| extent | meaning |\n|---|---|\n"
       "| `tail` | a monotone thread index crosses a uniform bound once (`if (i < n)`): at most "
       "one warp diverges |\n"
       "| `partial` | some warps of the block diverge (`threadIdx.x < 20`) |\n"
       "| `every-warp` | every warp diverges (`threadIdx.x % 2 == 0`) |\n"
       "| `data-dependent` | depends on loaded data or atomics: unknown statically |\n\n"
       "**How to fix**: make the condition depend on the warp index (`threadIdx.x / 32`) rather "
       "than the lane, remap lane-interleaved work to warp-contiguous work, use a branchless "
       "select for short arms, or sort/bucket/compact the data for data-dependent conditions.",
       "high", "warning", {"cuda", "performance", "warp-divergence"}},
      {Rule::UniformBranch, "UniformBranch", Severity::Note,
       "Block- or warp-uniform branch condition",
       "The condition of a branch in CUDA device code has the same value in every lane of a warp "
       "(warp-uniform) or every thread of a block (block-uniform), so no warp diverges on it. "
       "Reported only with --report-all.",
       "Every lane of a warp takes the same side of this branch; it costs no divergence. Reported "
       "only with --report-all, for review.",
       "Every lane of a warp takes the same side of this branch: it costs **no divergence**.\n\n"
       "`block-uniform`: same value in every thread of the block (`blockIdx`, kernel "
       "parameters). `warp-uniform`: same within each warp (`threadIdx.x / 32`, "
       "`__ballot_sync` results). Reported only with `--report-all`.",
       "very-high", "recommendation", {"cuda", "performance", "uniformity"}},
      {Rule::BarrierDivergence, "BarrierDivergence", Severity::Error,
       "__syncthreads() under a condition that is not block-uniform",
       "A block-wide barrier (__syncthreads(), cg::sync(block)) is reachable under a branch "
       "whose condition can differ between the threads of a block. Threads that skip the barrier "
       "make it undefined behavior: a hang or wrong results.",
       "Threads of the block that skip this barrier make it undefined behavior. Move the barrier "
       "out of the branch (every thread of the block must reach it), or make the condition "
       "block-uniform.",
       "Threads of the block that skip this barrier make it **undefined behavior** (a hang or "
       "silently wrong shared-memory results).\n\n"
       "**How to fix**: move `__syncthreads()` out of the branch so that every thread of the "
       "block reaches it, for example:\n\n"
       "```cuda\nif (i < n) s[tid] = x[i];\n__syncthreads();\n```",
       "high", "error", {"cuda", "correctness", "synchronization"}},
      {Rule::WarpSyncDivergence, "WarpSyncDivergence", Severity::Error,
       "Full-mask *_sync intrinsic under a lane-varying condition",
       "A warp-synchronous intrinsic with a full mask (0xffffffff) such as __shfl_sync or "
       "__ballot_sync is reachable under a branch whose condition differs between the lanes of a "
       "warp. Lanes named in the mask that do not arrive make the call undefined behavior.",
       "Lanes named in the mask do not all reach this call, which is undefined behavior. Call it "
       "outside the branch, or pass the mask of the lanes that do arrive (__activemask() or a "
       "__ballot_sync of the condition taken before the branch).",
       "Lanes named in the mask do not all reach this call: **undefined behavior**.\n\n"
       "**How to fix**: call the intrinsic outside the divergent branch, or pass the mask of "
       "the lanes that arrive:\n\n"
       "```cuda\nunsigned m = __ballot_sync(0xffffffffu, cond);\n"
       "if (cond) v = __shfl_sync(m, v, src);\n```",
       "high", "error", {"cuda", "correctness", "synchronization"}},
      {Rule::HiddenBranch, "HiddenBranch", Severity::Note,
       "An operation nvcc compiles to a branch, on lane-varying operands",
       "Some operations have no `if` in the source but are branches in the compiled code: IEEE "
       "float and double division and square root (a slow path for denormal, huge or special "
       "operands), 64-bit integer division by a variable, math functions with a slow range, "
       "cuRAND generators, the grid-wide sync of cooperative groups. With operands that differ "
       "between the lanes of a warp, the warp can split there.",
       "nvcc compiles this operation to a branch; its operands differ between lanes, so the warp "
       "can split here (usually only for unusual values).",
       "nvcc compiles this operation to a **branch** (a slow path). Its operands differ between "
       "the lanes of a warp, so the warp can split here.\n\n"
       "**If it matters**: `__fdividef`/`-prec-div=false` and `-prec-sqrt=false` (or "
       "`--use_fast_math`) trade IEEE rounding for branch-free code; 32-bit integer division "
       "instead of 64-bit where the values fit.",
       "medium", "note", {"cuda", "performance", "divergence"}},
  };
  return Rules;
}

unsigned ruleIndex(Rule R) {
  const auto &Rules = rules();
  for (unsigned I = 0; I < Rules.size(); ++I)
    if (Rules[I].TheRule == R)
      return I;
  return 0;
}

std::string ruleId(Rule R) { return "divlint/" + ruleName(R).str(); }

const char *sarifLevel(Severity S) {
  switch (S) {
  case Severity::Note: return "note";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  return "warning";
}

json ruleDescriptor(const RuleInfo &R) {
  return {{"id", ruleId(R.TheRule)},
          {"name", R.Name},
          {"shortDescription", {{"text", R.ShortDescription}}},
          {"fullDescription", {{"text", R.FullDescription}}},
          {"help", {{"text", R.HelpText}, {"markdown", R.HelpMarkdown}}},
          {"defaultConfiguration", {{"level", sarifLevel(R.DefaultSeverity)}}},
          {"properties",
           {{"tags", R.Tags},
            {"precision", R.Precision},
            {"problem.severity", R.ProblemSeverity}}}};
}

/// Descriptor of the tool execution notifications (unreadable file, parse failure).
const char *const InputErrorId = "divlint/input-error";

json notificationDescriptors() {
  return json::array(
      {{{"id", InputErrorId},
        {"name", "InputError"},
        {"shortDescription", {{"text", "An input file could not be read or parsed as CUDA"}}},
        {"defaultConfiguration", {{"level", "error"}}}}});
}

//===-- Source text: byte positions to UTF-16 positions ---------------------===//

/// UTF-16 code units in UTF-8 bytes: one per sequence, two for 4-byte (astral) sequences.
unsigned utf16Units(llvm::StringRef Bytes) {
  unsigned N = 0;
  for (unsigned char C : Bytes) {
    if ((C & 0xC0) == 0x80)
      continue; // continuation byte
    N += C >= 0xF0 ? 2 : 1;
  }
  return N;
}

class SourceText {
public:
  explicit SourceText(std::unique_ptr<llvm::MemoryBuffer> Buffer) : Buffer(std::move(Buffer)) {
    llvm::StringRef Text = this->Buffer->getBuffer();
    LineStart.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        LineStart.push_back(I + 1);
    // UTF-16 offset of every line start, for charOffset.
    unsigned Units = 0;
    LineStartUtf16.push_back(0);
    for (size_t L = 1; L < LineStart.size(); ++L) {
      Units += utf16Units(Text.slice(LineStart[L - 1], LineStart[L]));
      LineStartUtf16.push_back(Units);
    }
  }

  llvm::StringRef text() const { return Buffer->getBuffer(); }
  unsigned lines() const { return LineStart.size(); }

  /// 1-based line and byte column to a 1-based UTF-16 column (unchanged when out of range).
  unsigned utf16Column(unsigned Line, unsigned ByteColumn) const {
    if (Line == 0 || Line > lines() || ByteColumn == 0)
      return ByteColumn;
    size_t Start = LineStart[Line - 1];
    if (Start + ByteColumn - 1 > text().size())
      return ByteColumn;
    return utf16Units(text().slice(Start, Start + ByteColumn - 1)) + 1;
  }

  /// 1-based line and 1-based UTF-16 column of a byte offset.
  std::pair<unsigned, unsigned> position(size_t ByteOffset) const {
    size_t Line = std::upper_bound(LineStart.begin(), LineStart.end(), ByteOffset) -
                  LineStart.begin(); // 1-based
    size_t Start = LineStart[Line - 1];
    return {Line, utf16Units(text().slice(Start, ByteOffset)) + 1};
  }

  /// Zero-based UTF-16 offset of a byte offset.
  unsigned utf16Offset(size_t ByteOffset) const {
    auto [Line, Column] = position(ByteOffset);
    return LineStartUtf16[Line - 1] + Column - 1;
  }

private:
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::vector<size_t> LineStart;       ///< byte offset of each line
  std::vector<unsigned> LineStartUtf16; ///< UTF-16 offset of each line
};

//===-- URIs ---------------------------------------------------------------===//

/// Percent-encodes a '/'-separated path for a URI (RFC 3986 unreserved characters stay).
std::string encodePath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/') {
      Out += static_cast<char>(C);
    } else {
      Out += '%';
      Out += llvm::hexdigit(C >> 4);
      Out += llvm::hexdigit(C & 15);
    }
  }
  return Out;
}

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::sys::path::native(P, llvm::sys::path::Style::posix);
  return std::string(P);
}

//===-- The log ------------------------------------------------------------===//

class SarifBuilder {
public:
  explicit SarifBuilder(const ReportOptions &Opts)
      : Root(absolutePath(Opts.SarifRoot.empty() ? "." : Opts.SarifRoot)) {
    while (Root.size() > 1 && Root.back() == '/')
      Root.pop_back();
  }

  json log(const std::vector<Finding> &Findings, const std::vector<ToolError> &Errors,
           const ReportOptions &Opts) {
    json Results = json::array();
    for (const Finding &F : Findings)
      if (isReported(F, Opts))
        Results.push_back(result(F));
    json Notifications = json::array();
    for (const ToolError &E : Errors)
      Notifications.push_back(notification(E));

    // No informationUri (optional in SARIF 2.1.0): divlint has no public home page yet.
    json Driver = {{"name", "divlint"},
                   {"fullName", "divlint " DIVLINT_VERSION " (CUDA warp divergence analyzer)"},
                   {"version", DIVLINT_VERSION},
                   {"semanticVersion", DIVLINT_VERSION},
                   {"rules", json::array()},
                   {"notifications", notificationDescriptors()}};
    for (const RuleInfo &R : rules())
      Driver["rules"].push_back(ruleDescriptor(R));

    json Invocation = {{"executionSuccessful", Errors.empty()}};
    if (!Notifications.empty())
      Invocation["toolExecutionNotifications"] = Notifications;
    json Run = {{"tool", {{"driver", Driver}}},
                {"invocations", json::array({Invocation})},
                {"originalUriBaseIds",
                 {{SrcRoot,
                   {{"uri", "file://" + encodePath(Root == "/" ? "/" : Root + "/")},
                    {"description", {{"text", "The source root divlint was run from"}}}}}}},
                {"columnKind", "utf16CodeUnits"},
                {"artifacts", Artifacts},
                {"results", Results}};
    if (!Opts.Kernels.empty()) {
      // Per kernel, the predicted warp execution efficiency (JSON `kernels`).
      json Kernels = json::array();
      for (const KernelSummary &K : Opts.Kernels)
        Kernels.push_back(json(kernelSummaryToJson(K))); // keys sorted, as before
      Run["properties"] = {{"kernels", Kernels}};
    }
    return {{"$schema", SchemaUri}, {"version", "2.1.0"}, {"runs", json::array({Run})}};
  }

private:
  /// artifactLocation of a file: %SRCROOT%-relative when under the root, else file:// absolute.
  /// Every file also gets one entry in run.artifacts, which the location points to by index.
  json artifactLocation(llvm::StringRef File) {
    std::string Abs = absolutePath(File);
    auto [It, New] = ArtifactIndex.try_emplace(Abs, Artifacts.size());
    json Location;
    llvm::StringRef Rel(Abs);
    std::string Prefix = Root == "/" ? "/" : Root + "/";
    if (Rel.consume_front(Prefix))
      Location = {{"uri", encodePath(Rel)}, {"uriBaseId", SrcRoot}};
    else
      Location = {{"uri", "file://" + encodePath(Abs)}};
    if (New)
      Artifacts.push_back({{"location", Location}});
    Location["index"] = It->second;
    return Location;
  }

  /// The file's text, read once (null when unreadable: positions stay in bytes).
  const SourceText *source(llvm::StringRef File) {
    std::string Abs = absolutePath(File);
    auto [It, New] = Sources.try_emplace(Abs);
    if (New) {
      auto Buffer = llvm::MemoryBuffer::getFile(Abs, /*IsText=*/false);
      if (Buffer)
        It->second = std::make_unique<SourceText>(std::move(*Buffer));
    }
    return It->second.get();
  }

  /// Region of a finding: its condition, with an exclusive end as SARIF wants.
  json findingRegion(const Finding &F) {
    const SourceText *S = source(F.File);
    json Region = {{"startLine", F.Line}};
    if (F.Column)
      Region["startColumn"] = S ? S->utf16Column(F.Line, F.Column) : F.Column;
    // Offsets are exact when they agree with the line and column of the finding.
    if (S && F.Length && F.Offset + F.Length <= S->text().size() &&
        S->position(F.Offset) == std::make_pair(F.Line, S->utf16Column(F.Line, F.Column))) {
      auto [EndLine, EndColumn] = S->position(F.Offset + F.Length);
      Region["endLine"] = EndLine;
      Region["endColumn"] = EndColumn;
      Region["charOffset"] = S->utf16Offset(F.Offset);
      Region["charLength"] = S->utf16Offset(F.Offset + F.Length) - S->utf16Offset(F.Offset);
      Region["snippet"] = {{"text", S->text().substr(F.Offset, F.Length).str()}};
    } else if (F.EndLine && F.EndColumn) {
      Region["endLine"] = F.EndLine;
      Region["endColumn"] = (S ? S->utf16Column(F.EndLine, F.EndColumn) : F.EndColumn) + 1;
    }
    return Region;
  }

  json pointRegion(llvm::StringRef File, unsigned Line, unsigned Column) {
    const SourceText *S = source(File);
    json Region = {{"startLine", Line}};
    if (Column)
      Region["startColumn"] = S ? S->utf16Column(Line, Column) : Column;
    return Region;
  }

  /// deletedRegion of a replacement, in characters (UTF-16, as the run's columnKind).
  json replacementRegion(llvm::StringRef File, unsigned Offset, unsigned Length) {
    const SourceText *S = source(File);
    if (!S || Offset + Length > S->text().size())
      return {{"charOffset", Offset}, {"charLength", Length}};
    unsigned Begin = S->utf16Offset(Offset);
    return {{"charOffset", Begin}, {"charLength", S->utf16Offset(Offset + Length) - Begin}};
  }

  /// Stable across runs and unrelated edits: rule, file, condition (whitespace dropped) and
  /// function; the occurrence count tells identical conditions in one function apart.
  json fingerprints(const Finding &F, const std::string &Uri) {
    std::string Condition;
    for (char C : F.ConditionText)
      if (!llvm::isSpace(C))
        Condition += C;
    std::string Key = ruleName(F.TheRule).str() + '\0' + Uri + '\0' + Condition + '\0' +
                      F.Function;
    llvm::SHA1 Hasher;
    Hasher.update(Key);
    auto Digest = Hasher.final();
    std::string Hash = llvm::toHex(llvm::ArrayRef<uint8_t>(Digest), /*LowerCase=*/true);
    unsigned Occurrence = ++Occurrences[Hash];
    return {{FingerprintKey, Hash.substr(0, 32) + ":" + std::to_string(Occurrence)}};
  }

  json properties(const Finding &F) {
    auto OrNull = [](const auto &V) { return V ? json(*V) : json(nullptr); };
    json P;
    P["class"] = uniformityName(F.Class).str();
    P["extent"] = F.Ext ? json(extentName(*F.Ext).str()) : json(nullptr);
    P["warps"] = F.DivergentWarps && F.TotalWarps
                     ? json{{"divergent", *F.DivergentWarps}, {"total", *F.TotalWarps}}
                     : json(nullptr);
    P["split"] = F.TrueLanes && F.ActiveLanes
                     ? json{{"true_lanes", *F.TrueLanes}, {"active_lanes", *F.ActiveLanes}}
                     : json(nullptr);
    P["predicted_efficiency"] = OrNull(F.PredictedEfficiency);
    P["predicted_slowdown"] = OrNull(F.PredictedSlowdown);
    P["predicted_kernel_slowdown"] = OrNull(F.PredictedKernelSlowdown);
    if (F.EfficiencyRange) {
      P["predicted_efficiency_range"] = {F.EfficiencyRange->first, F.EfficiencyRange->second};
      P["predicted_slowdown_range"] = {F.SlowdownRange->first, F.SlowdownRange->second};
    }
    P["loop_depth"] = F.LoopDepth;
    P["likely_predicated"] = F.LikelyPredicated;
    P["score"] = F.Score;
    P["kernel"] = F.Kernel;
    if (F.Kernels.size() > 1)
      P["kernels"] = F.Kernels;
    P["function"] = F.Function;
    P["construct"] = F.Construct;
    P["condition"] = F.ConditionText;
    P["block_shape"] = F.BlockShapeText;
    P["lane_map"] = F.LaneMap.empty() ? json(nullptr) : json(F.LaneMap);
    P["assumptions"] = F.Assumptions;
    json Why = json::array();
    for (const SourcePoint &W : F.Why)
      Why.push_back({{"line", W.Line}, {"column", W.Column}, {"text", W.Text}});
    P["why"] = Why;
    // Suggestions without replacements (advice, e.g. sort/bucket data) have no SARIF fix.
    json Advice = json::array();
    for (const FixSuggestion &Fix : F.Fixes)
      if (Fix.Replacements.empty())
        Advice.push_back(Fix.Description);
    P["advice"] = Advice;
    return P;
  }

  json fixes(const Finding &F) {
    json Fixes = json::array();
    for (const FixSuggestion &Fix : F.Fixes) {
      if (Fix.Replacements.empty())
        continue;
      // One artifactChange per file (however it is spelled), replacements in the fix's order.
      std::map<std::string, json> PerFile;
      std::vector<std::string> FileOrder;
      for (const Replacement &R : Fix.Replacements) {
        std::string File = absolutePath(R.File.empty() ? F.File : R.File);
        if (!PerFile.count(File)) {
          FileOrder.push_back(File);
          PerFile[File] = json::array();
        }
        PerFile[File].push_back({{"deletedRegion", replacementRegion(File, R.Offset, R.Length)},
                                 {"insertedContent", {{"text", R.Text}}}});
      }
      json Changes = json::array();
      for (const std::string &File : FileOrder)
        Changes.push_back(
            {{"artifactLocation", artifactLocation(File)}, {"replacements", PerFile[File]}});
      Fixes.push_back({{"description", {{"text", Fix.Description}}}, {"artifactChanges", Changes}});
    }
    return Fixes;
  }

  json result(const Finding &F) {
    json FileLocation = artifactLocation(F.File);
    json R = {{"ruleId", ruleId(F.TheRule)},
              {"ruleIndex", ruleIndex(F.TheRule)},
              {"level", sarifLevel(F.Sev)},
              {"message", {{"text", F.Message}}},
              {"locations",
               json::array({{{"physicalLocation",
                              {{"artifactLocation", FileLocation},
                               {"region", findingRegion(F)}}}}})},
              {"partialFingerprints", fingerprints(F, FileLocation["uri"])},
              {"properties", properties(F)}};
    if (!F.Kernel.empty() || !F.Function.empty()) {
      json Logical = {{"name", F.Function}, {"kind", "function"}};
      R["locations"][0]["logicalLocations"] = json::array({Logical});
    }
    json Related = json::array();
    unsigned Id = 0;
    for (const SourcePoint &W : F.Why)
      Related.push_back({{"id", ++Id},
                         {"message", {{"text", W.Text}}},
                         {"physicalLocation",
                          {{"artifactLocation", FileLocation},
                           {"region", pointRegion(F.File, W.Line, W.Column)}}}});
    if (!Related.empty())
      R["relatedLocations"] = Related;
    json Fixes = fixes(F);
    if (!Fixes.empty())
      R["fixes"] = Fixes;
    return R;
  }

  json notification(const ToolError &E) {
    json N = {{"level", "error"},
              {"message", {{"text", E.File.empty() ? E.Message : E.File + ": " + E.Message}}},
              {"descriptor", {{"id", InputErrorId}, {"index", 0}}}};
    if (!E.File.empty())
      N["locations"] =
          json::array({{{"physicalLocation", {{"artifactLocation", artifactLocation(E.File)}}}}});
    return N;
  }

  std::string Root; ///< absolute, '/'-separated, no trailing slash
  json Artifacts = json::array();
  std::map<std::string, unsigned> ArtifactIndex;
  llvm::StringMap<std::unique_ptr<SourceText>> Sources;
  std::map<std::string, unsigned> Occurrences;
};

} // namespace

void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<ToolError> &Errors, const ReportOptions &Opts) {
  SarifBuilder Builder(Opts);
  json Log = Builder.log(Findings, Errors, Opts);
  // Source text in messages and snippets need not be valid UTF-8: replace, never throw.
  OS << Log.dump(2, ' ', /*ensure_ascii=*/false, json::error_handler_t::replace) << "\n";
}

} // namespace divlint
