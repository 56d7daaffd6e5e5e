//===- WrittenText.h - the source text of an expression as the user wrote it -*- C++ -*-===//
//
// Messages quote conditions. One written in the user's code quotes as it reads; one that a macro
// builds quotes as the macro's invocation (`IS_EVEN(t)`), which is what the user wrote there;
// one that is a macro's argument quotes as that argument (`t < n` in `DISPATCH_BOOL(t < n, kIn,
// [&] { ... })`, not the whole invocation with its lambda). Runs of white space, line breaks
// included, read as one space. A quote in a note is bounded (MaxChars): the rest is `...`.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SUPPORT_WRITTENTEXT_H
#define DIVLINT_SUPPORT_WRITTENTEXT_H

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include <string>

namespace divlint {

/// At most \p MaxChars characters when it is not 0, the last three of them `...`.
std::string writtenText(clang::SourceRange R, const clang::SourceManager &SM,
                        const clang::LangOptions &LO, size_t MaxChars = 0);

} // namespace divlint

#endif
