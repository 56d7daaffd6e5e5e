#include "divlint/Confirm/FixitSources.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <map>

namespace divlint::confirm {

static std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

llvm::Expected<std::vector<MirroredFile>> applyFixIt(const std::vector<MirroredFile> &Files,
                                                     const FixSuggestion *Fix) {
  std::map<std::string, clang::tooling::Replacements> ByFile;
  if (Fix)
    for (const Replacement &R : Fix->Replacements) {
      std::string Path = absolute(R.File);
      // Replacements check overlaps themselves (an error here, not "the first one wins").
      if (llvm::Error E =
              ByFile[Path].add(clang::tooling::Replacement(Path, R.Offset, R.Length, R.Text)))
        return std::move(E);
    }
  std::vector<MirroredFile> Out;
  for (const MirroredFile &F : Files) {
    MirroredFile V = F;
    V.Text = F.Original;
    V.Rewritten = false;
    auto It = ByFile.find(F.OriginalPath);
    if (It != ByFile.end()) {
      for (const clang::tooling::Replacement &R : It->second)
        if (R.getOffset() + R.getLength() > F.Original.size())
          return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                         "fix-it replacement past the end of " + F.OriginalPath);
      auto Fixed = clang::tooling::applyAllReplacements(F.Original, It->second);
      if (!Fixed)
        return Fixed.takeError();
      V.Text = std::move(*Fixed);
      V.Rewritten = true;
      ByFile.erase(It);
    }
    Out.push_back(std::move(V));
  }
  if (!ByFile.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "fix-it replaces text in " + ByFile.begin()->first +
                                       ", which is not a source file of this build");
  return Out;
}

} // namespace divlint::confirm
