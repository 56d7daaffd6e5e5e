//===- MissingIncludes.h - parse on past headers that are not there -*- C++ -*-===//
//
// A CUDA file often includes headers divlint's parse cannot find and its device code does not
// need: a graphics or platform SDK (`GLFW/glfw3.h`, `mpi.h`, `cudla.h`) used by host code only.
// clang stops at the first missing header (a fatal error); divlint skips it instead, says so
// as a warning, and analyzes the rest. What the header declared is unknown: device code that
// needs it still fails to parse, with clang's errors, after the warning that names the cause.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_MISSINGINCLUDES_H
#define DIVLINT_MISSINGINCLUDES_H

#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/raw_ostream.h"

namespace clang {
class SourceManager;
}

namespace divlint {

/// Preprocessor callbacks that skip `#include`s of files that are not found and write a
/// clang-style warning for each (`FILE:LINE:COL: warning: 'x.h' file not found; skipped ...`).
class SkipMissingIncludes : public clang::PPCallbacks {
public:
  SkipMissingIncludes(const clang::SourceManager &SM, llvm::raw_ostream &Out)
      : SM(SM), Out(Out) {}
  bool FileNotFound(llvm::StringRef FileName) override { return true; }
  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange, clang::OptionalFileEntryRef File,
                          llvm::StringRef SearchPath, llvm::StringRef RelativePath,
                          const clang::Module *SuggestedModule, bool ModuleImported,
                          clang::SrcMgr::CharacteristicKind FileType) override;

private:
  const clang::SourceManager &SM;
  llvm::raw_ostream &Out;
};

} // namespace divlint

#endif
