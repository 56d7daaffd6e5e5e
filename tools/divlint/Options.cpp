//===- Options.cpp - the divlint command line and per-file settings ------===//
//
// Every option is an llvm::cl option of DivlintCategory (the only category --help shows).
// libLLVM already registers a `--color` flag; parseCommandLine takes the name for ours.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include "divlint/Fix/Config.h"
#include "divlint/Quantify/BlockShape.h"
#include "divlint/Report/UnifiedDiff.h"
#include "divlint/Support/ResultCache.h"
#include "divlint/Support/Watchdog.h"
#include "DivlintVersion.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <tuple>

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
static cl::opt<double> WarningSlowdown(
    "warning-slowdown",
    cl::desc("A lane-varying branch is a warning when it makes its kernel take this many times "
             "as long whatever the costs divlint assumed (default 1.25; below it, a note)"),
    cl::init(0), cl::cat(DivlintCategory));
static cl::opt<double> WarningWorstSlowdown(
    "warning-worst-slowdown",
    cl::desc("... or this many times as long at worst (default 2.0)"), cl::init(0),
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
static cl::opt<std::string> ConfigFile("config-file",
                                       cl::desc("Use this YAML file instead of searching for "
                                                ".divlint.yaml above each source"),
                                       cl::cat(DivlintCategory));
// clang-tidy's CI conventions: --line-filter, and clang-tidy-diff.py's diff mode built in.
static cl::opt<std::string> LineFilterJson(
    "line-filter",
    cl::desc("Report only findings on these lines, as clang-tidy's --line-filter: "
             "'[{\"name\":\"file.cu\",\"lines\":[[1,3],[5,5]]},{\"name\":\"other.h\"}]' "
             "(names match the end of a path; a file without \"lines\": all its lines; "
             "files not listed: no findings)"),
    cl::cat(DivlintCategory));
static cl::opt<std::string> Diff(
    "diff", cl::ValueOptional,
    cl::desc("Report only findings on lines a unified diff adds or changes (`git diff -U0 | "
             "divlint --diff`); --diff or --diff=- reads it from stdin, --diff=FILE from a file. "
             "Without source files: the CUDA files the diff touches"),
    cl::value_desc("FILE|-"), cl::cat(DivlintCategory));
static cl::opt<unsigned> DiffStrip("diff-strip",
                                   cl::desc("Directories to strip from the diff's paths, as "
                                            "patch -pN (default 1: b/src/k.cu is src/k.cu)"),
                                   cl::init(1), cl::cat(DivlintCategory));
static cl::opt<bool> Quiet("quiet",
                           cl::desc("No divlint notes or progress on stderr (findings, "
                                    "warnings and errors still)"),
                           cl::cat(DivlintCategory));
static cl::opt<bool> KernelSummaryNotes(
    "kernel-summary",
    cl::desc("Text output: one note per kernel with its predicted warp execution efficiency "
             "(JSON and SARIF always carry it)"),
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
static cl::opt<bool> Compiled(
    "compiled",
    cl::desc("Compile each file with nvcc (-cubin -lineinfo, for --cuda-gpu-arch) and check its "
             "branch findings against the SASS nvdisasm shows: a real branch, predicated code, "
             "or no code (needs nvcc and nvdisasm; cached)"),
    cl::cat(DivlintCategory));
static cl::opt<std::string> CompiledDisassembly(
    "compiled-disassembly",
    cl::desc("With --compiled: read `nvdisasm -c -gi` output from this file instead of compiling "
             "(one input file)"),
    cl::cat(DivlintCategory));
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
// cl::Prefix: `-j2` as well as `-j 2` and `-j=2`, as make and ninja take it.
static cl::opt<unsigned> Jobs("j",
                              cl::desc("Translation units analyzed in parallel (default: all "
                                       "cores)"),
                              cl::init(0), cl::Prefix, cl::cat(DivlintCategory));
static cl::opt<bool> NoCache("no-cache",
                             cl::desc("Neither reuse nor store results in the cache directory"),
                             cl::cat(DivlintCategory));
static cl::opt<std::string> CacheDir("cache-dir",
                                     cl::desc("Where results are cached (default: "
                                              "$XDG_CACHE_HOME/divlint or ~/.cache/divlint)"),
                                     cl::cat(DivlintCategory));
static cl::opt<std::string> CacheSizeLimit(
    "cache-size-limit",
    cl::desc("Size the cache directory is pruned to, least recently used files first: bytes, or "
             "with K, M, G, T (default 1G; 0: no limit)"),
    cl::value_desc("SIZE"), cl::init("1G"), cl::cat(DivlintCategory));
// A worker process: the parent's own arguments plus these (WorkerProcess.h).
static cl::opt<std::string> WorkerInput("divlint-worker-input", cl::Hidden,
                                        cl::cat(DivlintCategory));
static cl::opt<std::string> WorkerResult("divlint-worker-result", cl::Hidden,
                                         cl::cat(DivlintCategory));
static cl::opt<bool> WorkerColors("divlint-worker-colors", cl::Hidden, cl::cat(DivlintCategory));
static cl::opt<std::string> WorkerLineFilter("divlint-worker-line-filter", cl::Hidden,
                                             cl::cat(DivlintCategory));
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

namespace divlint::tool {

namespace {

/// --config-file, loaded once by parseCommandLine (settingsFor then uses it for every file).
std::optional<FileConfig> ExplicitConfig;

/// `divlint --version`.
void printVersion(llvm::raw_ostream &OS) {
  OS << "divlint " << DIVLINT_VERSION_STRING << "\n";
  if (llvm::StringRef(DIVLINT_GIT_COMMIT).size())
    OS << "  git commit " << DIVLINT_GIT_COMMIT << "\n";
  OS << "  built with LLVM " << LLVM_VERSION_STRING << "\n";
}

/// The diff --diff names (stdin for `--diff` and `--diff=-`).
llvm::Expected<std::vector<ChangedFile>> readDiff() {
  bool FromStdin = Diff.empty() || Diff == "-";
  auto Buffer = FromStdin ? llvm::MemoryBuffer::getSTDIN() : llvm::MemoryBuffer::getFile(Diff);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "--diff: cannot read %s: %s",
                                   FromStdin ? "stdin" : Diff.c_str(),
                                   Buffer.getError().message().c_str());
  auto Files = parseUnifiedDiff((*Buffer)->getBuffer(), DiffStrip);
  if (!Files)
    return llvm::createStringError(std::errc::invalid_argument, "--diff: %s",
                                   llvm::toString(Files.takeError()).c_str());
  return Files;
}

/// A worker process's line filter: the one its parent wrote to a file (WorkerProcess.h).
std::optional<int> readWorkerLineFilter(CommandLine &CL) {
  auto Bytes = llvm::MemoryBuffer::getFile(WorkerLineFilter, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  llvm::Expected<LineFilter> Filter = Bytes ? LineFilter::fromCbor((*Bytes)->getBuffer())
                                            : llvm::errorCodeToError(Bytes.getError());
  if (!Filter) {
    llvm::errs() << "divlint: error: " << WorkerLineFilter << ": "
                 << llvm::toString(Filter.takeError()) << "\n";
    return 2;
  }
  CL.Lines = std::make_shared<const LineFilter>(std::move(*Filter));
  return std::nullopt;
}

/// --line-filter and --diff into \p CL; the exit status when they end the run. A worker process
/// takes its parent's filter instead, from a file: its parent has read the diff, perhaps from
/// stdin, and the worker gets the same arguments.
std::optional<int> parseLineSelection(CommandLine &CL) {
  if (WorkerLineFilter.getNumOccurrences())
    return readWorkerLineFilter(CL);
  bool HasDiff = Diff.getNumOccurrences() > 0;
  if (HasDiff && LineFilterJson.getNumOccurrences()) {
    llvm::errs() << "divlint: error: --diff and --line-filter cannot be combined\n";
    return 2;
  }
  if (LineFilterJson.getNumOccurrences()) {
    auto Filter = LineFilter::fromJson(LineFilterJson);
    if (!Filter) {
      llvm::errs() << "divlint: error: " << llvm::toString(Filter.takeError()) << "\n";
      return 2;
    }
    CL.Lines = std::make_shared<const LineFilter>(std::move(*Filter));
  }
  if (!HasDiff)
    return std::nullopt;
  auto Files = readDiff();
  if (!Files) {
    llvm::errs() << "divlint: error: " << llvm::toString(Files.takeError()) << "\n";
    return 2;
  }
  if (!Files->empty()) // (an empty diff: the run has nothing to analyze, Run.cpp says so)
    CL.Lines = std::make_shared<const LineFilter>(lineFilterFor(*Files));
  CL.Diff = std::move(*Files);
  return std::nullopt;
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

} // namespace

std::optional<int> parseCommandLine(int Argc, const char **Argv, CommandLine &CL) {
  // Without -p or `--`, use no compilation database (and say nothing about not finding one).
  std::vector<const char *> Args(Argv, Argv + Argc);
  bool HasDashDash = false, HasBuildPath = false;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    HasDashDash |= A == "--";
    HasBuildPath |= A == "-p" || A.starts_with("-p=") || A.starts_with("--p=");
  }
  if (!HasDashDash && !HasBuildPath)
    Args.push_back("--");
  int ArgsSize = static_cast<int>(Args.size());

  if (cl::Option *LLVMColor = cl::getRegisteredOptions().lookup("color"))
    LLVMColor->removeArgument();
  Color.setArgStr("color");
  cl::HideUnrelatedOptions(DivlintCategory);
  cl::SetVersionPrinter(printVersion);
  auto Parser = tooling::CommonOptionsParser::create(
      ArgsSize, Args.data(), DivlintCategory, cl::ZeroOrMore,
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
  std::optional<ReportFormat> Output = parseReportFormat(Format);
  if (!Output) {
    llvm::errs() << "divlint: error: unknown --format='" << Format << "' (use one of "
                 << reportFormatNames() << ")\n";
    return 2;
  }
  bool Colors = Color == ColorMode::Always ||
                (Color == ColorMode::Auto && llvm::sys::Process::StandardOutIsDisplayed());
  if (!Checks.empty() && Checks.find_first_not_of(" ,") == std::string::npos) {
    llvm::errs() << "divlint: error: --checks is empty\n";
    return 2;
  }
  if (ConfigFile.getNumOccurrences()) {
    auto Config = loadConfigFile(ConfigFile);
    if (!Config) {
      llvm::errs() << "divlint: error: " << llvm::toString(Config.takeError()) << "\n";
      return 2;
    }
    ExplicitConfig = std::move(*Config);
  }
  if (std::optional<int> Exit = parseLineSelection(CL))
    return Exit;
  CL.Parser.emplace(std::move(*Parser));
  CL.BuildPath = buildPathArgument(Argc, Argv);
  CL.Output = {*Output, Colors, ReportAll, SarifRoot, WarningsAsErrors, Quiet, KernelSummaryNotes};
  CL.Fixes = {ExportFixes, Fix, SimulateFixWriteError};
  CL.Frontend = {CudaPath, CudaArch, ResourceDir, NoCuda};
  CL.Compiled = {Compiled || !CompiledDisassembly.empty(), CompiledDisassembly};
  CL.Limits = {Jobs, TimeoutSeconds,
               MemoryLimitMB.getNumOccurrences()
                   ? MemoryLimitMB
                   : static_cast<unsigned>(physicalMemoryMB() / 4 * 3)};
  std::optional<uint64_t> SizeLimit = parseCacheSize(CacheSizeLimit);
  if (!SizeLimit) {
    llvm::errs() << "divlint: error: invalid --cache-size-limit='" << CacheSizeLimit
                 << "' (expected bytes, or a size such as 500M or 2G; 0 for no limit)\n";
    return 2;
  }
  CL.Reuse.Enabled = !NoCache;
  CL.Reuse.CacheDir = CacheDir.empty() ? ResultCache::defaultDirectory() : CacheDir.getValue();
  CL.Reuse.Pruning.MaxBytes = *SizeLimit;
  // The precompiled CUDA headers live in the cache too.
  if (CL.Reuse.Enabled && !CL.Reuse.CacheDir.empty())
    CL.Frontend.PrecompiledHeaderDir = CL.Reuse.CacheDir + "/pch";
  CL.Arguments.assign(Argv + 1, Argv + Argc);
  if (!WorkerInput.empty()) {
    CL.Worker = WorkerRequest{WorkerInput, WorkerResult};
    CL.Output.Colors = WorkerColors; // the parent's terminal, not the worker's pipe
  }
  return std::nullopt;
}

llvm::Expected<FileSettings> settingsFor(const std::string &Source) {
  auto Config = ExplicitConfig ? llvm::Expected<FileConfig>(*ExplicitConfig) : findConfig(Source);
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
  const AnalysisOptions Defaults;
  S.Analysis.WarningSureSlowdown = WarningSlowdown.getNumOccurrences()
                                       ? WarningSlowdown.getValue()
                                       : Config->WarningSlowdown.value_or(
                                             Defaults.WarningSureSlowdown);
  S.Analysis.WarningWorstSlowdown = WarningWorstSlowdown.getNumOccurrences()
                                        ? WarningWorstSlowdown.getValue()
                                        : Config->WarningWorstSlowdown.value_or(
                                              Defaults.WarningWorstSlowdown);
  for (auto [Value, Name] : {std::make_pair(S.Analysis.WarningSureSlowdown, "warning-slowdown"),
                             std::make_pair(S.Analysis.WarningWorstSlowdown,
                                            "warning-worst-slowdown")})
    if (!AnalysisOptions::isWarningSlowdown(Value))
      return llvm::createStringError(std::errc::invalid_argument,
                                     "--%s must be between 1.0 and 1000 (a kernel slowdown)",
                                     Name);
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
  S.Fingerprint = "block-dim=" + Dim + ";warp-size=" + std::to_string(S.Analysis.WarpSize) +
                  ";checks=" + S.Checks + ";min-severity=" + Sev + ";header-filter=" + Headers +
                  ";exclude-header-filter=" + Exclude +
                  ";warning-slowdown=" + std::to_string(S.Analysis.WarningSureSlowdown) + "," +
                  std::to_string(S.Analysis.WarningWorstSlowdown);
  for (const std::string &Value : BlockDim)
    S.Fingerprint += ";block-dim=" + Value;
  return S;
}

} // namespace divlint::tool
