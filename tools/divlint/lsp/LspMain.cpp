//===- LspMain.cpp - `divlint lsp` ----------------------------------------===//

#include "LspMain.h"

#include "AnalysisWorker.h"
#include "FindingDiagnostics.h"
#include "LspOptions.h"
#include "Server.h"
#include "DivlintVersion.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace divlint::lsp {

int runLsp(int Argc, const char **Argv) {
  auto Options = parseLspOptions(std::vector<std::string>(Argv + 1, Argv + Argc));
  if (!Options) {
    llvm::errs() << "divlint: error: lsp: " << llvm::toString(Options.takeError()) << "\n";
    return 2;
  }
  if (Options->Help) {
    llvm::outs() << LspUsage;
    return 0;
  }
  if (Options->Worker)
    return runAnalysisWorker(*Options);

  // The divlint options are checked once here (a bad one ends the server before it serves),
  // then every worker parses them again.
  std::vector<std::string> Args = {"divlint lsp"};
  Args.insert(Args.end(), Options->DivlintArguments.begin(), Options->DivlintArguments.end());
  std::vector<const char *> Argv2;
  for (const std::string &A : Args)
    Argv2.push_back(A.c_str());
  tool::CommandLine CL;
  if (std::optional<int> Exit =
          tool::parseCommandLine(static_cast<int>(Argv2.size()), Argv2.data(), CL))
    return *Exit;
  if (!CL.Parser->getSourcePathList().empty()) {
    llvm::errs() << "divlint: error: lsp: the server takes no files (the client opens them)\n";
    return 2;
  }
  // Options that settingsFor() checks (--block-dim, --min-severity, ...): an error that names
  // an option is the command line's (Options.h), whatever file it is asked for.
  if (auto Settings = tool::settingsFor("divlint-lsp-options-check.cu"); !Settings) {
    std::string Message = llvm::toString(Settings.takeError());
    if (Message.find("--") != std::string::npos) {
      llvm::errs() << "divlint: error: lsp: " << Message << "\n";
      return 2;
    }
  }

  // stdout is the protocol's: keep it for the writer, and send fd 1 to stderr.
  std::fflush(stdout);
  // Close-on-exec: a worker must not hold the client's pipe open.
  int ProtocolFd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
  if (ProtocolFd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    llvm::errs() << "divlint: error: lsp: cannot set up stdout\n";
    return 2;
  }
  llvm::raw_fd_ostream ProtocolOut(ProtocolFd, /*shouldClose=*/true, /*unbuffered=*/false);
  MessageWriter Writer(ProtocolOut);
  MessageReader Reader(stdin);

  ServerOptions S;
  S.Worker.Executable = llvm::sys::fs::getMainExecutable(
      Argv[0], reinterpret_cast<void *>(&runLsp));
  S.Worker.Arguments = Options->ServerArguments;
  S.Worker.Arguments.insert(S.Worker.Arguments.end(), Options->DivlintArguments.begin(),
                            Options->DivlintArguments.end());
  S.Debounce = Options->Debounce;
  S.Report.ReportAll = CL.Output.ReportAll;
  S.RuleDocsDir = ruleDocsDirectory(installedRuleDocs(S.Worker.Executable),
                                    DIVLINT_SOURCE_DIR "/docs/rules");
  S.Version = DIVLINT_VERSION_STRING;
  llvm::errs() << "divlint lsp " << S.Version << ": serving on stdin/stdout; rule pages in "
               << S.RuleDocsDir << "\n";
  Server TheServer(std::move(S), Writer);
  return TheServer.serve(Reader);
}

} // namespace divlint::lsp
