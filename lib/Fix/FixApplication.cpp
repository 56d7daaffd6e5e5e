#include "divlint/Fix/FixApplication.h"

#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

namespace divlint {

namespace {

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

/// Replacements per file, without overlaps: a fix-it goes in whole or not at all (a remap
/// half applied would change what the kernel computes); the first one wins, as in clang-tidy.
std::map<std::string, clang::tooling::Replacements>
collectReplacements(const std::vector<Finding> &Findings) {
  std::map<std::string, clang::tooling::Replacements> ByFile;
  for (const Finding &F : Findings)
    for (const FixSuggestion &Fix : F.Fixes) {
      auto Trial = ByFile;
      bool Fits = true;
      for (const Replacement &R : Fix.Replacements) {
        std::string Path = absolute(R.File);
        if (llvm::Error E = Trial[Path].add(
                clang::tooling::Replacement(Path, R.Offset, R.Length, R.Text))) {
          llvm::consumeError(std::move(E)); // overlaps an earlier fix-it: keep that one
          Fits = false;
          break;
        }
      }
      if (Fits && !Fix.Replacements.empty())
        ByFile = std::move(Trial);
    }
  return ByFile;
}

llvm::Error writeAtomically(const std::string &Path, llvm::StringRef Content,
                            llvm::sys::fs::perms Mode, const FixOptions &Opts) {
  auto Temp = llvm::sys::fs::TempFile::create(Path + ".divlint-%%%%%%", Mode);
  if (!Temp)
    return Temp.takeError();
  llvm::raw_fd_ostream Out(Temp->FD, /*shouldClose=*/false);
  if (Opts.SimulateWriteError) {
    Out << Content.take_front(Content.size() / 2);
    Out.flush();
    llvm::consumeError(Temp->discard());
    return llvm::createStringError(std::errc::no_space_on_device,
                                   "simulated write error (no space left on device)");
  }
  Out << Content;
  Out.flush();
  if (Out.has_error()) {
    std::error_code EC = Out.error();
    Out.clear_error();
    llvm::consumeError(Temp->discard());
    return llvm::errorCodeToError(EC);
  }
  return Temp->keep(Path);
}

} // namespace

llvm::Expected<std::vector<std::string>> applyFixes(const std::vector<Finding> &Findings,
                                                    const FixOptions &Opts) {
  std::vector<std::string> Changed;
  for (auto &[Path, Reps] : collectReplacements(Findings)) {
    llvm::sys::fs::file_status Status;
    if (std::error_code EC = llvm::sys::fs::status(Path, Status))
      return llvm::createFileError(Path, EC);
    // Refuse read-only files even where we could write them (as root).
    if ((Status.permissions() & llvm::sys::fs::all_write) == llvm::sys::fs::no_perms)
      return llvm::createFileError(
          Path, llvm::createStringError(std::errc::permission_denied, "file is read-only"));
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
    if (!Buffer)
      return llvm::createFileError(Path, Buffer.getError());
    auto Fixed = clang::tooling::applyAllReplacements((*Buffer)->getBuffer(), Reps);
    if (!Fixed)
      return llvm::createFileError(Path, Fixed.takeError());
    if (*Fixed == (*Buffer)->getBuffer())
      continue;
    if (llvm::Error E = writeAtomically(Path, *Fixed, Status.permissions(), Opts))
      return llvm::createFileError(Path, std::move(E));
    Changed.push_back(Path);
  }
  return Changed;
}

llvm::Error exportFixes(llvm::StringRef YamlPath, llvm::StringRef MainSourceFile,
                        const std::vector<Finding> &Findings) {
  clang::tooling::TranslationUnitReplacements TUR;
  TUR.MainSourceFile = absolute(MainSourceFile);
  for (auto &[Path, Reps] : collectReplacements(Findings))
    for (const clang::tooling::Replacement &R : Reps)
      TUR.Replacements.push_back(R);
  std::error_code EC;
  llvm::raw_fd_ostream OS(YamlPath, EC, llvm::sys::fs::OF_Text);
  if (EC)
    return llvm::createFileError(YamlPath, EC);
  llvm::yaml::Output YAML(OS);
  YAML << TUR;
  return llvm::Error::success();
}

} // namespace divlint
