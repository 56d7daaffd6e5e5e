#include "divlint/Confirm/Confirm.h"

#include "divlint/Confirm/BuildCommands.h"
#include "divlint/Confirm/Comparison.h"
#include "divlint/Confirm/ConfirmAnalysis.h"
#include "divlint/Frontend/CompileDatabase.h"
#include "divlint/Confirm/ConfirmReport.h"
#include "divlint/Confirm/DriverGenerator.h"
#include "divlint/Confirm/FixitSources.h"
#include "divlint/Confirm/PortableIncludes.h"
#include "divlint/Confirm/Repredict.h"
#include "divlint/Confirm/Results.h"
#include "divlint/Confirm/Runner.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <thread>

namespace cl = llvm::cl;

namespace divlint::confirm {

static const char ProbeRuntimeText[] =
#include "divlint_probe.inc"
    ;
static const char DriverRuntimeText[] =
#include "divlint_driver.inc"
    ;

namespace {

int fail(const llvm::Twine &Msg) {
  llvm::errs() << "divlint confirm: error: " << Msg << "\n";
  return 2;
}

bool writeText(const std::string &Path, llvm::StringRef Text) {
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << "divlint confirm: error: cannot write " << Path << ": " << EC.message() << "\n";
    return false;
  }
  OS << Text;
  return true;
}

std::string absolutePath(llvm::StringRef P) {
  llvm::SmallString<256> S(P);
  llvm::sys::fs::make_absolute(S);
  llvm::sys::path::remove_dots(S, true);
  return std::string(S);
}

std::string plural(size_t N, const char *Word) {
  std::string W = Word;
  if (N != 1)
    W += llvm::StringRef(W).ends_with("ch") ? "es" : "s";
  return std::to_string(N) + " " + W;
}

int report(const ConfirmPlan &Plan, const std::string &Dir, const Tolerances &Tol,
           const std::string &JsonOut) {
  RunResults R = readResults(Plan, Dir);
  ConfirmOutcome O = compare(Plan, R, Tol);
  writeConfirmTable(llvm::outs(), Plan, O);
  llvm::outs().flush();
  nlohmann::json J = confirmJson(Plan, O);
  writeText(Dir + "/report.json", J.dump(2) + "\n");
  if (!JsonOut.empty()) {
    if (JsonOut == "-")
      llvm::outs() << J.dump(2) << "\n";
    else if (!writeText(JsonOut, J.dump(2) + "\n"))
      return 2;
  }
  if (O.count(Verdict::Refuted))
    return 1;
  // Nothing could be measured (e.g. the program's kernels failed): not a confirmation.
  return !O.Problems.empty() && O.count(Verdict::Confirmed) == 0 ? 2 : 0;
}

/// The problem that kept the original (the first variant) from giving results, if any.
std::optional<std::string> firstVariantProblem(const ConfirmPlan &Plan, const std::string &Dir) {
  RunResults R = readResults(Plan, Dir);
  const VariantResult &V = R.Variants[Plan.Variants.front().Name];
  switch (V.Status) {
  case RunStatus::BuildFailed:
    return "nvcc failed to build the instrumented " +
           std::string(Plan.Mode == PlanMode::Kernel ? "driver" : "program") + " (variant '" +
           V.Name + "'):\n" + V.Message;
  case RunStatus::NoDevice:
    return "no usable CUDA device: " + V.Message;
  case RunStatus::TimedOut:
    return "the " + V.Name + " variant " + V.Message;
  case RunStatus::NotRun:
    return "the " + V.Name + " variant did not run";
  default:
    return std::nullopt;
  }
}

/// The options of `divlint confirm`. Created on the first call (so that `divlint FILE.cu` never
/// sees them) and kept: llvm::cl options cannot be unregistered, only reset between parses. They
/// live in their own subcommand, so that names divlint's own options also use (--timeout, -j...)
/// do not clash in llvm::cl's registry.
struct ConfirmOptions {
  cl::SubCommand Sub{"confirm", "compile and run flagged kernels on a GPU"};
  cl::OptionCategory Cat{"divlint confirm options"};
  cl::list<std::string> Inputs{cl::Positional, cl::desc("<FILE.cu>"), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<std::string> Kernel{"kernel", cl::desc("Kernel mode: the __global__ function to launch"),
                              cl::value_desc("name"), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<std::string> Grid{"grid", cl::desc("Grid X[,Y[,Z]] (kernel mode)"), cl::sub(Sub),
                            cl::cat(Cat)};
  cl::opt<std::string> Block{"block", cl::desc("Block X[,Y[,Z]] (kernel mode)"), cl::sub(Sub),
                             cl::cat(Cat)};
  cl::list<std::string> ArgSpecs{
      "arg",
      cl::desc("A kernel parameter: name=VALUE, or name=TYPE[COUNT][:FILL] with FILL one of "
               "random[=LO..HI], alternating[=A,B], sorted[=START], constant[=V]"),
      cl::sub(Sub), cl::cat(Cat)};
  cl::opt<unsigned> SharedMem{"smem", cl::desc("Dynamic shared memory bytes of the launch"),
                              cl::init(0), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<uint64_t> Seed{"seed", cl::desc("Seed of the random fills (default 1)"), cl::init(1),
                         cl::sub(Sub), cl::cat(Cat)};
  cl::opt<unsigned> Reps{"reps", cl::desc("Timed launches per variant (at least 20; default 30)"),
                         cl::init(30), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<unsigned> Warmup{"warmup", cl::desc("Untimed launches first (default 3)"), cl::init(3),
                           cl::sub(Sub), cl::cat(Cat)};
  cl::opt<std::string> Arch{"arch", cl::desc("nvcc -arch (default native: the local GPU)"),
                            cl::init("native"), cl::sub(Sub), cl::cat(Cat)};
  cl::list<std::string> NvccArgs{"nvcc-arg",
                                 cl::desc("Extra nvcc argument (repeatable; -I/-D also reach the "
                                          "analysis)"),
                                 cl::sub(Sub), cl::cat(Cat)};
  cl::opt<unsigned> Timeout{"timeout",
                            cl::desc("Seconds before a run is killed (default 120)"),
                            cl::init(120), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<bool> Keep{"keep", cl::desc("Keep the build directory (sources, binaries, logs)"),
                     cl::sub(Sub), cl::cat(Cat)};
  cl::opt<std::string> JsonOut{"json", cl::desc("Also write the report as JSON ('-': stdout)"),
                               cl::value_desc("file"), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<bool> Ncu{"ncu", cl::desc("Add ncu's branch metrics (when ncu is on PATH)"),
                    cl::sub(Sub), cl::cat(Cat)};
  cl::opt<double> SlowdownTol{"tolerance",
                              cl::desc("Relative tolerance of slowdowns (default 0.2)"),
                              cl::init(0.2), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<double> EffTol{"efficiency-tolerance",
                         cl::desc("Relative tolerance of efficiencies (default 0.2)"),
                         cl::init(0.2), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<bool> NoCounterfactual{"no-counterfactual",
                                 cl::desc("Kernel mode: do not time uniformized variants"),
                                 cl::sub(Sub), cl::cat(Cat)};
  cl::opt<bool> NoFixIts{"no-fixits", cl::desc("Kernel mode: do not time fix-it variants"),
                         cl::sub(Sub), cl::cat(Cat)};
  cl::opt<double> OutputTol{
      "output-tolerance",
      cl::desc("Fix-it outputs that are not byte-identical to the original's still match when "
               "every floating-point element is within this relative difference "
               "(|a-b| / max(1,|a|,|b|); default 1e-5; integers must be equal)"),
      cl::init(1e-5), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<std::string> EmitOnly{
      "emit-only", cl::desc("Write the build directory (with run.sh) to DIR; build nothing"),
      cl::value_desc("dir"), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<std::string> FromResults{
      "from-results", cl::desc("Judge what run.sh left in DIR (a --emit-only directory)"),
      cl::value_desc("dir"), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<bool> Repredict{
      "repredict",
      cl::desc("With --from-results: judge the measured counters against this divlint's "
               "analysis of the plan's source (probes matched by source range)"),
      cl::sub(Sub), cl::cat(Cat)};
  cl::opt<std::string> NvccPath{"nvcc", cl::desc("nvcc to use (default: found on PATH, "
                                                  "$CUDA_PATH/bin, /usr/local/cuda/bin)"),
                                 cl::value_desc("path"), cl::sub(Sub), cl::cat(Cat)};
  cl::opt<unsigned> Jobs{"jobs", cl::desc("Parallel nvcc builds (default: the cores)"),
                         cl::init(std::max(1u, std::thread::hardware_concurrency())),
                         cl::sub(Sub), cl::cat(Cat)};
};

ConfirmOptions &confirmOptions() {
  static ConfirmOptions Options;
  return Options;
}

} // namespace

int runConfirm(int argc, const char **argv) {
  // Everything after `--` is the program's (program mode).
  std::vector<const char *> Args = {"divlint", "confirm"}; // argv[1] selects the subcommand
  std::vector<std::string> ProgramArgs;
  bool DashDash = false;
  for (int I = 1; I < argc; ++I) {
    if (!DashDash && llvm::StringRef(argv[I]) == "--") {
      DashDash = true;
      continue;
    }
    if (DashDash)
      ProgramArgs.push_back(argv[I]);
    else
      Args.push_back(argv[I]);
  }

  ConfirmOptions &Opt = confirmOptions();
  cl::ResetAllOptionOccurrences(); // a second run in one process starts from the defaults
  auto &Inputs = Opt.Inputs;
  auto &Kernel = Opt.Kernel;
  auto &Grid = Opt.Grid;
  auto &Block = Opt.Block;
  auto &ArgSpecs = Opt.ArgSpecs;
  auto &SharedMem = Opt.SharedMem;
  auto &Seed = Opt.Seed;
  auto &Reps = Opt.Reps;
  auto &Warmup = Opt.Warmup;
  auto &Arch = Opt.Arch;
  auto &NvccArgs = Opt.NvccArgs;
  auto &Timeout = Opt.Timeout;
  auto &Keep = Opt.Keep;
  auto &JsonOut = Opt.JsonOut;
  auto &Ncu = Opt.Ncu;
  auto &SlowdownTol = Opt.SlowdownTol;
  auto &EffTol = Opt.EffTol;
  auto &NoCounterfactual = Opt.NoCounterfactual;
  auto &NoFixIts = Opt.NoFixIts;
  auto &EmitOnly = Opt.EmitOnly;
  auto &FromResults = Opt.FromResults;
  auto &NvccPath = Opt.NvccPath;
  auto &Jobs = Opt.Jobs;
  cl::HideUnrelatedOptions(Opt.Cat, Opt.Sub);
  std::string ParseErrors;
  llvm::raw_string_ostream ParseOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          int(Args.size()), Args.data(),
          "divlint confirm: compile and run flagged kernels on a GPU to confirm divlint's "
          "predictions\n\n"
          "  divlint confirm FILE.cu --kernel NAME --grid G --block B [--arg SPEC]...\n"
          "  divlint confirm PROGRAM.cu [options] -- PROGRAM-ARGS\n"
          "  divlint confirm --from-results DIR\n",
          &ParseOS)) {
    llvm::errs() << ParseErrors;
    return 2;
  }
  Tolerances Tol;
  Tol.Slowdown = SlowdownTol;
  Tol.Efficiency = EffTol;
  Tol.Output = Opt.OutputTol;

  if (!FromResults.empty()) {
    auto Buffer = llvm::MemoryBuffer::getFile(FromResults + "/plan.json");
    if (!Buffer)
      return fail(FromResults + "/plan.json: " + Buffer.getError().message());
    nlohmann::json J = nlohmann::json::parse((*Buffer)->getBuffer().begin(),
                                             (*Buffer)->getBuffer().end(), nullptr, false);
    auto Plan = planFromJson(J);
    if (!Plan)
      return fail(FromResults + "/plan.json: " + llvm::toString(Plan.takeError()));
    if (Opt.Repredict) {
      auto R = repredict(*Plan);
      if (!R)
        return fail(llvm::toString(R.takeError()));
      llvm::errs() << "divlint confirm: re-predicted with this build: " << R->Matched
                   << " probed branches predicted, " << R->Unmatched << " not reported now, "
                   << R->Unprobed << " reported now but not probed in this run\n";
    }
    if (auto Problem = firstVariantProblem(*Plan, FromResults))
      return fail(*Problem);
    return report(*Plan, FromResults, Tol, JsonOut);
  }

  if (Inputs.size() != 1)
    return fail(Inputs.empty() ? "no input file (try: divlint confirm k.cu --kernel k --grid 64 "
                                 "--block 256, or --help)"
                               : "one source file at a time");
  std::string Source = Inputs.front();
  if (!llvm::sys::fs::exists(Source) || llvm::sys::fs::is_directory(Source))
    return fail(Source + ": no such file");
  bool KernelMode = !Kernel.empty();
  if (!KernelMode && !DashDash)
    return fail("give --kernel NAME (kernel mode) or `-- ARGS` after the file (program mode)");
  if (KernelMode && !ProgramArgs.empty())
    return fail("program arguments after `--` are for program mode; kernel mode takes --arg");
  if (Reps < 20)
    return fail("--reps must be at least 20 (medians of fewer launches are too noisy)");
  if (SlowdownTol <= 0 || EffTol <= 0 || Opt.OutputTol < 0)
    return fail("tolerances must be positive");

  ConfirmPlan Plan;
  Plan.Mode = KernelMode ? PlanMode::Kernel : PlanMode::Program;
  Plan.Source = Source;
  Plan.Seed = Seed;
  Plan.Reps = Reps;
  Plan.Warmup = Warmup;
  Plan.Arch = Arch;
  Plan.TimeoutSeconds = Timeout;
  Plan.Ncu = Ncu;
  Plan.ProgramArgs = ProgramArgs;
  Plan.SharedMemBytes = SharedMem;
  std::vector<ArgSpec> Specs;
  if (KernelMode) {
    auto G = parseDim3(Grid), B = parseDim3(Block);
    if (!G || !B)
      return fail("kernel mode needs --grid X[,Y[,Z]] and --block X[,Y[,Z]] (got '" + Grid +
                  "', '" + Block + "')");
    if (B->count() > 1024)
      return fail("--block " + B->str() + " has more than 1024 threads");
    Plan.Grid = *G;
    Plan.Block = *B;
    Plan.Kernel = Kernel;
    for (const std::string &S : ArgSpecs) {
      auto A = parseArgSpec(S);
      if (!A)
        return fail(llvm::toString(A.takeError()));
      Specs.push_back(*A);
    }
  } else if (!ArgSpecs.empty()) {
    return fail("--arg is for kernel mode (--kernel NAME)");
  }

  RunnerSettings Settings;
  Settings.Jobs = Jobs;
  if (EmitOnly.empty()) {
    std::optional<std::string> Nvcc;
    if (!NvccPath.empty()) {
      if (!llvm::sys::fs::can_execute(NvccPath))
        return fail("nvcc not found: " + NvccPath + " is not an executable (--nvcc)");
      Nvcc = NvccPath;
    } else {
      Nvcc = findNvcc();
    }
    if (!Nvcc)
      return fail("nvcc not found (looked on PATH, in $CUDA_PATH/bin and /usr/local/cuda/bin); "
                  "install the CUDA toolkit, or use --emit-only DIR and run DIR/run.sh where "
                  "nvcc and a GPU are");
    Settings.Nvcc = *Nvcc;
    if (Ncu)
      Settings.Ncu = findNcu().value_or("");
  }

  // Analyze, instrument, and (kernel mode) read the kernel's parameters.
  AnalysisOptions Opts;
  if (KernelMode) {
    BlockShape Shape;
    Shape.X = Plan.Block.X, Shape.Y = Plan.Block.Y, Shape.Z = Plan.Block.Z;
    Shape.Source = "option";
    Opts.BlockDimOption = Shape;
  }
  std::vector<std::string> Nvcc(NvccArgs.begin(), NvccArgs.end());
  AnalyzedSource A = analyzeForConfirm(absolutePath(Source), sourceMeaningFlags(Nvcc), Opts,
                                       CudaFrontendOptions(), Kernel);
  std::string FirstError = A.Errors.empty() ? "" : " (first: " + A.Errors.front() + ")";
  if (A.Instrumented.Files.empty() || (!A.Parsed && A.Instrumented.Probes.empty()))
    return fail(Source + ": failed to parse as CUDA" + FirstError);
  if (!A.Parsed) // e.g. host code clang's device-side parse rejects but nvcc accepts
    llvm::errs() << "divlint confirm: warning: " << Source << ": clang reported "
                 << plural(A.Errors.size(), "error") << FirstError
                 << "; probing what was analyzed (nvcc decides whether the source builds)\n";
  if (KernelMode && !A.Kernel)
    return fail(Source + ": " + A.KernelError);

  Plan.SourceRoot = A.Instrumented.Root;
  Plan.MainRelPath = A.Instrumented.MainRelPath;
  Plan.Probes = A.Instrumented.Probes;
  Plan.Skipped = A.Instrumented.Skipped;
  // Every include folder becomes one of the build directory (it must build on another machine);
  // headers only the host pass includes were not mirrored: they are copied there too.
  std::vector<IncludeCopy> IncludeCopies;
  Plan.NvccArgs = portableIncludes(Nvcc, Plan.SourceRoot,
                                   llvm::sys::path::parent_path(absolutePath(Source)).str(),
                                   IncludeCopies);
  Plan.AnalysisArgs = Nvcc;

  std::string Driver;
  if (KernelMode) {
    Plan.Kernel = A.Kernel->Name;
    auto Resolved = resolveArgs(*A.Kernel, Specs, Plan.Grid.count() * Plan.Block.count(), Seed);
    if (!Resolved)
      return fail(llvm::toString(Resolved.takeError()));
    KernelLaunch L;
    L.Kernel = A.Kernel->Name;
    L.Grid = Plan.Grid;
    L.Block = Plan.Block;
    L.SharedMemBytes = SharedMem;
    L.Seed = Seed;
    L.Args = *Resolved;
    for (const ResolvedArg &R : L.Args)
      Plan.ArgsDescribed.push_back(R.describe());
    Driver = generateDriver(L, "src/" + Plan.MainRelPath, absolutePath(Source));
    addKernelVariants(Plan, !NoCounterfactual, !NoFixIts);
  } else {
    Plan.Variants.push_back({"probe", VariantRole::Probe, -1, std::nullopt, std::nullopt});
    if (Ncu)
      Plan.Variants.push_back({"original", VariantRole::Original, -1, std::nullopt, std::nullopt});
  }

  // The unprobed and fix-it variants' sources (variants/<name>/): the files as written, with the
  // fix-it's replacements applied. A fix-it that cannot be applied is dropped, and said so.
  std::vector<std::pair<std::string, std::vector<MirroredFile>>> VariantTrees;
  for (auto It = Plan.Variants.begin(); It != Plan.Variants.end();) {
    const FixSuggestion *Fix = nullptr;
    if (It->Role == VariantRole::FixIt)
      Fix = &Plan.Probes[*It->ProbeId].FixIts[*It->FixIndex];
    if (!It->ownSources()) {
      ++It;
      continue;
    }
    auto Files = applyFixIt(A.Instrumented.Files, Fix);
    if (!Files) {
      llvm::errs() << "divlint confirm: warning: fix-it variant " << It->Name
                   << " left out: " << llvm::toString(Files.takeError()) << "\n";
      It = Plan.Variants.erase(It);
      continue;
    }
    VariantTrees.push_back({It->sourceDir(), std::move(*Files)});
    ++It;
  }
  if (!Plan.hasFixIts()) // no fix-it left: no baseline needed
    llvm::erase_if(Plan.Variants,
                   [](const Variant &V) { return V.Role == VariantRole::Unprobed; });
  // A floor serves only a branch's fix-its: none left, no floor.
  llvm::erase_if(Plan.Variants, [&](const Variant &Floor) {
    return Floor.Role == VariantRole::Floor &&
           llvm::none_of(Plan.Variants, [&](const Variant &V) {
             return V.Role == VariantRole::FixIt && V.ProbeId == Floor.ProbeId;
           });
  });

  // The build directory.
  std::string Dir;
  if (!EmitOnly.empty()) {
    Dir = absolutePath(EmitOnly);
    if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
      return fail(EmitOnly + ": " + EC.message());
  } else {
    llvm::SmallString<128> Tmp;
    if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("divlint-confirm", Tmp))
      return fail("cannot create a temporary directory: " + EC.message());
    Dir = std::string(Tmp);
  }
  bool Ok = true;
  for (const MirroredFile &F : A.Instrumented.Files)
    Ok &= writeText(Dir + "/src/" + F.RelPath, F.Text);
  uint64_t CopyBudget = 8u << 20;
  for (const IncludeCopy &C : IncludeCopies)
    copyHeaders(C, Dir, CopyBudget);
  copyIncludedHeaders(IncludeCopies, Plan.SourceRoot, Dir, CopyBudget);
  Ok &= writeText(Dir + "/divlint_probe.cuh", ProbeRuntimeText);
  if (KernelMode) {
    Ok &= writeText(Dir + "/divlint_driver.cuh", DriverRuntimeText);
    Ok &= writeText(Dir + "/driver.cu", Driver);
  }
  for (const auto &[VariantDir, Files] : VariantTrees) {
    if (!Plan.variant(llvm::sys::path::filename(VariantDir)))
      continue; // the baseline of fix-its that were all left out
    for (const MirroredFile &F : Files)
      Ok &= writeText(Dir + "/" + VariantDir + "/src/" + F.RelPath, F.Text);
    Ok &= writeText(Dir + "/" + VariantDir + "/driver.cu", Driver);
  }
  Ok &= writeText(Dir + "/plan.json", planToJson(Plan).dump(2) + "\n");
  Ok &= writeText(Dir + "/run.sh", runScript(Plan));
  llvm::sys::fs::setPermissions(Dir + "/run.sh", llvm::sys::fs::all_read |
                                                     llvm::sys::fs::all_exe |
                                                     llvm::sys::fs::owner_write);
  if (!Ok)
    return 2;
  size_t InScope = 0;
  for (const ProbeSite &S : Plan.Probes)
    InScope += Plan.inScope(S);
  llvm::errs() << "divlint confirm: " << plural(InScope, "branch") << " probed"
               << (Plan.Skipped.empty() ? "" : ", " + plural(Plan.Skipped.size(), "condition") +
                                                   " not instrumentable")
               << ", " << plural(Plan.Variants.size(), "variant") << " in " << Dir << "\n";
  if (!EmitOnly.empty()) {
    llvm::errs() << "divlint confirm: run `bash " << Dir << "/run.sh` where nvcc and a GPU are, "
                 << "then `divlint confirm --from-results " << Dir << "`\n";
    return 0;
  }

  executePlan(Plan, Dir, Settings, llvm::errs());
  int Code;
  if (auto Problem = firstVariantProblem(Plan, Dir)) {
    Code = fail(*Problem);
  } else {
    Code = report(Plan, Dir, Tol, JsonOut);
  }
  if (Keep)
    llvm::errs() << "divlint confirm: build directory kept: " << Dir << "\n";
  else
    llvm::sys::fs::remove_directories(Dir);
  return Code;
}

} // namespace divlint::confirm
