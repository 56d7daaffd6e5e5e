//===- CompiledFacts.cpp - findings checked against the compiled code ----===//

#include "divlint/Compiled/CompiledFacts.h"
#include "divlint/Fix/Rewrites.h"

#include "divlint/Confirm/Runner.h"
#include "divlint/Support/CachePruning.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

namespace divlint {

namespace {

llvm::Expected<std::string> readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read " + Path);
  return (*Buffer)->getBuffer().str();
}

/// Runs \p Argv; its stderr (nvcc's errors) goes into the error.
llvm::Error run(const std::vector<std::string> &Argv, const std::string &Stdout) {
  llvm::SmallString<128> Err;
  llvm::sys::fs::createTemporaryFile("divlint-compiled", "err", Err);
  std::vector<llvm::StringRef> Args(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt,
                                                Stdout.empty() ? std::optional<llvm::StringRef>()
                                                               : llvm::StringRef(Stdout),
                                                llvm::StringRef(Err)};
  std::string Message;
  int RC = llvm::sys::ExecuteAndWait(Argv[0], Args, std::nullopt, Redirects, /*Seconds=*/600, 0,
                                     &Message);
  std::string Errors;
  if (auto Text = readFile(std::string(Err)))
    Errors = *Text;
  else
    llvm::consumeError(Text.takeError());
  llvm::sys::fs::remove(Err);
  if (RC == 0)
    return llvm::Error::success();
  return llvm::createStringError(std::make_error_code(std::errc::io_error),
                                 llvm::sys::path::filename(Argv[0]).str() + " failed (exit " +
                                     std::to_string(RC) + (Message.empty() ? "" : ", " + Message) +
                                     ")" + (Errors.empty() ? "" : ":\n" + Errors));
}

} // namespace

llvm::Expected<SassLineTable> compiledLineTable(const CompiledRequest &R) {
  if (!R.GivenDisassembly.empty()) {
    auto Text = readFile(R.GivenDisassembly);
    if (!Text)
      return Text.takeError();
    return readNvdisasm(*Text);
  }
  auto Nvcc = confirm::findNvcc(R.CudaPath);
  if (!Nvcc)
    return llvm::createStringError(std::errc::no_such_file_or_directory,
                                   "--compiled needs nvcc (PATH, $CUDA_PATH/bin, /usr/local/cuda/bin "
                                   "or --cuda-path)");
  auto Nvdisasm = confirm::findCudaTool("nvdisasm", R.CudaPath);
  if (!Nvdisasm)
    return llvm::createStringError(std::errc::no_such_file_or_directory,
                                   "--compiled needs nvdisasm (part of the CUDA toolkit, next to "
                                   "nvcc); it was not found");
  std::vector<std::string> Compile = {*Nvcc, "-cubin", "-lineinfo", "-arch=" + R.Arch};
  Compile.insert(Compile.end(), R.Flags.begin(), R.Flags.end());
  Compile.push_back(R.Source);

  // The cache key: what determines the disassembly (the source's contents stand for the file;
  // a changed header is caught by nvcc's own dependency list below).
  std::string CachePath;
  if (!R.CacheDir.empty()) {
    llvm::SHA256 Hash;
    for (const std::string &A : Compile)
      Hash.update(A + '\0');
    if (auto Text = readFile(R.Source))
      Hash.update(*Text);
    else
      llvm::consumeError(Text.takeError());
    llvm::sys::fs::file_status Status;
    if (!llvm::sys::fs::status(*Nvcc, Status))
      Hash.update(std::to_string(Status.getLastModificationTime().time_since_epoch().count()));
    CachePath = (llvm::Twine(R.CacheDir) + "/compiled-" +
                 llvm::toHex(Hash.final(), /*LowerCase=*/true) + ".sass")
                    .str();
    if (auto Cached = readFile(CachePath)) {
      markCacheFileUsed(CachePath);
      return readNvdisasm(*Cached);
    } else // none, or pruned (CachePruning.h)
      llvm::consumeError(Cached.takeError());
  }

  llvm::SmallString<128> Cubin, Sass;
  llvm::sys::fs::createTemporaryFile("divlint-compiled", "cubin", Cubin);
  llvm::sys::fs::createTemporaryFile("divlint-compiled", "sass", Sass);
  llvm::scope_exit Cleanup([&] {
    llvm::sys::fs::remove(Cubin);
    llvm::sys::fs::remove(Sass);
  });
  Compile.insert(Compile.end() - 1, {"-o", std::string(Cubin)});
  if (llvm::Error E = run(Compile, ""))
    return std::move(E);
  if (llvm::Error E = run({*Nvdisasm, "-c", "-gi", std::string(Cubin)}, std::string(Sass)))
    return std::move(E);
  auto Text = readFile(std::string(Sass));
  if (!Text)
    return Text.takeError();
  // Written whole, then renamed: a reader never sees half an entry; a failure only means no
  // cache entry.
  if (!CachePath.empty() && !llvm::sys::fs::create_directories(R.CacheDir))
    llvm::consumeError(llvm::writeToOutput(CachePath, [&](llvm::raw_ostream &OS) {
      OS << *Text;
      return llvm::Error::success();
    }));
  return readNvdisasm(*Text);
}

void applyCompiledFacts(std::vector<Finding> &Findings, const SassLineTable &Table,
                        llvm::StringRef Arch) {
  for (Finding &F : Findings) {
    if (F.TheRule != Rule::DivergentBranch && F.TheRule != Rule::UniformBranch &&
        F.TheRule != Rule::HiddenBranch)
      continue;
    const SassLineFacts *Facts = lookupLine(Table, F.File, F.Line);
    // The fact replaces the guess.
    const std::string Guess =
        "; short side-effect-free arms: nvcc likely predicates this (a select, no branch)";
    if (Facts) {
      size_t At = F.Message.find(Guess);
      if (At != std::string::npos)
        F.Message.erase(At, Guess.size());
    }
    std::string Said;
    if (Facts && Facts->branches()) {
      F.Compiled = "branch";
      Said = "a conditional branch";
      // Short arms nvcc did not turn into a select: the select is worth writing here.
      for (FixSuggestion &Fix : F.Fixes) {
        size_t Caveat = Fix.Description.find(SelectAdviceCaveat);
        if (Fix.Replacements.empty() && Caveat != std::string::npos)
          Fix.Description.replace(Caveat, std::string::npos,
                                  "; the compiled code branches on this line, so the select can "
                                  "pay (measure it with divlint confirm)");
      }
      if (F.LikelyPredicated && F.TheRule == Rule::DivergentBranch) {
        // The guess was wrong: nvcc kept the branch, so its cost is real again.
        F.LikelyPredicated = false;
        double Worst = F.PredictedKernelSlowdown       ? *F.PredictedKernelSlowdown
                       : F.KernelSlowdownRange         ? F.KernelSlowdownRange->second
                                                       : 1;
        if (F.Ext != Extent::Tail && Worst >= 1.01)
          F.Sev = Severity::Warning;
      }
    } else if (Facts) {
      F.Compiled = "predicated";
      Said = Facts->PredicatedInstructions ? "predicated instructions and no branch (the warp "
                                             "does not split here)"
                                           : "no branch (the warp does not split here)";
      F.LikelyPredicated = F.TheRule == Rule::DivergentBranch;
      if (F.Sev == Severity::Warning)
        F.Sev = Severity::Note;
      // No warp splits here: advice to regroup, select or hoist has nothing to gain.
      llvm::erase_if(F.Fixes, [](const FixSuggestion &Fix) { return Fix.Replacements.empty(); });
    } else {
      F.Compiled = "no-code";
      Said = "no instructions of its own (nvcc merged it into other lines or removed it)";
    }
    F.Message += "; compiled for " + Arch.str() + ": " + Said;
  }
}

} // namespace divlint
