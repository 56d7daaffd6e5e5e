//===- WorkerProcess.cpp - one translation unit in a child process --------===//

#include "WorkerProcess.h"

#include "JobResult.h"
#include "divlint/Support/Watchdog.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

namespace divlint::tool {

namespace {

/// A temporary file removed when this goes out of scope.
struct TempFile {
  llvm::SmallString<128> Path;
  explicit TempFile(llvm::StringRef Suffix) {
    if (llvm::sys::fs::createTemporaryFile("divlint-worker", Suffix, Path))
      Path.clear();
  }
  ~TempFile() {
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }
};

/// Why a worker ended without a result: its own `divlint: error: FILE: ...` line (the
/// watchdog's timeout or memory message) when it wrote one, else what the exit says.
std::string failureMessage(const std::string &Input, llvm::StringRef Stderr, int ReturnCode,
                           const std::string &WaitMessage) {
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Stderr.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::string Prefix = "divlint: error: " + Input + ": ";
  for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
    if (It->starts_with(Prefix))
      return It->drop_front(Prefix.size()).str();
  if (ReturnCode == -2) // killed by a signal
    return "analysis crashed (" + WaitMessage + "); this file's findings are lost";
  return "analysis failed (worker exit status " + std::to_string(ReturnCode) +
         (Lines.empty() ? std::string() : ": " + Lines.back().str()) +
         "); this file's findings are lost";
}

/// Writes \p Bytes to a new temporary file; its path, or an error.
llvm::Expected<std::string> writeTemporaryFile(llvm::StringRef Prefix, llvm::StringRef Bytes) {
  int FD;
  llvm::SmallString<128> Path;
  if (std::error_code EC = llvm::sys::fs::createTemporaryFile(Prefix, "cbor", FD, Path))
    return llvm::createStringError(EC, "cannot create a temporary file: %s",
                                   EC.message().c_str());
  llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
  Out << Bytes;
  Out.close();
  if (Out.has_error()) {
    std::error_code EC = Out.error();
    Out.clear_error();
    llvm::sys::fs::remove(Path);
    return llvm::createStringError(EC, "cannot write %s: %s", Path.c_str(),
                                   EC.message().c_str());
  }
  return std::string(Path);
}

} // namespace

WorkerLauncher::WorkerLauncher(const CommandLine &CL) : CL(CL) {
  if (!CL.Lines)
    return;
  auto Path = writeTemporaryFile("divlint-line-filter", CL.Lines->toCbor());
  if (!Path) {
    FilterProblem = "cannot hand the line filter to the worker process: " +
                    llvm::toString(Path.takeError());
    return;
  }
  FilterPath = std::move(*Path);
  llvm::sys::RemoveFileOnSignal(FilterPath); // also when the run is interrupted
}

WorkerLauncher::~WorkerLauncher() {
  if (FilterPath.empty())
    return;
  llvm::sys::fs::remove(FilterPath);
  llvm::sys::DontRemoveFileOnSignal(FilterPath);
}

void WorkerLauncher::run(TranslationUnitJob &Job) const {
  auto Fail = [&](std::string Message) {
    Job.ParseFailed = true;
    Job.Reusable = false;
    Job.ParseMessage = std::move(Message);
  };
  if (!FilterProblem.empty())
    return Fail(FilterProblem);
  TempFile Result("result"), Stderr("stderr");
  if (Result.Path.empty() || Stderr.Path.empty())
    return Fail("cannot create a temporary file for the worker process");
  std::string Exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&runWorker));
  std::vector<std::string> Args = {Exe, "--divlint-worker-input=" + Job.Input,
                                   "--divlint-worker-result=" + std::string(Result.Path),
                                   std::string("--divlint-worker-colors=") +
                                       (CL.Output.Colors ? "true" : "false")};
  if (!FilterPath.empty()) // in place of the parent's --line-filter or --diff
    Args.push_back("--divlint-worker-line-filter=" + FilterPath);
  Args.insert(Args.end(), CL.Arguments.begin(), CL.Arguments.end());
  std::vector<llvm::StringRef> ArgRefs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(""),
                                                llvm::StringRef(Stderr.Path)};
  std::string Error;
  bool ExecutionFailed = false;
  llvm::sys::ProcessInfo PI = llvm::sys::ExecuteNoWait(Exe, ArgRefs, std::nullopt, Redirects, 0,
                                                       &Error, &ExecutionFailed);
  if (ExecutionFailed)
    return Fail("cannot start a worker process: " + Error);
  // The worker's own watchdog ends it past --timeout or --memory-limit.
  llvm::sys::ProcessInfo Done = llvm::sys::Wait(PI, std::nullopt, &Error);
  if (Done.ReturnCode == 0) {
    auto Bytes = llvm::MemoryBuffer::getFile(Result.Path, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
    if (Bytes && deserializeJobResult((*Bytes)->getBuffer(), Job))
      return;
  }
  auto Said = llvm::MemoryBuffer::getFile(Stderr.Path);
  Fail(failureMessage(Job.Input, Said ? (*Said)->getBuffer() : "", Done.ReturnCode, Error));
}

int runWorker(const CommandLine &CL, const clang::tooling::CompilationDatabase &Compilations) {
  TranslationUnitJob Job;
  Job.Input = CL.Worker->Input;
  auto Settings = settingsFor(Job.Input);
  if (!Settings) {
    llvm::errs() << "divlint: error: " << llvm::toString(Settings.takeError()) << "\n";
    return 2;
  }
  Job.Settings = std::move(*Settings);
  Job.Settings.Lines = CL.Lines; // the parent's, from --divlint-worker-line-filter
  if (CL.Compiled.Enabled)
    Job.Compiled = compiledRequestFor(CL);
  CudaSetup Setup = detectCuda(CL.Frontend);
  {
    WatchdogScope Watch(Job.Input, CL.Limits.TimeoutSeconds, CL.Limits.MemoryLimitMB);
    runJob(Job, Compilations, Setup, CL.Output);
  }
  std::error_code EC;
  llvm::raw_fd_ostream Out(CL.Worker->ResultPath, EC, llvm::sys::fs::OF_None);
  if (EC) {
    llvm::errs() << "divlint: error: " << CL.Worker->ResultPath << ": " << EC.message() << "\n";
    return 2;
  }
  Out << serializeJobResult(Job);
  Out.close();
  return Out.has_error() ? (Out.clear_error(), 2) : 0;
}

void injectTestingFault(llvm::StringRef Input) {
  auto Matches = [&](const char *Variable) {
    std::optional<std::string> Value = llvm::sys::Process::GetEnv(Variable);
    return Value && !Value->empty() && Input.contains(*Value);
  };
  // abort(), not SIGSEGV: AddressSanitizer catches SIGSEGV and exits with status 1, where a
  // real crash of a release build dies by the signal; SIGABRT it leaves alone.
  if (Matches("DIVLINT_TESTING_CRASH_ON"))
    std::abort();
  if (Matches("DIVLINT_TESTING_HANG_ON"))
    for (;;) // until the watchdog ends the process
      std::this_thread::sleep_for(std::chrono::seconds(1));
}

} // namespace divlint::tool
