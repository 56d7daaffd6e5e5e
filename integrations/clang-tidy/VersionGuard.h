//===- VersionGuard.h - refuse to load into another clang-tidy -*- C++ -*-===//
//
// A clang-tidy plugin is only ABI-compatible with the exact clang it was compiled against: in any
// other clang-tidy it could crash or, worse, run and silently report nothing. The module compares
// the clang version it was built for with the one running (clang::getClangFullVersion() of the
// loaded libclang-cpp) before it registers any check, and says so loudly on a mismatch.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TIDY_VERSIONGUARD_H
#define DIVLINT_TIDY_VERSIONGUARD_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace divlint::tidy {

/// The clang version this plugin was compiled against ("22.1.8").
llvm::StringRef builtForClangVersion();

/// The version number in a clang version banner ("Debian clang version 22.1.8 (++...)").
std::string versionNumberOf(llvm::StringRef FullVersion);

/// Why the plugin must not run in the clang it is loaded into; std::nullopt when it matches.
std::optional<std::string> versionMismatch();

} // namespace divlint::tidy

#endif
