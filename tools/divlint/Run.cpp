//===- Run.cpp - one divlint run: files, jobs, outputs -------------------===//

#include "Run.h"

#include "JobRunner.h"
#include "TranslationUnitJob.h"
#include "WorkerProcess.h"
#include "divlint/Fix/FixApplication.h"
#include "divlint/Frontend/CompileDatabase.h"
#include "divlint/Support/Watchdog.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

using namespace clang;

namespace divlint::tool {

namespace {

/// The files to analyze and their compile commands.
struct Inputs {
  std::vector<std::string> Sources;
  std::unique_ptr<tooling::CompilationDatabase> WholeDatabase; ///< -p BUILD_DIR alone
  const tooling::CompilationDatabase *Compilations = nullptr;
};

/// The sources the command line names, else (`-p BUILD_DIR` alone) every CUDA entry of its
/// compile_commands.json: CommonOptionsParser loads no database when no source is named.
/// False when there are none (said on stderr).
bool findInputs(CommandLine &CL, Inputs &In) {
  In.Sources = CL.Parser->getSourcePathList();
  if (In.Sources.empty()) {
    if (CL.BuildPath) {
      std::string Error;
      In.WholeDatabase =
          tooling::CompilationDatabase::autoDetectFromDirectory(*CL.BuildPath, Error);
      if (!In.WholeDatabase) {
        llvm::errs() << "divlint: error: -p " << *CL.BuildPath << ": " << Error << "\n";
        return false;
      }
      In.Sources = cudaFilesOf(*In.WholeDatabase);
      In.Compilations = In.WholeDatabase.get();
    }
  } else {
    In.Compilations = &CL.Parser->getCompilations();
  }
  if (In.Sources.empty()) {
    llvm::errs() << "divlint: error: no input files (try: divlint kernel.cu, or -p BUILD_DIR "
                    "with CUDA files in compile_commands.json)\n";
    return false;
  }
  return true;
}

/// Rejects inputs clang would choke on before parsing: missing, directories, binary data.
std::optional<std::string> checkInputFile(const std::string &Path) {
  if (!llvm::sys::fs::exists(Path))
    return "no such file";
  if (llvm::sys::fs::is_directory(Path))
    return "is a directory, not a CUDA source file";
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Buffer)
    return "cannot read: " + Buffer.getError().message();
  llvm::StringRef Head = (*Buffer)->getBuffer().take_front(1 << 16);
  if (Head.contains('\0'))
    return "binary data, not a CUDA source file";
  return std::nullopt;
}

/// Prints what a finished job produced: clang's errors, the text diagnostics, and a line when
/// it failed to parse or had nothing to analyze.
void printJob(const TranslationUnitJob &Job, bool Progress) {
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  llvm::errs() << Job.ClangErrors;
  llvm::outs() << Job.Text;
  llvm::outs().flush();
  if (!Job.ParseFailed)
    for (const std::string &Where : Job.NotAnalyzed)
      llvm::errs() << "divlint: warning: " << Where << "\n";
  if (Job.ParseFailed)
    llvm::errs() << "divlint: error: " << Job.Input << ": " << Job.ParseMessage << "\n";
  else if (Job.DeviceFunctions == 0)
    llvm::errs() << "divlint: note: " << Job.Input
                 << ": no __global__ or __device__ function bodies; nothing to "
                    "analyze\n";
}

/// Translation units run in parallel; their output is printed in input order as soon as all
/// earlier ones are done, so the output is the same for any -j.
void runJobs(std::vector<TranslationUnitJob> &TUs, const tooling::CompilationDatabase &Compilations,
             const CudaSetup &Setup, const CommandLine &CL) {
  bool Progress = llvm::sys::Process::StandardErrIsDisplayed() && TUs.size() > 1;
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(CL.Limits.Jobs));
  std::mutex Lock;
  std::vector<char> Done(TUs.size(), 0);
  size_t NextToPrint = 0, Finished = 0;
  // Several units: each in a worker process, so that a crash or a limit loses only that unit.
  JobRunner Runner(CL, Compilations, Setup, /*Isolate=*/TUs.size() > 1);
  for (size_t I = 0; I < TUs.size(); ++I)
    Pool.async([&, I] {
      Runner.run(TUs[I]);
      std::lock_guard<std::mutex> Guard(Lock);
      Done[I] = 1;
      ++Finished;
      for (; NextToPrint < TUs.size() && Done[NextToPrint]; ++NextToPrint)
        printJob(TUs[NextToPrint], Progress);
      if (Progress && Finished < TUs.size())
        llvm::errs() << "\r\x1b[K[" << Finished << "/" << TUs.size() << "] " << TUs[I].Input;
    });
  Pool.wait();
}

/// --export-fixes, then --fix; false when one fails (said on stderr).
bool writeFixes(const CommandLine &CL, const std::string &FirstSource,
                const std::vector<Finding> &Findings) {
  if (!CL.Fixes.ExportPath.empty()) {
    if (llvm::Error E = exportFixes(CL.Fixes.ExportPath, FirstSource, Findings)) {
      llvm::errs() << "divlint: error: --export-fixes: " << llvm::toString(std::move(E)) << "\n";
      return false;
    }
  }
  if (CL.Fixes.Apply) {
    FixOptions FOpts;
    FOpts.SimulateWriteError = CL.Fixes.SimulateWriteError;
    auto Changed = applyFixes(Findings, FOpts);
    if (!Changed) {
      llvm::errs() << "divlint: error: --fix: " << llvm::toString(Changed.takeError())
                   << "; the file is unchanged\n";
      return false;
    }
    for (const std::string &File : *Changed)
      llvm::errs() << "divlint: note: applied fixes to " << File << "\n";
  }
  return true;
}

} // namespace

int runAnalysis(CommandLine &CL) {
  Inputs In;
  if (!findInputs(CL, In))
    return 2;
  if (CL.Worker) // a child of a multi-file run: one unit, result to a file
    return runWorker(CL, *In.Compilations);

  // Files: readable sources, each with its settings.
  std::vector<ToolError> Errors;
  std::vector<TranslationUnitJob> TUs;
  for (const std::string &S : In.Sources) {
    if (auto Problem = checkInputFile(S)) {
      llvm::errs() << "divlint: error: " << S << ": " << *Problem << "\n";
      Errors.push_back({S, *Problem});
      continue;
    }
    auto Settings = settingsFor(S);
    if (!Settings) {
      std::string Msg = llvm::toString(Settings.takeError());
      llvm::errs() << "divlint: error: " << Msg << "\n";
      if (Msg.find("--") != std::string::npos)
        return 2; // a bad option applies to every file
      Errors.push_back({S, Msg});
      continue;
    }
    TranslationUnitJob Job;
    Job.Input = S;
    Job.Settings = std::move(*Settings);
    TUs.push_back(std::move(Job));
  }

  // Jobs.
  CudaSetup Setup = detectCuda(CL.Frontend);
  if (Setup.UsingPrelude && !TUs.empty())
    llvm::errs() << "divlint: note: no CUDA installation found"
                 << (CL.Frontend.ForcePrelude ? " (--no-cuda)" : "")
                 << "; using the built-in CUDA prelude\n";
  runJobs(TUs, *In.Compilations, Setup, CL);

  // Outputs.
  std::vector<Finding> Findings;
  bool ParseFailed = false;
  for (TranslationUnitJob &Job : TUs) {
    if (Job.ParseFailed) {
      ParseFailed = true;
      Errors.push_back({Job.Input, Job.ParseMessage});
    }
    for (Finding &F : Job.Findings)
      Findings.push_back(std::move(F));
  }
  std::stable_sort(Findings.begin(), Findings.end(), findingLess);
  ReportOptions ROpts;
  ROpts.ReportAll = CL.Output.ReportAll;
  if (!CL.Output.SarifRoot.empty())
    ROpts.SarifRoot = CL.Output.SarifRoot;
  if (CL.Output.Format != ReportFormat::Text)
    writeReport(llvm::outs(), CL.Output.Format, Findings, Errors, ROpts);
  llvm::outs().flush();

  if (!writeFixes(CL, In.Sources.front(), Findings))
    return 2;

  if (!Errors.empty() || ParseFailed)
    return 2;
  bool AnyError = false, AnyWarning = false;
  for (const Finding &F : Findings) {
    AnyError |= F.Sev == Severity::Error;
    AnyWarning |= F.Sev == Severity::Warning;
  }
  return AnyError || (CL.Output.WarningsAsErrors && AnyWarning) ? 1 : 0;
}

} // namespace divlint::tool
