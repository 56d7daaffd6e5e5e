//===- divlint.cpp - the divlint command line -----------------------------===//
//
//   divlint [options] FILE.cu [FILE...] [-- <compiler args>]
//   divlint -p BUILD_DIR FILE.cu
//
// Exit codes: 0 no errors, 1 error findings (barrier/warp-sync divergence), 2 tool failure (bad
// arguments, unreadable file, parse failure).
//
//===----------------------------------------------------------------------===//

#include "divlint/Analyzer.h"
#include "divlint/CudaFrontend.h"
#include "divlint/Report.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace clang;
using namespace divlint;
namespace cl = llvm::cl;

static cl::OptionCategory DivlintCategory("divlint options");

static cl::opt<std::string> Format("format", cl::desc("Output format (text, json; default text)"),
                                   cl::init("text"), cl::cat(DivlintCategory));
static cl::opt<bool> ReportAll("report-all",
                               cl::desc("Also report block- and warp-uniform branches"),
                               cl::cat(DivlintCategory));
static cl::opt<std::string> BlockDim("block-dim",
                                     cl::desc("Block shape X[,Y[,Z]] for kernels without a "
                                              "constant <<<>>> launch in the file"),
                                     cl::cat(DivlintCategory));
static cl::opt<unsigned> WarpSize("warp-size", cl::desc("Lanes per warp (default 32)"),
                                  cl::init(32), cl::cat(DivlintCategory));
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

namespace {

/// Prints clang's diagnostics as usual and counts the errors of each file.
class CountingDiagnostics : public TextDiagnosticPrinter {
public:
  CountingDiagnostics(DiagnosticOptions &Opts) : TextDiagnosticPrinter(llvm::errs(), Opts) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
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
};

struct Collected {
  std::string CurrentInput; ///< the source path as given on the command line
  std::vector<Finding> Findings;
  std::map<std::string, unsigned> DeviceFunctionsPerFile;
};

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(const AnalysisOptions &Opts, Collected &Out, std::string File)
      : Opts(Opts), Out(Out), File(std::move(File)) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    TranslationUnitResult R = analyzeTranslationUnit(Ctx, Opts);
    Out.DeviceFunctionsPerFile[Out.CurrentInput] += R.DeviceFunctions;
    for (Finding &F : R.Findings) {
      // Name the main file as the user did (clang tooling made it absolute).
      if (F.File == File)
        F.File = Out.CurrentInput;
      Out.Findings.push_back(std::move(F));
    }
  }

private:
  const AnalysisOptions &Opts;
  Collected &Out;
  std::string File;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const AnalysisOptions &Opts, Collected &Out) : Opts(Opts), Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef InFile) override {
    return std::make_unique<AnalysisConsumer>(Opts, Out, InFile.str());
  }

private:
  const AnalysisOptions &Opts;
  Collected &Out;
};

class AnalysisActionFactory : public tooling::FrontendActionFactory {
public:
  AnalysisActionFactory(const AnalysisOptions &Opts, Collected &Out) : Opts(Opts), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Opts, Out);
  }

private:
  const AnalysisOptions &Opts;
  Collected &Out;
};

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

} // namespace

int main(int argc, const char **argv) {
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

  cl::HideUnrelatedOptions(DivlintCategory);
  auto Parser = tooling::CommonOptionsParser::create(
      Argc, Args.data(), DivlintCategory, cl::ZeroOrMore,
      "divlint: find warp divergence in CUDA device code\n\n"
      "Classifies every branch condition of __global__/__device__ functions as block-uniform,\n"
      "warp-uniform or lane-varying.\n");
  if (!Parser) {
    llvm::errs() << "divlint: error: " << llvm::toString(Parser.takeError()) << "\n";
    return 2;
  }
  if (PrintPrelude) {
    llvm::outs() << builtinPrelude();
    return 0;
  }
  std::optional<ReportFormat> OutputFormat = parseReportFormat(Format);
  if (!OutputFormat) {
    llvm::errs() << "divlint: error: unknown --format='" << Format << "' (use one of "
                 << reportFormatNames() << ")\n";
    return 2;
  }
  AnalysisOptions Opts;
  Opts.WarpSize = WarpSize;
  if (WarpSize == 0 || WarpSize > 64) {
    llvm::errs() << "divlint: error: --warp-size must be between 1 and 64\n";
    return 2;
  }
  if (!BlockDim.empty()) {
    Opts.BlockDimOption = parseBlockShape(BlockDim);
    if (!Opts.BlockDimOption) {
      llvm::errs() << "divlint: error: invalid --block-dim='" << BlockDim
                   << "' (expected X[,Y[,Z]], at most 1024 threads)\n";
      return 2;
    }
  }
  std::vector<std::string> Sources = Parser->getSourcePathList();
  if (Sources.empty()) {
    llvm::errs() << "divlint: error: no input files (try: divlint kernel.cu)\n";
    return 2;
  }

  std::vector<ToolError> Errors;
  std::vector<std::string> Good;
  for (const std::string &S : Sources) {
    if (auto Problem = checkInputFile(S)) {
      llvm::errs() << "divlint: error: " << S << ": " << *Problem << "\n";
      Errors.push_back({S, *Problem});
    } else {
      Good.push_back(S);
    }
  }

  CudaFrontendOptions FrontOpts;
  FrontOpts.CudaPath = CudaPath;
  FrontOpts.GpuArch = CudaArch;
  FrontOpts.ResourceDir = ResourceDir;
  FrontOpts.ForcePrelude = NoCuda;
  CudaSetup Setup = detectCuda(FrontOpts);
  if (Setup.UsingPrelude && !Good.empty())
    llvm::errs() << "divlint: note: no CUDA installation found"
                 << (NoCuda ? " (--no-cuda)" : "")
                 << "; using the built-in CUDA prelude\n";

  Collected Out;
  bool ParseFailed = false;
  for (const std::string &S : Good) {
    Out.CurrentInput = S;
    tooling::ClangTool Tool(Parser->getCompilations(), {S},
                            std::make_shared<PCHContainerOperations>(),
                            Setup.UsingPrelude ? preludeFileSystem()
                                               : llvm::vfs::getRealFileSystem());
    Tool.appendArgumentsAdjuster(cudaArgumentsAdjuster(Setup));
    DiagnosticOptions DiagOpts;
    CountingDiagnostics Diags(DiagOpts);
    Tool.setDiagnosticConsumer(&Diags);
    AnalysisActionFactory Factory(Opts, Out);
    int RC = Tool.run(&Factory);
    if (RC != 0 || Diags.Errors) {
      ParseFailed = true;
      std::string Msg = "failed to parse as CUDA (" + std::to_string(Diags.Errors) + " error" +
                        (Diags.Errors == 1 ? "" : "s") +
                        (Diags.FirstError.empty() ? "" : "; first: " + Diags.FirstError) + ")";
      llvm::errs() << "divlint: error: " << S << ": " << Msg << "\n";
      Errors.push_back({S, Msg});
    } else if (Out.DeviceFunctionsPerFile[S] == 0) {
      llvm::errs() << "divlint: note: " << S
                   << ": no __global__ or __device__ function bodies; nothing to analyze\n";
    }
  }

  std::sort(Out.Findings.begin(), Out.Findings.end(), findingLess);
  ReportOptions ROpts;
  ROpts.ReportAll = ReportAll;
  writeReport(llvm::outs(), *OutputFormat, Out.Findings, Errors, ROpts);
  llvm::outs().flush();

  if (!Errors.empty() || ParseFailed)
    return 2;
  for (const Finding &F : Out.Findings)
    if (F.Sev == Severity::Error)
      return 1;
  return 0;
}
