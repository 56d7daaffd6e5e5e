//===- JobResult.h - a translation unit's result as bytes -*- C++ -*-===//
//
// What a TranslationUnitJob produced (findings, rendered text, clang's errors, notes, the
// files it read), as one CBOR document of JSON objects (findings as FindingSerialization
// writes them). The worker process hands its result to the parent in this form, and the result
// cache stores it.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_JOBRESULT_H
#define DIVLINT_TOOLS_DIVLINT_JOBRESULT_H

#include "TranslationUnitJob.h"
#include "llvm/ADT/StringRef.h"

namespace divlint::tool {

/// The outputs of \p Job (not its input or settings).
std::string serializeJobResult(const TranslationUnitJob &Job);

/// Fills the outputs of \p Job from \p Bytes; false (and \p Job unchanged) when they are not
/// a result serializeJobResult wrote.
bool deserializeJobResult(llvm::StringRef Bytes, TranslationUnitJob &Job);

} // namespace divlint::tool

#endif
