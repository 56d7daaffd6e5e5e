#include "SharedAnalysis.h"

#include "divlint/Pipeline/TranslationUnitAnalysis.h"
#include "clang/AST/ASTContext.h"
#include <algorithm>

namespace divlint::tidy {

static std::string optionsKey(const AnalysisOptions &Opts) {
  std::string Key = std::to_string(Opts.WarpSize);
  if (Opts.BlockDimOption)
    Key += "/" + Opts.BlockDimOption->str();
  Key += "/" + std::to_string(Opts.WarningSureSlowdown) + "," +
         std::to_string(Opts.WarningWorstSlowdown);
  return Key;
}

const std::vector<Finding> &SharedAnalysis::findings(clang::ASTContext &Ctx,
                                                     const AnalysisOptions &Opts) {
  if (Current != &Ctx) {
    ByOptions.clear();
    Current = &Ctx;
  }
  auto [It, New] = ByOptions.try_emplace(optionsKey(Opts));
  if (New) {
    ++Runs;
    It->second = analyzeTranslationUnit(Ctx, Opts).Findings;
    std::sort(It->second.begin(), It->second.end(), findingLess);
  }
  return It->second;
}

void SharedAnalysis::startTranslationUnit() {
  ByOptions.clear();
  Current = nullptr;
}

} // namespace divlint::tidy
