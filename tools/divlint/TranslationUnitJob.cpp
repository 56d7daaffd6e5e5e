//===- TranslationUnitJob.cpp - parse and analyze one input file ---------===//

#include "TranslationUnitJob.h"

#include "WorkerProcess.h"

#include "divlint/Fix/Config.h"
#include "divlint/Fix/Suppression.h"
#include "divlint/Frontend/CompileDatabase.h"
#include "divlint/Frontend/HeaderPrecompile.h"
#include "divlint/Frontend/MissingIncludes.h"
#include "divlint/Frontend/NvccLeniency.h"
#include "divlint/Frontend/NvccSyntax.h"
#include "divlint/Pipeline/TranslationUnitAnalysis.h"
#include "divlint/Report/ClangDiagnostics.h"
#include "divlint/Support/PhaseTimes.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace clang;

namespace divlint::tool {

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

namespace {

/// Every file the parse reads, system headers included (the result cache checks them all),
/// and whether an #include was not found.
class InputFileCollector : public DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
  bool sawDependency(llvm::StringRef Filename, bool FromModule, bool IsSystem,
                     bool IsModuleFile, bool IsMissing) override {
    Missing |= IsMissing;
    // <built-in>, and the prelude (part of divlint itself) are not files; a precompiled
    // header stands for its inputs, which are reported instead.
    return !IsMissing && !IsModuleFile && Filename != "<built-in>" &&
           !Filename.starts_with("/divlint-builtin/");
  }
  bool Missing = false;
};

/// Keeps the findings the user asked for: enabled rules, severity, headers, lines (--line-filter,
/// --diff), NOLINT.
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
    if (S.Lines && !S.Lines->keeps(F))
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

/// \p Text (a finding's diagnostics) with \p File, where clang spells it with `.` or `..`
/// (`a/../inc/h.cuh:3:7: warning: ...`), named as the other outputs name it.
std::string withNormalizedPath(std::string Text, const std::string &File) {
  std::string Normal = normalizedPath(File);
  if (Normal == File)
    return Text;
  std::string From = File + ":", To = Normal + ":";
  for (size_t At = Text.find(From); At != std::string::npos; At = Text.find(From, At + To.size()))
    Text.replace(At, From.size(), To);
  return Text;
}

class AnalysisConsumer : public SemaConsumer {
public:
  AnalysisConsumer(TranslationUnitJob &Job, const OutputOptions &Out, std::string MainFile,
                   std::shared_ptr<InputFileCollector> Inputs)
      : Job(Job), Out(Out), MainFile(std::move(MainFile)), Inputs(std::move(Inputs)) {}
  void InitializeSema(Sema &S) override {
    if (Job.Diags)
      Job.Diags->Leniency.setSema(&S);
  }
  void ForgetSema() override {
    if (Job.Diags)
      Job.Diags->Leniency.setSema(nullptr);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    PhaseTimes &Times = currentPhaseTimes();
    Times = PhaseTimes();
    if (PhaseTimes::enabled())
      Times.Parse = threadCpuSeconds() - ParseStart;
    analyze(Ctx);
    if (PhaseTimes::enabled()) { // with clang's messages: a worker's reach the terminal too
      Job.ClangErrors += Times.str(Job.Input);
      Job.Reusable = false; // a later run must not print these times again
    }
  }

  void analyze(ASTContext &Ctx) {
    recordInputs(Ctx.getSourceManager().getFileManager());
    AnalysisOptions Opts = Job.Settings.Analysis;
    if (const SassLineTable *Table = Job.CompiledTable ? &*Job.CompiledTable : nullptr)
      Opts.CompiledBranchAt = [Table](llvm::StringRef File, unsigned Line) -> std::optional<bool> {
        const SassLineFacts *Facts = lookupLine(*Table, File, Line);
        if (!Facts)
          return std::nullopt;
        return Facts->branches() > 0;
      };
    TranslationUnitResult R = analyzeTranslationUnit(Ctx, Opts);
    if (Job.CompiledTable)
      applyCompiledFacts(R.Findings, *Job.CompiledTable, Job.Compiled->Arch);
    Job.DeviceFunctions += R.DeviceFunctions;
    Job.NotAnalyzed.insert(Job.NotAnalyzed.end(), R.NotAnalyzed.begin(), R.NotAnalyzed.end());
    std::vector<Finding> Kept =
        filterFindings(std::move(R.Findings), MainFile, Ctx.getSourceManager(), Job.Settings);
    // Kernels where findings may come from: the main file, the headers asked for.
    for (KernelSummary &K : R.Kernels) {
      const FileSettings &S = Job.Settings;
      if (K.File != MainFile && (!S.Headers || !S.Headers->match(K.File) ||
                                 (S.ExcludeHeaders && S.ExcludeHeaders->match(K.File))))
        continue;
      K.File = normalizedPath(K.File == MainFile ? Job.Input : K.File);
      Job.Kernels.push_back(std::move(K));
    }
    if (Out.Format == ReportFormat::Text) {
      // One piece per finding, so that the run prints a place that other units also reach
      // once; rendered together, so that clang says each header's include stack once.
      ReportOptions Opts;
      Opts.ReportAll = Out.ReportAll;
      std::string All;
      std::vector<uint64_t> Ends;
      llvm::raw_string_ostream OS(All);
      OS.enable_colors(Out.Colors); // buffered, then printed to the terminal
      emitClangDiagnostics(OS, Kept, Ctx.getSourceManager(), Ctx.getLangOpts(), Out.Colors, Opts,
                           &Ends);
      uint64_t Begin = 0;
      for (size_t I = 0; I < Kept.size() && I < Ends.size(); Begin = Ends[I++])
        if (Ends[I] > Begin)
          Job.Text.push_back({findingPlace(Kept[I]), Kept[I].Sev,
                              withNormalizedPath(All.substr(Begin, Ends[I] - Begin),
                                                 Kept[I].File)});
      if (Out.KernelSummary) {
        TextPiece Summary;
        for (const KernelSummary &K : Job.Kernels)
          Summary.Text += kernelSummaryNote(K) + "\n";
        Job.Text.push_back(std::move(Summary));
      }
    }
    for (Finding &F : Kept) {
      // Name the main file as the user did (clang tooling made it absolute), every file
      // without `.` and `..` components.
      auto Name = [&](const std::string &File) {
        return normalizedPath(File == MainFile ? Job.Input : File);
      };
      F.File = Name(F.File);
      for (FixSuggestion &Fix : F.Fixes)
        for (Replacement &Rep : Fix.Replacements)
          if (!Rep.File.empty())
            Rep.File = Name(Rep.File);
      Job.Findings.push_back(std::move(F));
    }
  }

private:
  TranslationUnitJob &Job;
  const OutputOptions &Out;
  std::string MainFile;
  std::shared_ptr<InputFileCollector> Inputs;
  double ParseStart = PhaseTimes::enabled() ? threadCpuSeconds() : 0;

  /// The files the parse read, as absolute paths (relative ones are relative to the compile
  /// command's directory, which the file manager knows).
  void recordInputs(FileManager &FM) {
    Job.Reusable = !Inputs->Missing;
    for (const std::string &File : Inputs->getDependencies()) {
      llvm::SmallString<256> Path(File);
      FM.makeAbsolutePath(Path);
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/false);
      Job.Dependencies.push_back(std::string(Path));
    }
  }
};

class AnalysisActionFactory : public tooling::FrontendActionFactory {
  class Action : public ASTFrontendAction {
  public:
    Action(TranslationUnitJob &Job, const OutputOptions &Out) : Job(Job), Out(Out) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                   llvm::StringRef InFile) override {
      if (Job.Diags) // a missing header is a warning, not the end of the parse
        CI.getPreprocessor().addPPCallbacks(
            std::make_unique<SkipMissingIncludes>(CI.getSourceManager(), Job.Diags->out()));
      auto Inputs = std::make_shared<InputFileCollector>();
      Inputs->attachToPreprocessor(CI.getPreprocessor());
      CI.addDependencyCollector(Inputs); // also sees the inputs of a precompiled header
      return std::make_unique<AnalysisConsumer>(Job, Out, InFile.str(), Inputs);
    }

  private:
    TranslationUnitJob &Job;
    const OutputOptions &Out;
  };

public:
  AnalysisActionFactory(TranslationUnitJob &Job, const OutputOptions &Out) : Job(Job), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(Job, Out); }

private:
  TranslationUnitJob &Job;
  const OutputOptions &Out;
};

} // namespace

CompiledRequest compiledRequestFor(const CommandLine &CL) {
  CompiledRequest R;
  R.Arch = CL.Frontend.GpuArch;
  R.CudaPath = CL.Frontend.CudaPath;
  R.GivenDisassembly = CL.Compiled.GivenDisassembly;
  if (CL.Reuse.Enabled)
    R.CacheDir = CL.Reuse.CacheDir;
  return R;
}

/// --compiled: the flags of the file's compile command that decide what nvcc compiles.
static std::vector<std::string> nvccFlags(const tooling::CompilationDatabase &Compilations,
                                          const std::string &Input) {
  std::vector<std::string> Flags;
  for (const tooling::CompileCommand &C : Compilations.getCompileCommands(Input)) {
    std::vector<std::string> Own = sourceMeaningFlags(
        std::vector<std::string>(C.CommandLine.begin() + std::min<size_t>(1, C.CommandLine.size()),
                                 C.CommandLine.end()));
    Flags.insert(Flags.end(), Own.begin(), Own.end());
  }
  return Flags;
}

void runJob(TranslationUnitJob &Job, const tooling::CompilationDatabase &Compilations,
            const CudaSetup &Setup, const OutputOptions &Out) {
  injectTestingFault(Job.Input);
  if (Job.Compiled) {
    Job.Compiled->Source = Job.Input;
    Job.Compiled->Flags = nvccFlags(Compilations, Job.Input);
    auto Table = compiledLineTable(*Job.Compiled);
    if (!Table) {
      Job.ParseFailed = true;
      Job.ParseMessage = "--compiled: " + llvm::toString(Table.takeError());
      return;
    }
    Job.CompiledTable = std::move(*Table);
  }
  tooling::ClangTool Tool(Compilations, {Job.Input}, std::make_shared<PCHContainerOperations>(),
                          sourceFileSystem(Setup));
  if (Job.UnsavedText) { // ClangTool keeps the references; Job outlives the run
    // An editor's text is laid over the file system, past its reading as nvcc would.
    if (std::optional<std::string> Patched = withAsmOperandCommas(*Job.UnsavedText))
      Job.UnsavedText = std::move(*Patched);
    Tool.mapVirtualFile(Job.Input, *Job.UnsavedText);
  }
  Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Setup));
  if (!Setup.PrecompiledHeaderDir.empty()) // last: it keys on the final command line
    Tool.appendArgumentsAdjuster(precompiledHeaderAdjuster(Setup.PrecompiledHeaderDir));
  DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Out.Colors;
  llvm::raw_string_ostream ErrorStream(Job.ClangErrors);
  ErrorStream.enable_colors(Out.Colors);
  CountingDiagnostics Diags(ErrorStream, DiagOpts);
  Diags.SaidLenient = Out.Quiet; // --quiet: no divlint note among clang's diagnostics
  Job.Diags = &Diags;
  Tool.setDiagnosticConsumer(&Diags);
  Tool.setPrintErrorMessage(false);
  AnalysisActionFactory Factory(Job, Out);
  int RC = Tool.run(&Factory);
  Job.Diags = nullptr;
  if (RC != 0 || Diags.Errors) {
    Job.ParseFailed = true;
    Job.ParseMessage = "failed to parse as CUDA (" + std::to_string(Diags.Errors) + " error" +
                       (Diags.Errors == 1 ? "" : "s") +
                       (Diags.FirstError.empty() ? "" : "; first: " + Diags.FirstError) + ")";
  }
}

} // namespace divlint::tool
