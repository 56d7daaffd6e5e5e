#include "divlint/Frontend/MissingIncludes.h"

#include "clang/Basic/SourceManager.h"

namespace divlint {

void SkipMissingIncludes::InclusionDirective(
    clang::SourceLocation HashLoc, const clang::Token &, llvm::StringRef FileName, bool IsAngled,
    clang::CharSourceRange FilenameRange, clang::OptionalFileEntryRef File, llvm::StringRef,
    llvm::StringRef, const clang::Module *, bool, clang::SrcMgr::CharacteristicKind) {
  if (File) // found: nothing to say
    return;
  clang::PresumedLoc Where = SM.getPresumedLoc(FilenameRange.getBegin());
  if (Where.isValid())
    Out << Where.getFilename() << ":" << Where.getLine() << ":" << Where.getColumn() << ": ";
  Out << "warning: " << (IsAngled ? "<" : "'") << FileName << (IsAngled ? ">" : "'")
      << " file not found; skipped (what it declares is unknown to divlint; add its directory "
         "with -- -I DIR)\n";
}

} // namespace divlint
