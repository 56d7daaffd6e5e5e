//===- AnalysisWorker.cpp - one document's analysis in a child process ---===//

#include "AnalysisWorker.h"

#include "CompileCommandsLocator.h"
#include "../JobResult.h"
#include "../JobRunner.h"
#include "divlint/Support/Watchdog.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>

namespace divlint::lsp {

using tool::TranslationUnitJob;

namespace {

/// A new temporary file's path (the file exists, empty); empty on failure.
std::string temporaryFile(llvm::StringRef Suffix) {
  llvm::SmallString<128> Path;
  if (llvm::sys::fs::createTemporaryFile("divlint-lsp", Suffix, Path))
    return "";
  return std::string(Path);
}

bool writeFile(const std::string &Path, llvm::StringRef Bytes) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_None);
  if (EC)
    return false;
  Out << Bytes;
  Out.close();
  return !Out.has_error() || (Out.clear_error(), false);
}

/// Why a worker left no result: its last `divlint: error: ` line, else how it ended.
std::string failureMessage(llvm::StringRef Stderr, int ReturnCode, llvm::StringRef WaitMessage) {
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Stderr.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (auto It = Lines.rbegin(); It != Lines.rend(); ++It)
    if (It->starts_with("divlint: error: "))
      return It->drop_front(strlen("divlint: error: ")).str();
  if (ReturnCode == -2) // killed by a signal
    return "the analysis crashed (" + WaitMessage.str() + ")";
  return "the analysis failed (worker exit status " + std::to_string(ReturnCode) +
         (Lines.empty() ? std::string() : ": " + Lines.back().str()) + ")";
}

} // namespace

std::unique_ptr<AnalysisProcess> AnalysisProcess::start(const WorkerCommand &Command,
                                                        const AnalysisRequest &R,
                                                        std::string &Error) {
  std::unique_ptr<AnalysisProcess> P(new AnalysisProcess());
  P->Path = R.Path;
  P->TextFile = temporaryFile("text");
  P->ResultFile = temporaryFile("result");
  P->StderrFile = temporaryFile("stderr");
  if (P->TextFile.empty() || P->ResultFile.empty() || P->StderrFile.empty() ||
      !writeFile(P->TextFile, R.Text)) {
    Error = "cannot write a temporary file for the analysis";
    return nullptr;
  }
  std::vector<std::string> Args = {Command.Executable, "lsp", "--lsp-worker-source=" + R.Path,
                                   "--lsp-worker-text=" + P->TextFile,
                                   "--lsp-worker-result=" + P->ResultFile};
  Args.insert(Args.end(), Command.Arguments.begin(), Command.Arguments.end());
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(""),
                                                llvm::StringRef(P->StderrFile)};
  bool Failed = false;
  P->Process = llvm::sys::ExecuteNoWait(Command.Executable, Refs, std::nullopt, Redirects, 0,
                                        &Error, &Failed);
  if (Failed)
    return nullptr;
  P->Running = true;
  return P;
}

bool AnalysisProcess::poll(TranslationUnitJob &Job) {
  if (!Running)
    return true;
  std::string Error;
  llvm::sys::ProcessInfo Done =
      llvm::sys::Wait(Process, /*SecondsToWait=*/0, &Error, nullptr, /*Polling=*/true);
  if (Done.Pid == 0)
    return false; // still running
  Running = false;
  Job.Input = Path;
  if (Done.ReturnCode == 0) {
    auto Bytes = llvm::MemoryBuffer::getFile(ResultFile, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
    if (Bytes && tool::deserializeJobResult((*Bytes)->getBuffer(), Job))
      return true;
  }
  auto Said = llvm::MemoryBuffer::getFile(StderrFile);
  Job.ParseFailed = true;
  Job.ParseMessage = failureMessage(Said ? (*Said)->getBuffer() : "", Done.ReturnCode, Error);
  return true;
}

void AnalysisProcess::kill() {
  if (!Running)
    return;
  ::kill(Process.Pid, SIGKILL);
  std::string Error;
  llvm::sys::Wait(Process, std::nullopt, &Error); // reap it
  Running = false;
}

AnalysisProcess::~AnalysisProcess() {
  kill();
  for (const std::string &F : {TextFile, ResultFile, StderrFile})
    if (!F.empty())
      llvm::sys::fs::remove(F);
}

int runAnalysisWorker(const LspOptions &Options) {
  const WorkerPaths &W = *Options.Worker;
  std::vector<std::string> Args = {"divlint lsp"};
  Args.insert(Args.end(), Options.DivlintArguments.begin(), Options.DivlintArguments.end());
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  tool::CommandLine CL;
  if (std::optional<int> Exit =
          tool::parseCommandLine(static_cast<int>(Argv.size()), Argv.data(), CL))
    return *Exit;
  auto Fail = [&](std::string Message) {
    llvm::errs() << "divlint: error: " << Message << "\n";
    return 2;
  };
  auto Text = llvm::MemoryBuffer::getFile(W.Text, /*IsText=*/false);
  if (!Text)
    return Fail(W.Text + ": " + Text.getError().message());
  auto Settings = tool::settingsFor(W.Source);
  if (!Settings)
    return Fail(llvm::toString(Settings.takeError()));
  auto Located = locateCompileCommands(W.Source, Options.CompileCommandsDir);
  if (!Located)
    return Fail(llvm::toString(Located.takeError()));
  const clang::tooling::CompilationDatabase &Compilations =
      Located->Database ? *Located->Database : CL.Parser->getCompilations();

  TranslationUnitJob Job;
  Job.Input = W.Source;
  Job.Settings = std::move(*Settings);
  CudaSetup Setup = detectCuda(CL.Frontend);
  auto OnDisk = llvm::MemoryBuffer::getFile(W.Source, /*IsText=*/false);
  if (OnDisk && (*OnDisk)->getBuffer() == (*Text)->getBuffer()) {
    tool::JobRunner Runner(CL, Compilations, Setup, /*Isolate=*/false); // the result cache
    Runner.run(Job);
  } else {
    Job.UnsavedText = (*Text)->getBuffer().str();
    WatchdogScope Watch(Job.Input, CL.Limits.TimeoutSeconds, CL.Limits.MemoryLimitMB);
    tool::runJob(Job, Compilations, Setup, CL.Output);
  }
  if (!writeFile(W.Result, tool::serializeJobResult(Job)))
    return Fail(W.Result + ": cannot write the result");
  return 0;
}

} // namespace divlint::lsp
