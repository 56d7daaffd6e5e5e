//===- CompileCommandsLocator.h - a file's compile database, as clangd finds it -*- C++ -*-===//
//
// For a source file, the compile database clangd would use: in each directory from the file's
// own up to the root, `compile_commands.json` or `compile_flags.txt`, then the same in its
// `build/` subdirectory; the first found wins. `--compile-commands-dir=DIR` names the directory
// instead (its compile_commands.json, else compile_flags.txt). A file the JSON database does not
// list (a header, a new file) gets the command of its nearest neighbour (clang tooling's
// interpolation, as clangd). Nothing found: the caller's fallback (the flags after `--`).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_COMPILECOMMANDSLOCATOR_H
#define DIVLINT_TOOLS_DIVLINT_LSP_COMPILECOMMANDSLOCATOR_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace divlint::lsp {

struct LocatedDatabase {
  std::unique_ptr<clang::tooling::CompilationDatabase> Database; ///< null: none found
  std::string Path; ///< the file it was read from
};

/// The database for \p Source (absolute). An error when a database was found but cannot be
/// read, or when \p ExplicitDir is given and has none.
llvm::Expected<LocatedDatabase> locateCompileCommands(llvm::StringRef Source,
                                                      llvm::StringRef ExplicitDir);

} // namespace divlint::lsp

#endif
