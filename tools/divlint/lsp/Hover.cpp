//===- Hover.cpp - what divlint knows about a branch condition, as Markdown ===//

#include "Hover.h"

#include "llvm/Support/FormatVariadic.h"

namespace divlint::lsp {

namespace {

std::string percent(double Fraction) {
  return llvm::formatv("{0:F0}%", Fraction * 100).str();
}

std::string times(double Factor) { return llvm::formatv("{0:F2}x", Factor).str(); }

/// A point, or the [best, worst] range where data decides.
std::string pointOrRange(const std::optional<double> &Point,
                         const std::optional<std::pair<double, double>> &Range,
                         std::string (*Format)(double)) {
  if (Range)
    return Format(Range->first) + " to " + Format(Range->second);
  return Point ? Format(*Point) : "";
}

/// Inline code whose backticks cannot end it early.
std::string code(llvm::StringRef Text) {
  std::string Fence = Text.contains('`') ? "`` " : "`";
  std::string Close = Text.contains('`') ? " ``" : "`";
  return Fence + Text.str() + Close;
}

/// A table cell: no line breaks, no column separators.
std::string cell(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text)
    Out += C == '|' ? std::string("\\|") : C == '\n' ? std::string(" ") : std::string(1, C);
  return Out;
}

} // namespace

std::string hoverMarkdown(const Finding &F, const std::vector<KernelSummary> &Kernels,
                          llvm::StringRef RuleDoc) {
  std::string Class = uniformityName(F.Class).str();
  std::string MD = "**divlint**: " + code(F.Construct) + " condition " + code(F.ConditionText) +
                   " is **" + Class + "**";
  if (F.Ext)
    MD += " (" + extentName(*F.Ext).str() + ")";
  MD += "\n\n| | |\n|---|---|\n";
  auto Row = [&](llvm::StringRef Name, const std::string &Value) {
    if (!Value.empty())
      MD += "| " + Name.str() + " | " + cell(Value) + " |\n";
  };
  Row("class", Class);
  if (F.Ext)
    Row("extent", extentName(*F.Ext).str());
  if (F.DivergentWarps && F.TotalWarps)
    Row("warps that diverge", std::to_string(*F.DivergentWarps) + " of " +
                                  std::to_string(*F.TotalWarps));
  if (F.TrueLanes && F.ActiveLanes)
    Row("split", std::to_string(*F.TrueLanes) + " of " + std::to_string(*F.ActiveLanes) +
                     " lanes true");
  Row("predicted efficiency", pointOrRange(F.PredictedEfficiency, F.EfficiencyRange, percent));
  Row("region slowdown", pointOrRange(F.PredictedSlowdown, F.SlowdownRange, times));
  Row("kernel slowdown", pointOrRange(F.PredictedKernelSlowdown, F.KernelSlowdownRange, times));
  if (F.LikelyPredicated)
    Row("code", "short arms: nvcc likely predicates them (no branch)");
  if (!F.Compiled.empty())
    Row("compiled (nvcc)", F.Compiled);
  Row("block shape", F.BlockShapeText);
  if (!F.Kernel.empty()) {
    std::string K = F.Kernel;
    for (const KernelSummary &S : Kernels)
      if (S.Name == F.Kernel) {
        std::string Efficiency = pointOrRange(S.Efficiency, S.EfficiencyRange, percent);
        if (!Efficiency.empty())
          K += ", predicted warp execution efficiency " + Efficiency;
      }
    Row("kernel", K);
  }
  Row("rule", ruleName(F.TheRule).str() + " (" + severityName(F.Sev).str() + ")");
  if (!F.LaneMap.empty())
    MD += "\nLanes 0-" + std::to_string(F.LaneMap.size() - 1) +
          " of one diverging warp (T: true, F: false, .: inactive):\n\n```text\n" + F.LaneMap +
          "\n```\n";
  for (const std::string &A : F.Assumptions)
    MD += "\n*assuming* " + A + "\n";
  for (const FixSuggestion &Fix : F.Fixes)
    MD += "\n*suggested rewrite*: " + Fix.Description + "\n";
  if (!RuleDoc.empty())
    MD += "\n[" + ruleName(F.TheRule).str() + "](" + RuleDoc.str() + ")\n";
  return MD;
}

} // namespace divlint::lsp
