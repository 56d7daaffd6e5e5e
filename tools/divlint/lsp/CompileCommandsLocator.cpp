//===- CompileCommandsLocator.cpp - a file's compile database, as clangd finds it ===//

#include "CompileCommandsLocator.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace divlint::lsp {

namespace {

/// The database in \p Dir itself (compile_commands.json, else compile_flags.txt); Found is false
/// when it has neither.
llvm::Expected<LocatedDatabase> loadFrom(llvm::StringRef Dir, bool &Found) {
  using namespace clang::tooling;
  Found = false;
  LocatedDatabase Result;
  std::string Error;
  llvm::SmallString<256> Json(Dir), Flags(Dir);
  llvm::sys::path::append(Json, "compile_commands.json");
  llvm::sys::path::append(Flags, "compile_flags.txt");
  if (llvm::sys::fs::exists(Json)) {
    Found = true;
    auto DB = JSONCompilationDatabase::loadFromFile(Json, Error, JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return llvm::createStringError(std::errc::invalid_argument, "%s: %s", Json.c_str(),
                                     Error.c_str());
    Result.Database = inferMissingCompileCommands(std::move(DB));
    Result.Path = std::string(Json);
  } else if (llvm::sys::fs::exists(Flags)) {
    Found = true;
    auto DB = FixedCompilationDatabase::loadFromFile(Flags, Error);
    if (!DB)
      return llvm::createStringError(std::errc::invalid_argument, "%s: %s", Flags.c_str(),
                                     Error.c_str());
    Result.Database = std::move(DB);
    Result.Path = std::string(Flags);
  }
  return std::move(Result);
}

} // namespace

llvm::Expected<LocatedDatabase> locateCompileCommands(llvm::StringRef Source,
                                                      llvm::StringRef ExplicitDir) {
  bool Found = false;
  if (!ExplicitDir.empty()) {
    auto DB = loadFrom(ExplicitDir, Found);
    if (DB && !Found)
      return llvm::createStringError(std::errc::no_such_file_or_directory,
                                     "--compile-commands-dir=%s: no compile_commands.json or "
                                     "compile_flags.txt there",
                                     ExplicitDir.str().c_str());
    return DB;
  }
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Source); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    // clangd's order: the directory itself, then its build/ subdirectory.
    for (llvm::StringRef Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Sub);
      auto DB = loadFrom(Candidate, Found);
      if (!DB || Found)
        return DB;
    }
  }
  return LocatedDatabase{};
}

} // namespace divlint::lsp
