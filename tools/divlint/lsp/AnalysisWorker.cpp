//===- AnalysisWorker.cpp - one document's analysis in a child process ---===//

#include "AnalysisWorker.h"

#include "CompileCommandsLocator.h"
#include "../JobResult.h"
#include "../JobRunner.h"
#include "divlint/Support/Watchdog.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>

extern char **environ;

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
                                                        std::string &Error) {
  std::unique_ptr<AnalysisProcess> P(new AnalysisProcess());
  P->ResultFile = temporaryFile("result");
  P->StderrFile = temporaryFile("stderr");
  int Pair[2];
  if (P->ResultFile.empty() || P->StderrFile.empty() ||
      ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Pair) != 0) {
    Error = "cannot create the files of a worker process";
    return nullptr;
  }
  P->Request = Pair[0];
  std::vector<std::string> Args = {Command.Executable, "lsp", "--lsp-worker"};
  Args.insert(Args.end(), Command.Arguments.begin(), Command.Arguments.end());
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  // stdin: the worker's end of the socket; stdout: nothing; stderr: a file (why it failed).
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_adddup2(&Actions, Pair[1], STDIN_FILENO);
  posix_spawn_file_actions_addopen(&Actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, STDERR_FILENO, P->StderrFile.c_str(),
                                   O_WRONLY | O_TRUNC, 0);
  pid_t Pid;
  int Failed = posix_spawn(&Pid, Command.Executable.c_str(), &Actions, nullptr, Argv.data(),
                           environ);
  posix_spawn_file_actions_destroy(&Actions);
  ::close(Pair[1]);
  if (Failed) {
    Error = "cannot start " + Command.Executable + ": " + std::strerror(Failed);
    return nullptr;
  }
  P->Process.Pid = Pid;
  P->Process.Process = Pid;
  P->Running = true;
  return P;
}

bool AnalysisProcess::send(const AnalysisRequest &R) {
  Path = R.Path;
  std::string Message = R.Path + "\n" + ResultFile + "\n" + R.Text;
  for (size_t Sent = 0; Sent < Message.size();) {
    // MSG_NOSIGNAL: a worker that already ended is an error here, not SIGPIPE for the server.
    ssize_t N = ::send(Request, Message.data() + Sent, Message.size() - Sent, MSG_NOSIGNAL);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Sent += static_cast<size_t>(N);
  }
  ::shutdown(Request, SHUT_WR); // the end of the text
  return true;
}

bool AnalysisProcess::poll(TranslationUnitJob &Job) {
  if (!Running)
    return true;
  std::string Error;
  std::optional<llvm::sys::ProcessStatistics> Stats;
  llvm::sys::ProcessInfo Done =
      llvm::sys::Wait(Process, /*SecondsToWait=*/0, &Error, &Stats, /*Polling=*/true);
  if (Done.Pid == 0)
    return false; // still running
  Running = false;
  if (Stats)
    CpuSeconds = std::chrono::duration<double>(Stats->TotalTime).count();
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
  if (Request >= 0)
    ::close(Request);
  for (const std::string &F : {ResultFile, StderrFile})
    if (!F.empty())
      llvm::sys::fs::remove(F);
}

int runAnalysisWorker(const LspOptions &Options) {
  auto Fail = [&](std::string Message) {
    llvm::errs() << "divlint: error: " << Message << "\n";
    return 2;
  };
  // What does not depend on the document, before the request comes.
  std::vector<std::string> Args = {"divlint lsp"};
  Args.insert(Args.end(), Options.DivlintArguments.begin(), Options.DivlintArguments.end());
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  tool::CommandLine CL;
  if (std::optional<int> Exit =
          tool::parseCommandLine(static_cast<int>(Argv.size()), Argv.data(), CL))
    return *Exit;
  CudaSetup Setup = detectCuda(CL.Frontend);

  // The request: the document's path, the result file, then its text to the end.
  auto Input = llvm::MemoryBuffer::getSTDIN();
  if (!Input)
    return Fail("cannot read the request: " + Input.getError().message());
  auto [Source, Rest] = (*Input)->getBuffer().split('\n');
  auto [ResultPath, Text] = Rest.split('\n');
  if (Source.empty() || ResultPath.empty())
    return Fail("the request names no document"); // the server went away before sending
  auto Settings = tool::settingsFor(Source.str());
  if (!Settings)
    return Fail(llvm::toString(Settings.takeError()));
  auto Located = locateCompileCommands(Source, Options.CompileCommandsDir);
  if (!Located)
    return Fail(llvm::toString(Located.takeError()));
  const clang::tooling::CompilationDatabase &Compilations =
      Located->Database ? *Located->Database : CL.Parser->getCompilations();

  TranslationUnitJob Job;
  Job.Input = Source.str();
  Job.Settings = std::move(*Settings);
  auto OnDisk = llvm::MemoryBuffer::getFile(Job.Input, /*IsText=*/false);
  if (OnDisk && (*OnDisk)->getBuffer() == Text) {
    tool::JobRunner Runner(CL, Compilations, Setup, /*Isolate=*/false); // the result cache
    Runner.run(Job);
  } else {
    Job.UnsavedText = Text.str();
    WatchdogScope Watch(Job.Input, CL.Limits.TimeoutSeconds, CL.Limits.MemoryLimitMB);
    tool::runJob(Job, Compilations, Setup, CL.Output);
  }
  if (!writeFile(ResultPath.str(), tool::serializeJobResult(Job)))
    return Fail(ResultPath.str() + ": cannot write the result");
  return 0;
}

} // namespace divlint::lsp
