#include "divlint/Confirm/ConfirmAnalysis.h"

#include "divlint/Frontend/CompileDatabase.h"
#include "divlint/Pipeline/TranslationUnitAnalysis.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace divlint::confirm {

namespace {

class ErrorCollector : public TextDiagnosticPrinter {
public:
  ErrorCollector(DiagnosticOptions &Opts, std::vector<std::string> &Errors)
      : TextDiagnosticPrinter(llvm::errs(), Opts), Errors(Errors) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error) {
      llvm::SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      Errors.push_back(Text.str().str());
    }
  }

private:
  std::vector<std::string> &Errors;
};

class Consumer : public ASTConsumer {
public:
  Consumer(const AnalysisOptions &Opts, const std::string &Kernel, AnalyzedSource &Out)
      : Opts(Opts), Kernel(Kernel), Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Out.Findings = analyzeTranslationUnit(Ctx, Opts).Findings;
    Out.Instrumented = instrumentTranslationUnit(Ctx, Out.Findings);
    if (Kernel.empty())
      return;
    if (auto Sig = findKernel(Ctx, Kernel))
      Out.Kernel = std::move(*Sig);
    else
      Out.KernelError = llvm::toString(Sig.takeError());
  }

private:
  const AnalysisOptions &Opts;
  const std::string &Kernel;
  AnalyzedSource &Out;
};

class Action : public ASTFrontendAction {
public:
  Action(const AnalysisOptions &Opts, const std::string &Kernel, AnalyzedSource &Out)
      : Opts(Opts), Kernel(Kernel), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<Consumer>(Opts, Kernel, Out);
  }

private:
  const AnalysisOptions &Opts;
  const std::string &Kernel;
  AnalyzedSource &Out;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const AnalysisOptions &Opts, const std::string &Kernel, AnalyzedSource &Out)
      : Opts(Opts), Kernel(Kernel), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Opts, Kernel, Out);
  }

private:
  const AnalysisOptions &Opts;
  const std::string &Kernel;
  AnalyzedSource &Out;
};

} // namespace

AnalyzedSource analyzeForConfirm(const std::string &File, const std::vector<std::string> &ClangArgs,
                                 const AnalysisOptions &Opts, const CudaFrontendOptions &Front,
                                 const std::string &KernelName) {
  AnalyzedSource Out;
  CudaSetup Setup = detectCuda(Front);
  Out.UsingPrelude = Setup.UsingPrelude;
  tooling::FixedCompilationDatabase Db(".", ClangArgs);
  tooling::ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(),
                          sourceFileSystem(Setup));
  Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Setup));
  DiagnosticOptions DiagOpts;
  ErrorCollector Diags(DiagOpts, Out.Errors);
  Tool.setDiagnosticConsumer(&Diags);
  Factory F(Opts, KernelName, Out);
  int RC = Tool.run(&F);
  Out.Parsed = RC == 0 && Out.Errors.empty();
  return Out;
}

} // namespace divlint::confirm
