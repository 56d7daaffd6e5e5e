//===- SpelledPaths.h - name sources as the user did -*- C++ -*-===//
//
// clang tooling makes every source path absolute before it looks up its compile command, so
// clang would print `/home/me/proj/examples/x.cu:13:7: warning: ...` for `divlint
// examples/x.cu`. clang itself prints the path as given (`examples/x.cu:13:7`), and so do the
// headers it reaches from there. This compile database hands clang the path as the user spelled
// it wherever that means the same file: commands that run in the current directory.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_SPELLEDPATHS_H
#define DIVLINT_TOOLS_DIVLINT_SPELLEDPATHS_H

#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <string>
#include <vector>

namespace divlint::tool {

class SpelledPathDatabase : public clang::tooling::CompilationDatabase {
public:
  /// \p Sources as the command line (or the diff) names them.
  SpelledPathDatabase(const clang::tooling::CompilationDatabase &Inner,
                      const std::vector<std::string> &Sources);

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override;
  std::vector<std::string> getAllFiles() const override { return Inner.getAllFiles(); }
  std::vector<clang::tooling::CompileCommand> getAllCompileCommands() const override {
    return Inner.getAllCompileCommands();
  }

private:
  const clang::tooling::CompilationDatabase &Inner;
  std::map<std::string, std::string> SpellingOf; ///< absolute path (as tooling makes it) -> given
};

} // namespace divlint::tool

#endif
