//===- FixitSources.h - the sources of the unprobed and fix-it variants -*- C++ -*-===//
//
// A fix-it variant is built from the source as written (not from the probed copy in src/) with
// one fix-it's replacements applied through clang::tooling::Replacements, the same replacements
// `divlint --fix` applies. Each such variant has its own tree in the build directory:
//   variants/<name>/driver.cu   the generated driver (it includes "src/<main file>")
//   variants/<name>/src/        every mirrored file, as written, with the fix-it applied
// The unprobed variant is the same tree with no replacement: the baseline a fix-it is timed
// against, so that the speedup compares like with like (no probe code in either).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_FIXITSOURCES_H
#define DIVLINT_CONFIRM_FIXITSOURCES_H

#include "divlint/Report/Finding.h"
#include "divlint/Confirm/ProbeRewriter.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace divlint::confirm {

/// \p Files (their Original texts) with \p Fix applied; \p Fix null: unchanged. The result's
/// Text is the variant's text. Errors: a replacement in a file that is not mirrored, replacements
/// that overlap or reach past the end of their file.
llvm::Expected<std::vector<MirroredFile>> applyFixIt(const std::vector<MirroredFile> &Files,
                                                     const FixSuggestion *Fix);

} // namespace divlint::confirm

#endif
