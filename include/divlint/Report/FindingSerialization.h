//===- FindingSerialization.h - Finding <-> JSON, losslessly -*- C++ -*-===//
//
// One JSON shape for a Finding, shared by the JSON report (the contract of
// shared/spec/README.md) and by everything that stores findings to read them back later: the
// result cache and the worker processes of a multi-file run. findingToJson is the report's
// object; serializeFinding adds the few fields the report merges or leaves out ("exact"), so
// that deserializeFinding(serializeFinding(F)) renders exactly as F in every output format.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_REPORT_FINDINGSERIALIZATION_H
#define DIVLINT_REPORT_FINDINGSERIALIZATION_H

#include "divlint/Report/Finding.h"
#include "divlint/Report/KernelSummary.h"
#include "llvm/Support/Error.h"
#include <nlohmann/json.hpp>

namespace divlint {

/// The finding as the JSON report shows it.
nlohmann::json findingToJson(const Finding &F);

/// The report's object plus what it leaves out, for a lossless round trip.
nlohmann::json serializeFinding(const Finding &F);

/// The finding serializeFinding wrote; an error for anything else (a corrupt file).
llvm::Expected<Finding> deserializeFinding(const nlohmann::json &J);

/// A kernel's summary as the JSON report (`kernels`) and SARIF (run property) show it; it is
/// complete, so the result cache and worker processes read it back with kernelSummaryFromJson.
nlohmann::json kernelSummaryToJson(const KernelSummary &K);
llvm::Expected<KernelSummary> kernelSummaryFromJson(const nlohmann::json &J);

} // namespace divlint

#endif
