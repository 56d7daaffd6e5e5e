//===- SharedAnalysis.h - one divlint analysis per translation unit -*- C++ -*-===//
//
// The three cuda-divergence-* checks report different rules of the same analysis. They share one
// SharedAnalysis (owned by the module), so a translation unit is analyzed once per distinct set of
// options, however many of the checks are enabled.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TIDY_SHAREDANALYSIS_H
#define DIVLINT_TIDY_SHAREDANALYSIS_H

#include "divlint/Report/Finding.h"
#include "divlint/Analysis/FunctionAnalysis.h"
#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint::tidy {

class SharedAnalysis {
public:
  /// The findings of the translation unit of \p Ctx under \p Opts (analyzed on first request),
  /// in the order the CLI prints them.
  const std::vector<Finding> &findings(clang::ASTContext &Ctx, const AnalysisOptions &Opts);

  /// Forgets the previous translation unit (clang-tidy calls every check's
  /// onStartOfTranslationUnit before it matches anything).
  void startTranslationUnit();

  /// How many analyses have run (for tests of the sharing).
  unsigned analysesRun() const { return Runs; }

private:
  const clang::ASTContext *Current = nullptr;
  std::map<std::string, std::vector<Finding>> ByOptions;
  unsigned Runs = 0;
};

} // namespace divlint::tidy

#endif
