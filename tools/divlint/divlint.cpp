//===- divlint.cpp - the divlint command line -----------------------------===//
//
//   divlint [options] FILE.cu [FILE...] [-- <compiler args>]
//   divlint -p BUILD_DIR FILE.cu
//   divlint confirm ...            (see lib/Confirm)
//
// Exit codes: 0 no errors, 1 error findings (or warnings with --warnings-as-errors), 2 tool
// failure (bad arguments, unreadable file, parse failure, a --fix that could not be written).
//
//===----------------------------------------------------------------------===//

#include "divlint/Pipeline/TranslationUnitAnalysis.h"
#include "divlint/Report/ClangDiagnostics.h"
#include "divlint/Fix/Config.h"
#include "divlint/Frontend/CompileDatabase.h"
#include "divlint/Frontend/CudaFrontend.h"
#include "divlint/Fix/FixApplication.h"
#include "divlint/Frontend/MissingIncludes.h"
#include "divlint/Frontend/NvccLeniency.h"
#include "divlint/Report/Report.h"
#include "divlint/Fix/Suppression.h"
#include "divlint/Support/Watchdog.h"
#include "divlint/Confirm/Confirm.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <mutex>

using namespace clang;
using namespace divlint;
namespace cl = llvm::cl;

static cl::OptionCategory DivlintCategory("divlint options");

static cl::opt<std::string> Format("format", cl::desc("Output format: text, json, sarif"),
                                   cl::init("text"), cl::cat(DivlintCategory));
static cl::opt<bool> ReportAll("report-all",
                               cl::desc("Also report block- and warp-uniform branches"),
                               cl::cat(DivlintCategory));
static cl::list<std::string> BlockDim("block-dim",
                                      cl::desc("Block shape X[,Y[,Z]] for kernels without a "
                                               "constant <<<>>> launch in the file, or "
                                               "KERNEL:X[,Y[,Z]] for one kernel (over its "
                                               "launches); may be repeated"),
                                      cl::cat(DivlintCategory));
static cl::opt<unsigned> WarpSize("warp-size", cl::desc("Lanes per warp (default 32)"),
                                  cl::init(0), cl::cat(DivlintCategory));
static cl::opt<std::string> Checks("checks",
                                   cl::desc("Rules to report, as globs: 'divlint-*,-divlint-"
                                            "uniform-branch' (default: all)"),
                                   cl::cat(DivlintCategory));
static cl::opt<std::string> MinSeverity("min-severity",
                                        cl::desc("Hide findings below: note, warning, error"),
                                        cl::cat(DivlintCategory));
static cl::opt<std::string> HeaderFilter("header-filter",
                                         cl::desc("Regex of headers whose findings to show "
                                                  "(default: '.*', every non-system header, "
                                                  "as clang-tidy 22)"),
                                         cl::cat(DivlintCategory));
static cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Regex of headers whose findings to hide even when --header-filter matches"),
    cl::cat(DivlintCategory));
static cl::opt<bool> WarningsAsErrors("warnings-as-errors",
                                      cl::desc("Exit with 1 when there are warnings"),
                                      cl::cat(DivlintCategory));
static cl::opt<bool> Fix("fix", cl::desc("Apply the fix-its in place (atomically)"),
                         cl::cat(DivlintCategory));
static cl::opt<std::string> ExportFixes("export-fixes",
                                        cl::desc("Write fix-its as clang-apply-replacements "
                                                 "YAML to this file"),
                                        cl::cat(DivlintCategory));
static cl::opt<bool> SimulateFixWriteError("fix-simulate-write-error", cl::Hidden,
                                           cl::desc("Testing: make --fix fail mid-write"),
                                           cl::cat(DivlintCategory));
enum class ColorMode { Auto, Always, Never };
// Registered under another name: libLLVM already owns "--color" (a true/false flag); main()
// removes that one and gives this option its name.
static cl::opt<ColorMode> Color("divlint-color", cl::desc("Colors in text output"),
                                cl::values(clEnumValN(ColorMode::Auto, "auto", "on a terminal"),
                                           clEnumValN(ColorMode::Always, "always", "always"),
                                           clEnumValN(ColorMode::Never, "never", "never")),
                                cl::init(ColorMode::Auto), cl::cat(DivlintCategory));
static cl::opt<std::string> CudaPath("cuda-path",
                                     cl::desc("CUDA installation (default: $CUDA_PATH, then "
                                              "/usr/local/cuda)"),
                                     cl::cat(DivlintCategory));
static cl::opt<std::string> CudaArch("cuda-gpu-arch", cl::desc("GPU architecture parsed for"),
                                     cl::init("sm_90"), cl::cat(DivlintCategory));
static cl::opt<bool> NoCuda("no-cuda",
                            cl::desc("Ignore any CUDA installation; use the built-in prelude"),
                            cl::cat(DivlintCategory));
static cl::opt<std::string> ResourceDir("resource-dir",
                                        cl::desc("clang resource directory (default: the one "
                                                 "divlint was built with)"),
                                        cl::cat(DivlintCategory));
static cl::opt<bool> PrintPrelude("print-prelude", cl::desc("Print the built-in CUDA prelude"),
                                  cl::cat(DivlintCategory));
static cl::opt<std::string> SarifRoot("sarif-root",
                                      cl::desc("Directory SARIF URIs are relative to (%SRCROOT%; "
                                               "default: the current directory)"),
                                      cl::cat(DivlintCategory));
static cl::opt<unsigned> Jobs("j",
                              cl::desc("Translation units analyzed in parallel (default: all "
                                       "cores)"),
                              cl::init(0), cl::cat(DivlintCategory));
static cl::opt<unsigned> TimeoutSeconds(
    "timeout",
    cl::desc("Seconds one translation unit may take (parse and analysis); past it divlint "
             "stops with an error and exit status 2 (0: no limit; default 300)"),
    cl::init(300), cl::cat(DivlintCategory));
static cl::opt<unsigned> MemoryLimitMB(
    "memory-limit",
    cl::desc("MiB of resident memory the process may use while analyzing; past it divlint "
             "stops with an error and exit status 2 (0: no limit; default: 3/4 of the "
             "machine's memory, so the error comes before the kernel's OOM killer)"),
    cl::init(0), cl::cat(DivlintCategory));

namespace {

/// Prints clang's diagnostics as usual and counts the errors of each file.
class CountingDiagnostics : public TextDiagnosticPrinter {
public:
  CountingDiagnostics(llvm::raw_ostream &OS, DiagnosticOptions &Opts)
      : TextDiagnosticPrinter(OS, Opts), Out(OS) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticsEngine::Level Lenient = Leniency.levelFor(Level, Info);
    TextDiagnosticPrinter::HandleDiagnostic(Lenient, Info);
    if (Lenient != Level && !SaidLenient) { // what nvcc accepts is a warning, not a parse failure
      Out << "divlint: note: clang rejects this but nvcc accepts it (host code, which divlint "
             "does not analyze, or a CUDA rule nvcc does not enforce); analyzing the file "
             "anyway\n";
      SaidLenient = true;
    }
    Level = Lenient;
    if (Level >= DiagnosticsEngine::Error) {
      ++Errors;
      if (FirstError.empty()) {
        llvm::SmallString<128> Text;
        Info.FormatDiagnostic(Text);
        FirstError = Text.str().str();
      }
    }
  }
  unsigned Errors = 0;
  std::string FirstError;
  bool SaidLenient = false;
  NvccLeniency Leniency;
  llvm::raw_ostream &out() { return Out; }

private:
  llvm::raw_ostream &Out;
};

/// What one input file is analyzed and filtered with (command line over .divlint.yaml).
struct FileSettings {
  AnalysisOptions Analysis;
  std::string Checks = "*";
  Severity Min = Severity::Note;
  std::optional<llvm::Regex> Headers, ExcludeHeaders;
};

/// One translation unit: what to analyze, and everything it produced (kept apart so that
/// translation units can run in parallel and still print in a fixed order).
struct TranslationUnitJob {
  std::string Input; ///< the source path as given (or as the compile database names it)
  FileSettings Settings;
  std::vector<Finding> Findings;
  std::string Text;        ///< rendered diagnostics (text format)
  std::string ClangErrors; ///< clang's own diagnostics (parse errors)
  unsigned DeviceFunctions = 0;
  bool ParseFailed = false;
  std::string ParseMessage;
  CountingDiagnostics *Diags = nullptr; ///< the parse's diagnostics (while it runs)
};

/// What every job shares (read-only while jobs run).
struct RunOptions {
  ReportFormat Output = ReportFormat::Text;
  bool Colors = false;
};

/// Keeps the findings the user asked for: enabled rules, severity, headers, NOLINT.
std::vector<Finding> filterFindings(std::vector<Finding> All, const std::string &MainFile,
                                    SourceManager &SM, const FileSettings &S) {
  std::map<std::string, std::unique_ptr<NoLintDirectives>> NoLint;
  std::vector<Finding> Kept;
  for (Finding &F : All) {
    if (!checkEnabled(S.Checks, F.TheRule) || F.Sev < S.Min)
      continue;
    if (F.File != MainFile && (!S.Headers || !S.Headers->match(F.File) ||
                               (S.ExcludeHeaders && S.ExcludeHeaders->match(F.File))))
      continue;
    auto &Directives = NoLint[F.File];
    if (!Directives) {
      llvm::StringRef Text;
      if (auto Ref = SM.getFileManager().getOptionalFileRef(F.File))
        Text = SM.getBufferData(SM.translateFile(*Ref));
      Directives = std::make_unique<NoLintDirectives>(Text);
    }
    if (Directives->suppresses(F))
      continue;
    Kept.push_back(std::move(F));
  }
  return Kept;
}

class AnalysisConsumer : public SemaConsumer {
public:
  AnalysisConsumer(TranslationUnitJob &Job, const RunOptions &Run, std::string MainFile)
      : Job(Job), Run(Run), MainFile(std::move(MainFile)) {}
  void InitializeSema(Sema &S) override {
    if (Job.Diags)
      Job.Diags->Leniency.setSema(&S);
  }
  void ForgetSema() override {
    if (Job.Diags)
      Job.Diags->Leniency.setSema(nullptr);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    TranslationUnitResult R = analyzeTranslationUnit(Ctx, Job.Settings.Analysis);
    Job.DeviceFunctions += R.DeviceFunctions;
    std::vector<Finding> Kept =
        filterFindings(std::move(R.Findings), MainFile, Ctx.getSourceManager(), Job.Settings);
    if (Run.Output == ReportFormat::Text) {
      ReportOptions Opts;
      Opts.ReportAll = ReportAll;
      llvm::raw_string_ostream OS(Job.Text);
      OS.enable_colors(Run.Colors); // buffered, then printed to the terminal
      emitClangDiagnostics(OS, Kept, Ctx.getSourceManager(), Ctx.getLangOpts(), Run.Colors, Opts);
    }
    for (Finding &F : Kept) {
      // Name the main file as the user did (clang tooling made it absolute).
      if (F.File == MainFile) {
        F.File = Job.Input;
        for (FixSuggestion &Fix : F.Fixes)
          for (Replacement &Rep : Fix.Replacements)
            if (Rep.File == MainFile)
              Rep.File = Job.Input;
      }
      Job.Findings.push_back(std::move(F));
    }
  }

private:
  TranslationUnitJob &Job;
  const RunOptions &Run;
  std::string MainFile;
};

class AnalysisActionFactory : public tooling::FrontendActionFactory {
  class Action : public ASTFrontendAction {
  public:
    Action(TranslationUnitJob &Job, const RunOptions &Run) : Job(Job), Run(Run) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   llvm::StringRef InFile) override {
      if (Job.Diags) // a missing header is a warning, not the end of the parse
        CI.getPreprocessor().addPPCallbacks(
            std::make_unique<SkipMissingIncludes>(CI.getSourceManager(), Job.Diags->out()));
      return std::make_unique<AnalysisConsumer>(Job, Run, InFile.str());
    }

  private:
    TranslationUnitJob &Job;
    const RunOptions &Run;
  };

public:
  AnalysisActionFactory(TranslationUnitJob &Job, const RunOptions &Run) : Job(Job), Run(Run) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(Job, Run); }

private:
  TranslationUnitJob &Job;
  const RunOptions &Run;
};

/// Parses and analyzes one translation unit; thread-safe (its own ClangTool and file manager).
void runJob(TranslationUnitJob &Job, const tooling::CompilationDatabase &Compilations,
            const CudaSetup &Setup, const RunOptions &Run) {
  tooling::ClangTool Tool(Compilations, {Job.Input}, std::make_shared<PCHContainerOperations>(),
                          Setup.UsingPrelude ? preludeFileSystem()
                                             : llvm::vfs::getRealFileSystem());
  Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Setup));
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Run.Colors;
  llvm::raw_string_ostream ErrorStream(Job.ClangErrors);
  ErrorStream.enable_colors(Run.Colors);
  CountingDiagnostics Diags(ErrorStream, DiagOpts);
  Job.Diags = &Diags;
  Tool.setDiagnosticConsumer(&Diags);
  Tool.setPrintErrorMessage(false);
  AnalysisActionFactory Factory(Job, Run);
  int RC = Tool.run(&Factory);
  Job.Diags = nullptr;
  if (RC != 0 || Diags.Errors) {
    Job.ParseFailed = true;
    Job.ParseMessage = "failed to parse as CUDA (" + std::to_string(Diags.Errors) + " error" +
                       (Diags.Errors == 1 ? "" : "s") +
                       (Diags.FirstError.empty() ? "" : "; first: " + Diags.FirstError) + ")";
  }
}

/// The -p value, if given (CommonOptionsParser keeps its own copy private).
std::optional<std::string> buildPathArgument(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    if (A == "--")
      break;
    if ((A == "-p" || A == "--p") && I + 1 < Argc)
      return std::string(Argv[I + 1]);
    if (A.consume_front("-p=") || A.consume_front("--p="))
      return A.str();
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

/// The settings for one file: its .divlint.yaml, then the command line on top.
llvm::Expected<FileSettings> settingsFor(const std::string &Source) {
  auto Config = findConfig(Source);
  if (!Config)
    return Config.takeError();
  FileSettings S;
  std::string Dim = Config->BlockDim.value_or("");
  for (const std::string &Value : BlockDim) {
    if (!llvm::StringRef(Value).contains(':')) {
      Dim = Value; // the last plain shape wins
      continue;
    }
    auto Kernel = parseKernelBlockShape(Value);
    if (!Kernel)
      return llvm::createStringError(std::errc::invalid_argument,
                                     "invalid --block-dim='%s' (expected KERNEL:X[,Y[,Z]], at "
                                     "most 1024 threads)",
                                     Value.c_str());
    S.Analysis.KernelBlockDims[Kernel->first] = Kernel->second;
  }
  if (!Dim.empty()) {
    S.Analysis.BlockDimOption = parseBlockShape(Dim);
    if (!S.Analysis.BlockDimOption)
      return llvm::createStringError(std::errc::invalid_argument,
                                     "invalid --block-dim='%s' (expected X[,Y[,Z]], at most "
                                     "1024 threads)",
                                     Dim.c_str());
  }
  S.Analysis.WarpSize = WarpSize ? WarpSize.getValue() : Config->WarpSize.value_or(32);
  if (S.Analysis.WarpSize == 0 || S.Analysis.WarpSize > 64)
    return llvm::createStringError(std::errc::invalid_argument,
                                   "--warp-size must be between 1 and 64");
  S.Checks = !Checks.empty() ? Checks.getValue() : Config->Checks.value_or("*");
  std::string Sev = !MinSeverity.empty() ? MinSeverity.getValue()
                                         : Config->MinSeverity.value_or("note");
  auto Min = parseSeverity(Sev);
  if (!Min)
    return llvm::createStringError(std::errc::invalid_argument,
                                   "invalid --min-severity='%s' (note, warning or error)",
                                   Sev.c_str());
  S.Min = *Min;
  // Like clang-tidy 22: every non-system header unless told otherwise (system headers never
  // get findings: the analyzer does not locate them).
  std::string Headers = HeaderFilter.getNumOccurrences() ? HeaderFilter.getValue()
                                                        : Config->HeaderFilter.value_or(".*");
  std::string Exclude = ExcludeHeaderFilter.getNumOccurrences()
                            ? ExcludeHeaderFilter.getValue()
                            : Config->ExcludeHeaderFilter.value_or("");
  for (auto [Text, Slot, Name] :
       {std::make_tuple(&Headers, &S.Headers, "header filter"),
        std::make_tuple(&Exclude, &S.ExcludeHeaders, "exclude header filter")}) {
    if (Text->empty())
      continue;
    llvm::Regex R(*Text);
    std::string Error;
    if (!R.isValid(Error))
      return llvm::createStringError(std::errc::invalid_argument, "invalid %s '%s': %s", Name,
                                     Text->c_str(), Error.c_str());
    Slot->emplace(*Text);
  }
  return S;
}

} // namespace

int main(int argc, const char **argv) {
  if (argc > 1 && llvm::StringRef(argv[1]) == "confirm")
    return divlint::confirm::runConfirm(argc - 1, argv + 1);
  // Without -p or `--`, use no compilation database (and say nothing about not finding one).
  std::vector<const char *> Args(argv, argv + argc);
  bool HasDashDash = false, HasBuildPath = false;
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A = argv[I];
    HasDashDash |= A == "--";
    HasBuildPath |= A == "-p" || A.starts_with("-p=") || A.starts_with("--p=");
  }
  if (!HasDashDash && !HasBuildPath)
    Args.push_back("--");
  int Argc = static_cast<int>(Args.size());

  if (cl::Option *LLVMColor = cl::getRegisteredOptions().lookup("color"))
    LLVMColor->removeArgument();
  Color.setArgStr("color");
  cl::HideUnrelatedOptions(DivlintCategory);
  auto Parser = tooling::CommonOptionsParser::create(
      Argc, Args.data(), DivlintCategory, cl::ZeroOrMore,
      "divlint: find warp divergence in CUDA device code\n\n"
      "Classifies every branch condition of __global__/__device__ functions as block-uniform,\n"
      "warp-uniform or lane-varying. `divlint confirm --help` measures them on a GPU.\n");
  if (!Parser) {
    llvm::errs() << "divlint: error: " << llvm::toString(Parser.takeError()) << "\n";
    return 2;
  }
  if (PrintPrelude) {
    llvm::outs() << builtinPrelude();
    return 0;
  }
  RunOptions Run;
  std::optional<ReportFormat> Output = parseReportFormat(Format);
  if (!Output) {
    llvm::errs() << "divlint: error: unknown --format='" << Format << "' (use one of "
                 << reportFormatNames() << ")\n";
    return 2;
  }
  Run.Output = *Output;
  Run.Colors = Color == ColorMode::Always ||
               (Color == ColorMode::Auto && llvm::sys::Process::StandardOutIsDisplayed());
  if (!Checks.empty() && Checks.find_first_not_of(" ,") == std::string::npos) {
    llvm::errs() << "divlint: error: --checks is empty\n";
    return 2;
  }
  // `-p BUILD_DIR` alone: every CUDA entry of its compile_commands.json. (CommonOptionsParser
  // loads no database when no source is named.)
  std::vector<std::string> Sources = Parser->getSourcePathList();
  std::unique_ptr<tooling::CompilationDatabase> WholeDatabase;
  const tooling::CompilationDatabase *Compilations = nullptr;
  if (Sources.empty()) {
    if (auto BuildPath = buildPathArgument(argc, argv)) {
      std::string Error;
      WholeDatabase = tooling::CompilationDatabase::autoDetectFromDirectory(*BuildPath, Error);
      if (!WholeDatabase) {
        llvm::errs() << "divlint: error: -p " << *BuildPath << ": " << Error << "\n";
        return 2;
      }
      Sources = cudaFilesOf(*WholeDatabase);
      Compilations = WholeDatabase.get();
    }
  } else {
    Compilations = &Parser->getCompilations();
  }
  if (Sources.empty()) {
    llvm::errs() << "divlint: error: no input files (try: divlint kernel.cu, or -p BUILD_DIR "
                    "with CUDA files in compile_commands.json)\n";
    return 2;
  }

  std::vector<ToolError> Errors;
  std::vector<TranslationUnitJob> TUs;
  for (const std::string &S : Sources) {
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

  CudaFrontendOptions FrontOpts;
  FrontOpts.CudaPath = CudaPath;
  FrontOpts.GpuArch = CudaArch;
  FrontOpts.ResourceDir = ResourceDir;
  FrontOpts.ForcePrelude = NoCuda;
  CudaSetup Setup = detectCuda(FrontOpts);
  if (Setup.UsingPrelude && !TUs.empty())
    llvm::errs() << "divlint: note: no CUDA installation found"
                 << (NoCuda ? " (--no-cuda)" : "")
                 << "; using the built-in CUDA prelude\n";

  unsigned MemoryLimit = MemoryLimitMB.getNumOccurrences()
                             ? MemoryLimitMB
                             : static_cast<unsigned>(physicalMemoryMB() / 4 * 3);
  // Translation units run in parallel; their output is printed in input order as soon as all
  // earlier ones are done, so the output is the same for any -j.
  bool Progress = llvm::sys::Process::StandardErrIsDisplayed() && TUs.size() > 1;
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    std::mutex Lock;
    std::vector<char> Done(TUs.size(), 0);
    size_t NextToPrint = 0, Finished = 0;
    for (size_t I = 0; I < TUs.size(); ++I)
      Pool.async([&, I] {
        {
          // clang cannot be interrupted mid-parse: past the limits the process ends (exit 2).
          WatchdogScope Watch(TUs[I].Input, TimeoutSeconds, MemoryLimit);
          runJob(TUs[I], *Compilations, Setup, Run);
        }
        std::lock_guard<std::mutex> Guard(Lock);
        Done[I] = 1;
        ++Finished;
        for (; NextToPrint < TUs.size() && Done[NextToPrint]; ++NextToPrint) {
          TranslationUnitJob &Job = TUs[NextToPrint];
          if (Progress)
            llvm::errs() << "\r\x1b[K";
          llvm::errs() << Job.ClangErrors;
          llvm::outs() << Job.Text;
          llvm::outs().flush();
          if (Job.ParseFailed)
            llvm::errs() << "divlint: error: " << Job.Input << ": " << Job.ParseMessage << "\n";
          else if (Job.DeviceFunctions == 0)
            llvm::errs() << "divlint: note: " << Job.Input
                         << ": no __global__ or __device__ function bodies; nothing to "
                            "analyze\n";
        }
        if (Progress && Finished < TUs.size())
          llvm::errs() << "\r\x1b[K[" << Finished << "/" << TUs.size() << "] "
                       << TUs[I].Input;
      });
    Pool.wait();
  }

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
  ROpts.ReportAll = ReportAll;
  if (!SarifRoot.empty())
    ROpts.SarifRoot = SarifRoot;
  if (Run.Output != ReportFormat::Text)
    writeReport(llvm::outs(), Run.Output, Findings, Errors, ROpts);
  llvm::outs().flush();

  if (!ExportFixes.empty()) {
    if (llvm::Error E = exportFixes(ExportFixes, Sources.front(), Findings)) {
      llvm::errs() << "divlint: error: --export-fixes: " << llvm::toString(std::move(E)) << "\n";
      return 2;
    }
  }
  if (Fix) {
    FixOptions FOpts;
    FOpts.SimulateWriteError = SimulateFixWriteError;
    auto Changed = applyFixes(Findings, FOpts);
    if (!Changed) {
      llvm::errs() << "divlint: error: --fix: " << llvm::toString(Changed.takeError())
                   << "; the file is unchanged\n";
      return 2;
    }
    for (const std::string &File : *Changed)
      llvm::errs() << "divlint: note: applied fixes to " << File << "\n";
  }

  if (!Errors.empty() || ParseFailed)
    return 2;
  bool AnyError = false, AnyWarning = false;
  for (const Finding &F : Findings) {
    AnyError |= F.Sev == Severity::Error;
    AnyWarning |= F.Sev == Severity::Warning;
  }
  return AnyError || (WarningsAsErrors && AnyWarning) ? 1 : 0;
}
