//===- ProbeRewriter.h - wrap every analyzed branch condition in a probe -*- C++ -*-===//
//
// With the translation unit's AST still alive, takes divlint's findings (their exact Offset and
// Length) and rewrites a copy of every user file of the translation unit with clang::Rewriter:
//     if (C)        ->  if (::divlint_rt::br<ID>(static_cast<bool>((C))))
//     switch (C)    ->  switch (::divlint_rt::sw<ID>((C), [](long long v) -> int {...}))
// (the lambda maps a value to the case it reaches: the probe counts paths, not values)
// Inside loops, the probe also gets the loops' iteration counters (LoopInstances.h):
//     while (C)     ->  while (::divlint_rt::br<ID>(static_cast<bool>((C)), __divlint_it0))
// Conditions evaluated at compile time are left alone (ConstantContext.h).
// Leaves of && / || and loop conditions are wrapped the same way (one probe per leaf, evaluated
// exactly when the original would be). The rewritten main file starts with
// `#include "divlint_probe.cuh"` and a #line directive, so nvcc's messages name the original lines.
//
// All user (non-system) files of the translation unit are mirrored, rewritten or not, under one
// root (their common directory), so that relative #includes keep working in the build directory.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_PROBEREWRITER_H
#define DIVLINT_CONFIRM_PROBEREWRITER_H

#include "divlint/Report/Finding.h"
#include "divlint/Confirm/ProbeSite.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint::confirm {

struct MirroredFile {
  std::string OriginalPath; ///< absolute
  std::string RelPath;      ///< relative to the mirror root
  std::string Text;         ///< rewritten text, or the original
  std::string Original;     ///< the file as it is (fix-it variants start from it)
  bool Rewritten = false;
};

struct InstrumentedSource {
  std::string Root;        ///< common directory of the mirrored files (absolute)
  std::string MainRelPath; ///< the main file, relative to Root
  std::vector<MirroredFile> Files;
  std::vector<ProbeSite> Probes; ///< ids 0..N-1, in file/offset order
  std::vector<SkippedCondition> Skipped;
};

/// The texts wrapped around a condition (the probe call's opening and closing).
std::string probeOpening(ProbeKind Kind, unsigned Id);
/// \p Instance: the probe's instance key (LoopInstances.h), empty outside loops.
std::string probeClosing(ProbeKind Kind, const std::string &CaseTargets = "",
                         const std::string &Instance = "");

/// Rewrites the main file of \p Ctx and the user headers it includes. \p Findings are the
/// analysis results of that translation unit; only class findings (divergent-branch and
/// uniform-branch) become probes.
InstrumentedSource instrumentTranslationUnit(clang::ASTContext &Ctx,
                                             const std::vector<Finding> &Findings);

} // namespace divlint::confirm

#endif
