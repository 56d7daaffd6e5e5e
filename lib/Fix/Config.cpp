#include "divlint/Fix/Config.h"

#include "divlint/Fix/Suppression.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

namespace llvm::yaml {
template <> struct MappingTraits<divlint::FileConfig> {
  static void mapping(IO &IO, divlint::FileConfig &C) {
    IO.mapOptional("Checks", C.Checks);
    IO.mapOptional("BlockDim", C.BlockDim);
    IO.mapOptional("WarpSize", C.WarpSize);
    IO.mapOptional("MinSeverity", C.MinSeverity);
    IO.mapOptional("WarningSlowdown", C.WarningSlowdown);
    IO.mapOptional("WarningWorstSlowdown", C.WarningWorstSlowdown);
    IO.mapOptional("HeaderFilter", C.HeaderFilter);
    IO.mapOptional("ExcludeHeaderFilter", C.ExcludeHeaderFilter);
  }
};
} // namespace llvm::yaml

namespace divlint {

llvm::Expected<FileConfig> parseConfig(llvm::StringRef Text, llvm::StringRef Path) {
  FileConfig C;
  C.Path = Path.str();
  if (Text.trim().empty())
    return C;
  llvm::yaml::Input In(Text);
  In >> C;
  if (In.error())
    return llvm::createStringError(In.error(), "%s: invalid configuration",
                                   Path.str().c_str());
  if (C.MinSeverity && !parseSeverity(*C.MinSeverity))
    return llvm::createStringError(std::errc::invalid_argument,
                                   "%s: MinSeverity must be note, warning or error",
                                   Path.str().c_str());
  return C;
}

llvm::Expected<FileConfig> findConfig(llvm::StringRef SourcePath) {
  llvm::SmallString<256> Dir(SourcePath);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, ".divlint.yaml");
    if (llvm::sys::fs::exists(Candidate)) {
      auto Buffer = llvm::MemoryBuffer::getFile(Candidate);
      if (!Buffer)
        return llvm::createStringError(Buffer.getError(), "%s: cannot read",
                                       Candidate.c_str());
      return parseConfig((*Buffer)->getBuffer(), Candidate);
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return FileConfig();
}

llvm::Expected<FileConfig> loadConfigFile(llvm::StringRef Path) {
  if (llvm::sys::fs::is_directory(Path))
    return llvm::createStringError(std::errc::is_a_directory,
                                   "--config-file=%s: is a directory, not a YAML file",
                                   Path.str().c_str());
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "--config-file=%s: %s", Path.str().c_str(),
                                   Buffer.getError().message().c_str());
  return parseConfig((*Buffer)->getBuffer(), Path);
}

bool checkEnabled(llvm::StringRef Checks, Rule R) {
  bool Enabled = false;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Checks.split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    bool Negative = P.consume_front("-");
    auto Pattern = llvm::GlobPattern::create(P);
    if (!Pattern)
      continue;
    for (const std::string &Name : checkNamesFor(R))
      if (Pattern->match(Name)) {
        Enabled = !Negative;
        break;
      }
  }
  return Enabled;
}

std::optional<Severity> parseSeverity(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Severity>>(Name)
      .Case("note", Severity::Note)
      .Case("warning", Severity::Warning)
      .Case("error", Severity::Error)
      .Default(std::nullopt);
}

} // namespace divlint
