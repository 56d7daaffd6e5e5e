//===- HeaderPrecompile.cpp - the CUDA headers, parsed once ---------------===//
//
// In the directory: <key>.pch, <key>.json (the manifest: the key's text and every input file
// with its size and modification time) and an empty main file the PCHs are built from. Both
// files are written to a temporary name and renamed into place, the manifest last, so that a
// reader that finds a manifest finds its PCH complete.
//
//===----------------------------------------------------------------------===//

#include "divlint/Frontend/HeaderPrecompile.h"

#include "divlint/Support/CachePruning.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>

using namespace clang;

namespace divlint {

namespace {

/// Every file the PCH's parse reads.
class PchInputs : public DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
  bool sawDependency(llvm::StringRef Filename, bool, bool, bool IsModuleFile,
                     bool IsMissing) override {
    Missing |= IsMissing;
    return !IsMissing && !IsModuleFile && Filename != "<built-in>";
  }
  bool Missing = false;
};

/// GeneratePCHAction writing to a given file and recording its inputs.
class EmitPch : public GeneratePCHAction {
public:
  EmitPch(std::string Output, std::shared_ptr<PchInputs> Inputs)
      : Output(std::move(Output)), Inputs(std::move(Inputs)) {}

protected:
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Output;
    CI.addDependencyCollector(Inputs);
    return GeneratePCHAction::BeginInvocation(CI);
  }

private:
  std::string Output;
  std::shared_ptr<PchInputs> Inputs;
};

/// Identifies this divlint build (a rebuilt divlint never loads an older one's PCH).
std::string buildIdentity() {
  std::string Exe =
      llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&buildIdentity));
  llvm::sys::fs::file_status Status;
  std::string Id = getClangFullVersion() + "\n" + Exe;
  if (!llvm::sys::fs::status(Exe, Status))
    Id += " " + std::to_string(Status.getSize()) + " " +
          std::to_string(Status.getLastModificationTime().time_since_epoch().count());
  return Id;
}

/// The size and modification time that identify a file's version (nullopt: unreadable).
std::optional<std::pair<uint64_t, int64_t>> version(const std::string &Path) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return std::nullopt;
  return std::make_pair(uint64_t(Status.getSize()),
                        int64_t(Status.getLastModificationTime().time_since_epoch().count()));
}

/// Writes \p Bytes to \p Path through a temporary file in the same directory.
bool writeAtomically(const std::string &Path, llvm::StringRef Bytes) {
  int FD;
  llvm::SmallString<256> Temp;
  if (llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Temp))
    return false;
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << Bytes;
    Out.close();
    if (Out.has_error()) {
      Out.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  if (llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return false;
  }
  return true;
}

class PchStore {
public:
  explicit PchStore(std::string Dir) : Dir(std::move(Dir)), Identity(buildIdentity()) {}

  /// The PCH for \p Args (the command line without its source file), built if needed; empty
  /// when there is none.
  std::string pchFor(std::vector<std::string> Args) {
    std::string KeyText = Identity;
    for (const std::string &A : Args)
      KeyText += "\n" + A;
    std::string Hex = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(KeyText)),
                                  /*LowerCase=*/true);
    std::lock_guard<std::mutex> Guard(Lock); // one build at a time in this process
    if (Failed.count(Hex))
      return "";
    std::string Pch = path(Hex + ".pch"), Manifest = path(Hex + ".json");
    if (isCurrent(Manifest, Pch, KeyText)) {
      // Used now: pruning keeps recently used files, so the parse finds the PCH it was
      // given, and the main file it was built from unchanged.
      for (const std::string &F : {Pch, Manifest, path("divlint-pch-main.cu")})
        markCacheFileUsed(F);
      return Pch;
    }
    // Building costs about two parses of the headers: worth it only for a command line that
    // comes back (another file of the project, the next run). The first time, leave a mark.
    std::string Seen = path(Hex + ".seen");
    if (!llvm::sys::fs::exists(Seen)) {
      if (!llvm::sys::fs::create_directories(Dir))
        writeAtomically(Seen, "");
      return "";
    }
    if (build(std::move(Args), KeyText, Pch, Manifest))
      return Pch;
    Failed.insert(Hex);
    return "";
  }

private:
  std::string Dir, Identity;
  std::mutex Lock;
  std::set<std::string> Failed; ///< keys whose PCH could not be built in this run

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }

  /// Whether the manifest is this key's and every file it lists is as it was.
  bool isCurrent(const std::string &Manifest, const std::string &Pch,
                 const std::string &KeyText) const {
    auto Buffer = llvm::MemoryBuffer::getFile(Manifest);
    if (!Buffer)
      return false;
    nlohmann::json M = nlohmann::json::parse((*Buffer)->getBuffer().begin(),
                                             (*Buffer)->getBuffer().end(), nullptr,
                                             /*allow_exceptions=*/false);
    try {
      if (M.is_discarded() || M.at("key").get<std::string>() != KeyText)
        return false;
      auto PchVersion = version(Pch);
      if (!PchVersion || PchVersion->first != M.at("pch_size").get<uint64_t>())
        return false;
      for (const nlohmann::json &F : M.at("inputs")) {
        auto V = version(F.at(0).get<std::string>());
        if (!V || V->first != F.at(1).get<uint64_t>() || V->second != F.at(2).get<int64_t>())
          return false;
      }
      return true;
    } catch (const nlohmann::json::exception &) {
      return false;
    }
  }

  bool build(std::vector<std::string> Args, const std::string &KeyText, const std::string &Pch,
             const std::string &Manifest) {
    if (llvm::sys::fs::create_directories(Dir))
      return false;
    // The PCH's main file: empty, so that the PCH holds exactly the implicit includes.
    std::string Main = path("divlint-pch-main.cu");
    if (llvm::sys::fs::exists(Main))
      markCacheFileUsed(Main); // kept by pruning while the PCH is built from it
    else if (!writeAtomically(Main, ""))
      return false;
    Args.push_back(Main);
    int FD;
    llvm::SmallString<256> Temp;
    if (llvm::sys::fs::createUniqueFile(Pch + ".tmp-%%%%%%%%", FD, Temp))
      return false;
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
    auto Inputs = std::make_shared<PchInputs>();
    auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                        llvm::vfs::getRealFileSystem());
    tooling::ToolInvocation Invocation(Args, std::make_unique<EmitPch>(std::string(Temp), Inputs),
                                       Files.get());
    IgnoringDiagConsumer Quiet;
    Invocation.setDiagnosticConsumer(&Quiet);
    bool Built = Invocation.run() && !Quiet.getNumErrors() && !Inputs->Missing;
    auto PchVersion = version(std::string(Temp));
    if (!Built || !PchVersion || PchVersion->first == 0 || llvm::sys::fs::rename(Temp, Pch)) {
      llvm::sys::fs::remove(Temp);
      return false;
    }
    nlohmann::json M = {{"key", KeyText}, {"pch_size", PchVersion->first}};
    nlohmann::json List = nlohmann::json::array();
    for (const std::string &File : Inputs->getDependencies()) {
      llvm::SmallString<256> Absolute(File);
      llvm::sys::fs::make_absolute(Absolute);
      auto V = version(std::string(Absolute));
      if (!V)
        return false;
      List.push_back({std::string(Absolute), V->first, V->second});
    }
    M["inputs"] = std::move(List);
    return writeAtomically(Manifest, M.dump(1, ' ', false, nlohmann::json::error_handler_t::replace));
  }
};

} // namespace

tooling::ArgumentsAdjuster precompiledHeaderAdjuster(std::string Directory) {
  auto Store = std::make_shared<PchStore>(std::move(Directory));
  return [Store](const tooling::CommandLineArguments &Args, llvm::StringRef Filename) {
    // The command line without its source file is the key; without exactly one source
    // argument (an unusual command), parse without a PCH.
    std::vector<std::string> Rest;
    unsigned Sources = 0;
    for (const std::string &A : Args)
      (A == Filename ? ++Sources : (Rest.push_back(A), 0));
    if (Sources != 1 || Args.empty())
      return Args;
    std::string Pch = Store->pchFor(std::move(Rest));
    if (Pch.empty())
      return Args;
    tooling::CommandLineArguments With = Args;
    With.insert(With.begin() + 1, {"-include-pch", Pch});
    return With;
  };
}

} // namespace divlint
