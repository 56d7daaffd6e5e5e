//===- SpelledPaths.cpp - name sources as the user did -------------------===//

#include "SpelledPaths.h"

#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace divlint::tool {

SpelledPathDatabase::SpelledPathDatabase(const clang::tooling::CompilationDatabase &Inner,
                                         const std::vector<std::string> &Sources)
    : Inner(Inner) {
  for (const std::string &Source : Sources)
    if (!llvm::sys::path::is_absolute(Source))
      SpellingOf[clang::tooling::getAbsolutePath(Source)] = Source;
}

std::vector<clang::tooling::CompileCommand>
SpelledPathDatabase::getCompileCommands(llvm::StringRef FilePath) const {
  std::vector<clang::tooling::CompileCommand> Commands = Inner.getCompileCommands(FilePath);
  auto It = SpellingOf.find(FilePath.str());
  if (It == SpellingOf.end())
    return Commands;
  for (clang::tooling::CompileCommand &C : Commands) {
    // A relative path means the same file only where the command runs in this directory.
    if (!llvm::sys::fs::equivalent(C.Directory, "."))
      continue;
    for (std::string &Arg : C.CommandLine)
      if (Arg == C.Filename)
        Arg = It->second;
    C.Filename = It->second;
  }
  return Commands;
}

} // namespace divlint::tool
