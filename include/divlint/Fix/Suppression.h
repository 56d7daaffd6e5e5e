//===- Suppression.h - NOLINT comments, as clang-tidy spells them -*- C++ -*-===//
//
// `// NOLINT` and `// NOLINT(divlint-rule, ...)` on the finding's line, `// NOLINTNEXTLINE(...)`
// on the line before, and `// NOLINTBEGIN(...)` ... `// NOLINTEND(...)` around it. The optional
// list holds globs of check names: `divlint-<rule>` (`divlint-*`), and the clang-tidy plugin's
// `cuda-divergence-*` names are accepted too. clang-tidy's own NoLintDirectiveHandler needs a
// ClangTidyContext, so the command line uses this one; the plugin gets clang-tidy's.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SUPPRESSION_H
#define DIVLINT_SUPPRESSION_H

#include "divlint/Report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace divlint {

/// The check names a finding answers to in NOLINT lists.
std::vector<std::string> checkNamesFor(Rule R);

class NoLintDirectives {
public:
  /// Parses the directives of one file's text.
  explicit NoLintDirectives(llvm::StringRef FileText);
  bool suppresses(const Finding &F) const;
  /// NOLINTBEGIN without NOLINTEND (and the reverse): "line N: ..." messages.
  const std::vector<std::string> &problems() const { return Problems; }

private:
  struct Directive {
    unsigned Line;
    std::vector<std::string> Globs; ///< empty: every check
  };
  std::vector<Directive> SameLine, NextLine;
  struct Block {
    unsigned Begin, End;
    std::vector<std::string> Globs;
  };
  std::vector<Block> Blocks;
  std::vector<std::string> Problems;
};

} // namespace divlint

#endif
