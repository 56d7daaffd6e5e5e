#include "VersionGuard.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"

// The test build of the guard (DivlintTidyModuleVersionSkew) claims another version.
#ifndef DIVLINT_TIDY_BUILT_FOR
#define DIVLINT_TIDY_BUILT_FOR CLANG_VERSION_STRING
#endif

namespace divlint::tidy {

llvm::StringRef builtForClangVersion() { return DIVLINT_TIDY_BUILT_FOR; }

std::string versionNumberOf(llvm::StringRef FullVersion) {
  size_t At = FullVersion.find("version ");
  if (At == llvm::StringRef::npos)
    return "";
  llvm::StringRef Rest = FullVersion.drop_front(At + 8);
  return Rest.take_while([](char C) { return llvm::isDigit(C) || C == '.'; }).str();
}

std::optional<std::string> versionMismatch() {
  // getClangFullVersion() is compiled into libclang-cpp, so it names the clang that is running.
  std::string Running = clang::getClangFullVersion();
  std::string Number = versionNumberOf(Running);
  if (Number == builtForClangVersion())
    return std::nullopt;
  return "the divlint clang-tidy plugin was built for clang " + builtForClangVersion().str() +
         " but is loaded into " + (Number.empty() ? "'" + Running + "'" : "clang " + Number) +
         "; its cuda-divergence-* checks are NOT registered (rebuild the plugin against this "
         "clang-tidy: cmake -DDIVLINT_LLVM_ROOT=<its LLVM prefix>)";
}

} // namespace divlint::tidy
