//===- JobRunner.cpp - where a translation unit's result comes from -------===//

#include "JobRunner.h"

#include "JobResult.h"
#include "divlint/Support/Watchdog.h"

#include "clang/Basic/Version.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

namespace divlint::tool {

namespace {

/// Identifies this divlint build: a rebuilt executable never reuses results of the old one.
std::string buildIdentity() {
  std::string Exe =
      llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&buildIdentity));
  llvm::sys::fs::file_status Status;
  std::string Id = "divlint " DIVLINT_VERSION " " + clang::getClangFullVersion() + " " + Exe;
  if (!llvm::sys::fs::status(Exe, Status))
    Id += " " + std::to_string(Status.getSize()) + " " +
          std::to_string(Status.getLastModificationTime().time_since_epoch().count());
  return Id;
}

/// A field of a key: its length first, so that no two different lists give the same text.
void addField(std::string &Key, llvm::StringRef Field) {
  Key += std::to_string(Field.size());
  Key += ':';
  Key += Field;
}

} // namespace

JobRunner::JobRunner(const CommandLine &CL,
                     const clang::tooling::CompilationDatabase &Compilations,
                     const CudaSetup &Setup, bool Isolate)
    : CL(CL), Compilations(Compilations), Setup(Setup) {
  if (Isolate)
    Workers.emplace(CL);
  // Not cached: --compiled, whose nvcc and nvdisasm are not part of the key (it caches its
  // own part).
  if (CL.Reuse.Enabled && !CL.Compiled.Enabled && !CL.Reuse.CacheDir.empty())
    Cache.emplace(CL.Reuse.CacheDir);
  addField(RunKey, "divlint-result-2");
  addField(RunKey, buildIdentity());
  for (const std::string &Arg : Setup.Args)
    addField(RunKey, Arg);
  // What the text rendering depends on (the findings themselves do not).
  addField(RunKey, std::to_string(int(CL.Output.Format)) + (CL.Output.Colors ? "c" : "-") +
                       (CL.Output.ReportAll ? "a" : "-") + (CL.Output.Quiet ? "q" : "-") +
                       (CL.Output.KernelSummary ? "k" : "-"));
  // Environment variables clang reads include directories from.
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"})
    addField(RunKey, llvm::sys::Process::GetEnv(Var).value_or("-"));
  // The line filter (--line-filter, or the lines --diff changes) decides which findings are
  // kept. All of it: which files a unit reads (and so which entries concern it) is known only
  // once it has been analyzed. Empty without a filter (a filter's bytes never are).
  addField(RunKey, CL.Lines ? CL.Lines->toCbor() : "");
}

std::string JobRunner::cacheKey(const TranslationUnitJob &Job) const {
  std::string Key = RunKey;
  addField(Key, Job.Input); // findings name the main file as the user did
  addField(Key, Job.Settings.Fingerprint);
  llvm::SmallString<256> Absolute(Job.Input);
  llvm::sys::fs::make_absolute(Absolute); // as clang tooling looks it up
  for (const clang::tooling::CompileCommand &C : Compilations.getCompileCommands(Absolute)) {
    addField(Key, C.Directory);
    addField(Key, C.Filename);
    for (const std::string &Arg : C.CommandLine)
      addField(Key, Arg);
  }
  return Key;
}

void JobRunner::run(TranslationUnitJob &Job) {
  std::string Key;
  if (Cache) {
    Key = cacheKey(Job);
    if (std::optional<std::string> Bytes = Cache->lookup(Key))
      if (deserializeJobResult(*Bytes, Job))
        return;
  }
  auto Started = std::chrono::time_point_cast<std::chrono::nanoseconds>(
      std::chrono::system_clock::now());
  if (Workers) {
    Workers->run(Job);
  } else {
    // clang cannot be interrupted mid-parse: past the limits the process ends (exit 2).
    WatchdogScope Watch(Job.Input, CL.Limits.TimeoutSeconds, CL.Limits.MemoryLimitMB);
    runJob(Job, Compilations, Setup, CL.Output);
  }
  if (!Cache || !Job.Reusable)
    return;
  std::optional<std::string> Problem =
      Cache->store(Key, Job.Dependencies, serializeJobResult(Job), Started);
  if (Problem && !SaidCacheProblem.exchange(true))
    llvm::errs() << ("divlint: note: results are not cached: " + *Problem + "\n");
}

} // namespace divlint::tool
