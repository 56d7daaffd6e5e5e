//===- DivergenceCheck.h - the cuda-divergence-* clang-tidy checks -*- C++ -*-===//
//
// One check class, three checks: each runs (or reuses) divlint's analysis of the translation
// unit and reports the findings of its own rules with the CLI's messages, the why trace, lane map
// and assumptions as notes, and the findings' replacements as fix-its.
//
//   cuda-divergence-branch     divergent-branch (+ uniform-branch as remarks with ReportAll)
//   cuda-divergence-barrier    barrier-divergence (error)
//   cuda-divergence-warp-sync  warp-sync-divergence (error)
//
// Options (CheckOptions, per check or global): BlockDim ("256", "16,16"; default: from launches in
// the file, __launch_bounds__, else 256), WarpSize (32), ReportAll (false), WarningSlowdown
// (1.25) and WarningWorstSlowdown (2.0): the kernel slowdowns from which a split is a warning.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TIDY_DIVERGENCECHECK_H
#define DIVLINT_TIDY_DIVERGENCECHECK_H

#include "SharedAnalysis.h"

#include "ClangTidyCheck.h"
#include <memory>

namespace divlint::tidy {

enum class CheckKind { Branch, Barrier, WarpSync };

class DivergenceCheck : public clang::tidy::ClangTidyCheck {
public:
  DivergenceCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context, CheckKind Kind,
                  std::shared_ptr<SharedAnalysis> Shared);

  bool isLanguageVersionSupported(const clang::LangOptions &LangOpts) const override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  bool reports(const Finding &F) const;
  void report(const Finding &F, const clang::SourceManager &SM);

  CheckKind Kind;
  std::shared_ptr<SharedAnalysis> Shared;
  // The options as written (stored back by --dump-config), then parsed.
  std::string BlockDim, WarpSize, ReportAll, WarningSlowdown, WarningWorstSlowdown;
  bool ReportUniform = false;
  AnalysisOptions Analysis; ///< WarpSize, BlockDim and the warning slowdowns, validated
  bool OptionsValid = true;
};

} // namespace divlint::tidy

#endif
