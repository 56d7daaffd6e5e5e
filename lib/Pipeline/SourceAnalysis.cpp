#include "divlint/Pipeline/SourceAnalysis.h"

#include "divlint/Pipeline/TranslationUnitAnalysis.h"
#include "divlint/Frontend/MissingIncludes.h"
#include "divlint/Frontend/NvccLeniency.h"
#include "divlint/Frontend/NvccSyntax.h"
#include "divlint/Support/StackGuard.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace divlint {

namespace {

class RecordingDiagnostics : public DiagnosticConsumer {
public:
  explicit RecordingDiagnostics(std::vector<std::string> &Errors) : Errors(Errors) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    Level = Leniency.levelFor(Level, Info); // what nvcc accepts is a warning, not a failure
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error) {
      llvm::SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      Errors.push_back(Text.str().str());
    }
  }

  NvccLeniency Leniency;

private:
  std::vector<std::string> &Errors;
};

class Consumer : public SemaConsumer {
public:
  Consumer(const AnalysisOptions &Opts, SourceAnalysisResult &R, NvccLeniency &Leniency)
      : Opts(Opts), R(R), Leniency(Leniency) {}
  void InitializeSema(Sema &S) override { Leniency.setSema(&S); }
  void ForgetSema() override { Leniency.setSema(nullptr); }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    TranslationUnitResult TU = analyzeTranslationUnit(Ctx, Opts);
    R.DeviceFunctions += TU.DeviceFunctions;
    for (Finding &F : TU.Findings)
      R.Findings.push_back(std::move(F));
    for (KernelSummary &K : TU.Kernels)
      R.Kernels.push_back(std::move(K));
  }

private:
  const AnalysisOptions &Opts;
  SourceAnalysisResult &R;
  NvccLeniency &Leniency;
};

class Action : public ASTFrontendAction {
public:
  Action(const AnalysisOptions &Opts, SourceAnalysisResult &R) : Opts(Opts), R(R) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
    // Missing headers are skipped, as on the command line (MissingIncludes.h).
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<SkipMissingIncludes>(CI.getSourceManager(), llvm::nulls()));
    auto *Diags = new RecordingDiagnostics(R.Errors);
    CI.getDiagnostics().setClient(Diags, /*ShouldOwnClient=*/true);
    return std::make_unique<Consumer>(Opts, R, Diags->Leniency);
  }

private:
  const AnalysisOptions &Opts;
  SourceAnalysisResult &R;
};

} // namespace

SourceAnalysisResult analyzeSource(llvm::StringRef Code, llvm::StringRef FileName,
                                   const AnalysisOptions &Opts, const CudaSetup &Setup,
                                   const std::vector<std::string> &ExtraArgs) {
  SourceAnalysisResult R;
  std::vector<std::string> Args = Setup.Args;
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  // The tool adds -fsyntax-only and the file name itself; `-x cuda` must stay before the file.
  auto FS = sourceFileSystem(Setup);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(FS);
  Overlay->pushOverlay(Memory);
  // The buffer lives in memory under a fixed directory (findings name just \p FileName's path).
  std::string Path = "/divlint-input/" + FileName.str();
  // The buffer lies over the file system, so it is read as nvcc would here (NvccSyntax.h).
  std::optional<std::string> Patched = withAsmOperandCommas(Code);
  llvm::StringRef Text = Patched ? llvm::StringRef(*Patched) : Code;
  Memory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  bool Ok = false;
  runWithStackGuard(FileName, [&] {
    Ok = tooling::runToolOnCodeWithArgs(std::make_unique<Action>(Opts, R), Text, Overlay, Args,
                                        Path, "divlint");
  });
  R.Parsed = Ok && R.Errors.empty();
  return R;
}

} // namespace divlint
