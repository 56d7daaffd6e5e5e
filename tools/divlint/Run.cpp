//===- Run.cpp - one divlint run: files, jobs, outputs -------------------===//

#include "Run.h"

#include "JobRunner.h"
#include "SpelledPaths.h"
#include "TranslationUnitJob.h"
#include "WorkerProcess.h"
#include "divlint/Fix/FixApplication.h"
#include "divlint/Frontend/CompileDatabase.h"
#include "divlint/Support/CachePruning.h"
#include "divlint/Support/Watchdog.h"

#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <mutex>
#include <set>

using namespace clang;

namespace divlint::tool {

namespace {

/// The files to analyze and their compile commands.
struct Inputs {
  std::vector<std::string> Sources;
  std::unique_ptr<tooling::CompilationDatabase> WholeDatabase; ///< -p BUILD_DIR alone
  const tooling::CompilationDatabase *Compilations = nullptr;
  /// Without -p: the commands name the sources as given (text output says `examples/x.cu`).
  std::unique_ptr<SpelledPathDatabase> Spelled;
};

/// -p BUILD_DIR's compile_commands.json (when no source is named, CommonOptionsParser loads
/// none); null when it cannot be read (said on stderr).
std::unique_ptr<tooling::CompilationDatabase> loadWholeDatabase(const std::string &BuildPath) {
  std::string Error;
  auto DB = tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Error);
  if (!DB)
    llvm::errs() << "divlint: error: -p " << BuildPath << ": " << Error << "\n";
  return DB;
}

/// --diff without sources: the files it changes that are CUDA (.cu, .cuh, or a CUDA file of the
/// compile database). Named as in the diff; with a database, absolute, as the database names
/// its files (its commands run in other directories). Other changed headers are not analyzed
/// on their own; their findings come through the sources that include them.
std::vector<std::string> cudaFilesChangedBy(const std::vector<ChangedFile> &Diff,
                                            const tooling::CompilationDatabase *DB) {
  std::set<std::string> InDatabase;
  if (DB)
    for (const std::string &File : cudaFilesOf(*DB))
      InDatabase.insert(tooling::getAbsolutePath(File));
  std::vector<std::string> Sources;
  for (const ChangedFile &F : Diff) {
    llvm::StringRef Ext = llvm::sys::path::extension(F.Path);
    std::string Absolute = tooling::getAbsolutePath(F.Path);
    if (Ext == ".cu" || Ext == ".cuh" || InDatabase.count(Absolute))
      Sources.push_back(DB ? Absolute : F.Path);
  }
  return Sources;
}

/// The sources the command line names, else those --diff changes, else (`-p BUILD_DIR` alone)
/// every CUDA entry of its compile_commands.json. The exit status when the run ends here: 2
/// when there are no inputs, 0 when a diff changes no line or no CUDA file (said on stderr).
std::optional<int> findInputs(CommandLine &CL, Inputs &In) {
  In.Sources = CL.Parser->getSourcePathList();
  if (CL.Diff && CL.Diff->empty()) {
    if (!CL.Output.Quiet)
      llvm::errs() << "divlint: note: the diff adds or changes no lines; nothing to analyze\n";
    return 0;
  }
  if (!In.Sources.empty()) {
    In.Compilations = &CL.Parser->getCompilations();
  } else if (CL.Diff) {
    if (CL.BuildPath) {
      In.WholeDatabase = loadWholeDatabase(*CL.BuildPath);
      if (!In.WholeDatabase)
        return 2;
      In.Sources = cudaFilesChangedBy(*CL.Diff, In.WholeDatabase.get());
      // Changed .cu files the database does not list get their neighbours' flags.
      In.WholeDatabase = tooling::inferMissingCompileCommands(std::move(In.WholeDatabase));
      In.Compilations = In.WholeDatabase.get();
    } else {
      In.Sources = cudaFilesChangedBy(*CL.Diff, nullptr);
      In.Compilations = &CL.Parser->getCompilations();
    }
    if (In.Sources.empty()) {
      if (!CL.Output.Quiet)
        llvm::errs() << "divlint: note: the diff changes no CUDA file (.cu, .cuh"
                     << (CL.BuildPath ? ", or a CUDA file of the compile database" : "")
                     << "); nothing to analyze\n";
      return 0;
    }
  } else if (CL.BuildPath) {
    In.WholeDatabase = loadWholeDatabase(*CL.BuildPath);
    if (!In.WholeDatabase)
      return 2;
    In.Sources = cudaFilesOf(*In.WholeDatabase);
    In.Compilations = In.WholeDatabase.get();
  }
  if (In.Sources.empty()) {
    llvm::errs() << "divlint: error: no input files (try: divlint kernel.cu, or -p BUILD_DIR "
                    "with CUDA files in compile_commands.json)\n";
    return 2;
  }
  if (!CL.BuildPath) {
    In.Spelled = std::make_unique<SpelledPathDatabase>(*In.Compilations, In.Sources);
    In.Compilations = In.Spelled.get();
  }
  return std::nullopt;
}

/// A worker process (WorkerProcess.h): its one source, with the compile command its parent
/// found for it. Without sources on the command line, -p's database, where a source the
/// database does not list (a file --diff changed) gets a command inferred from its neighbours,
/// as in the parent (a source it lists gets its own command); the worker need not know
/// whether the parent had a diff.
std::optional<int> findWorkerInput(CommandLine &CL, Inputs &In) {
  In.Sources = {CL.Worker->Input};
  if (CL.Parser->getSourcePathList().empty() && CL.BuildPath) {
    In.WholeDatabase = loadWholeDatabase(*CL.BuildPath);
    if (!In.WholeDatabase)
      return 2;
    In.WholeDatabase = tooling::inferMissingCompileCommands(std::move(In.WholeDatabase));
    In.Compilations = In.WholeDatabase.get();
  } else {
    In.Compilations = &CL.Parser->getCompilations();
  }
  if (!CL.BuildPath) {
    In.Spelled = std::make_unique<SpelledPathDatabase>(*In.Compilations, In.Sources);
    In.Compilations = In.Spelled.get();
  }
  return std::nullopt;
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
/// it failed to parse or had nothing to analyze. A finding whose place an earlier unit printed
/// (a header line) is left out, unless it is more severe than what was printed there.
void printJob(const TranslationUnitJob &Job, bool Progress, bool Quiet,
              std::map<std::string, Severity> &Printed) {
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  llvm::errs() << Job.ClangErrors;
  for (const TextPiece &P : Job.Text) {
    if (!P.Place.empty()) {
      auto [It, New] = Printed.try_emplace(P.Place, P.Sev);
      if (!New && P.Sev <= It->second)
        continue;
      It->second = std::max(It->second, P.Sev);
    }
    llvm::outs() << P.Text;
  }
  llvm::outs().flush();
  if (!Job.ParseFailed)
    for (const std::string &Where : Job.NotAnalyzed)
      llvm::errs() << "divlint: warning: " << Where << "\n";
  if (Job.ParseFailed)
    llvm::errs() << "divlint: error: " << Job.Input << ": " << Job.ParseMessage << "\n";
  else if (Job.DeviceFunctions == 0 && !Quiet)
    llvm::errs() << "divlint: note: " << Job.Input
                 << ": no __global__ or __device__ function bodies; nothing to "
                    "analyze\n";
}

/// Translation units run in parallel; their output is printed in input order as soon as all
/// earlier ones are done, so the output is the same for any -j.
void runJobs(std::vector<TranslationUnitJob> &TUs, const tooling::CompilationDatabase &Compilations,
             const CudaSetup &Setup, const CommandLine &CL) {
  bool Progress =
      !CL.Output.Quiet && llvm::sys::Process::StandardErrIsDisplayed() && TUs.size() > 1;
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(CL.Limits.Jobs));
  std::mutex Lock;
  std::vector<char> Done(TUs.size(), 0);
  size_t NextToPrint = 0, Finished = 0;
  std::map<std::string, Severity> Printed; // places printed so far, at which severity
  // Several units: each in a worker process, so that a crash or a limit loses only that unit
  // (with a line filter or diff too: the workers get the filter from the parent).
  JobRunner Runner(CL, Compilations, Setup, /*Isolate=*/TUs.size() > 1);
  for (size_t I = 0; I < TUs.size(); ++I)
    Pool.async([&, I] {
      Runner.run(TUs[I]);
      std::lock_guard<std::mutex> Guard(Lock);
      Done[I] = 1;
      ++Finished;
      for (; NextToPrint < TUs.size() && Done[NextToPrint]; ++NextToPrint)
        printJob(TUs[NextToPrint], Progress, CL.Output.Quiet, Printed);
      if (Progress && Finished < TUs.size())
        llvm::errs() << "\r\x1b[K[" << Finished << "/" << TUs.size() << "] " << TUs[I].Input;
    });
  Pool.wait();
}

ReportOptions reportOptionsFor(const OutputOptions &Output) {
  ReportOptions ROpts;
  ROpts.ReportAll = Output.ReportAll;
  if (!Output.SarifRoot.empty())
    ROpts.SarifRoot = Output.SarifRoot;
  return ROpts;
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
      if (!CL.Output.Quiet)
        llvm::errs() << "divlint: note: applied fixes to " << File << "\n";
  }
  return true;
}

} // namespace

int runAnalysis(CommandLine &CL) {
  Inputs In;
  if (CL.Worker) { // a child of a multi-file run: one unit, result to a file
    if (std::optional<int> Exit = findWorkerInput(CL, In))
      return *Exit;
    return runWorker(CL, *In.Compilations);
  }
  if (std::optional<int> Exit = findInputs(CL, In)) {
    // Nothing to analyze (a diff without CUDA changes) still makes a valid, empty JSON or SARIF
    // log: CI uploads it.
    if (*Exit == 0 && CL.Output.Format != ReportFormat::Text)
      writeReport(llvm::outs(), CL.Output.Format, {}, {}, reportOptionsFor(CL.Output));
    return *Exit;
  }
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
    Job.Settings.Lines = CL.Lines;
    if (CL.Compiled.Enabled)
      Job.Compiled = compiledRequestFor(CL);
    TUs.push_back(std::move(Job));
  }

  // Jobs.
  CudaSetup Setup = detectCuda(CL.Frontend);
  if (Setup.UsingPrelude && !TUs.empty() && !CL.Output.Quiet)
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
  // One finding per place: a header line reached from several units is reported once.
  mergeSamePlaceFindings(Findings);
  std::stable_sort(Findings.begin(), Findings.end(), findingLess);
  if (CL.Output.Format != ReportFormat::Text) {
    ReportOptions ROpts = reportOptionsFor(CL.Output);
    // Input order, each in source order; a header's kernel that several units analyze once
    // (the first unit's summary).
    std::set<std::string> Seen;
    for (TranslationUnitJob &Job : TUs)
      for (KernelSummary &K : Job.Kernels)
        if (Seen.insert(normalizedPath(K.File) + ":" + std::to_string(K.Line) + ":" +
                        std::to_string(K.Column) + ":" + K.QualifiedName)
                .second)
          ROpts.Kernels.push_back(std::move(K));
    writeReport(llvm::outs(), CL.Output.Format, Findings, Errors, ROpts);
  }
  llvm::outs().flush();
  // Within --cache-size-limit: usually one stat (the last pruning was less than 20 minutes
  // ago); workers leave this to their parent.
  if (CL.Reuse.Enabled && !CL.Reuse.CacheDir.empty())
    pruneCache(CL.Reuse.CacheDir, CL.Reuse.Pruning);

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
