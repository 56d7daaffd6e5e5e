#include "divlint/Confirm/BuildCommands.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace divlint::confirm {

const char *const ReferenceDir = "ref";

const char *const NcuMetrics = "smsp__sass_branch_targets.sum,"
                               "smsp__sass_branch_targets_threads_divergent.sum,"
                               "smsp__thread_inst_executed_per_inst_executed.ratio";

std::vector<std::string> nvccArguments(const ConfirmPlan &P, const Variant &V) {
  std::vector<std::string> A = {"-O3", "-lineinfo", "-arch=" + P.Arch, "-I."};
  // Variants with their own sources look for the mirrored headers there, not in the probed src/.
  std::string Root = V.ownSources() ? V.sourceDir() + "/" : "";
  llvm::StringRef MainDir = llvm::sys::path::parent_path(P.MainRelPath);
  // After a variant's own folder, the probed tree's: the headers copied in beside the mirrored
  // ones (PortableIncludes.h: only the host pass includes them) are there alone.
  std::string Main = "src" + (MainDir.empty() ? std::string() : "/" + MainDir.str());
  A.push_back("-I" + Root + Main);
  if (!Root.empty())
    A.push_back("-I" + Main);
  for (const std::string &Arg : P.NvccArgs) {
    llvm::StringRef Rest = Arg;
    bool IntoSrc = Rest.consume_front("-Isrc") && (Rest.empty() || Rest.starts_with("/"));
    A.push_back(IntoSrc ? "-I" + Root + "src" + Rest.str() : Arg);
    if (IntoSrc && !Root.empty())
      A.push_back(Arg);
  }
  unsigned NumProbes = P.Probes.empty() ? 1 : unsigned(P.Probes.size());
  A.push_back("-DDIVLINT_NUM_PROBES=" + std::to_string(NumProbes));
  A.push_back(V.Role == VariantRole::Probe ? "-DDIVLINT_MODE=1" : "-DDIVLINT_MODE=0");
  A.push_back("-DDIVLINT_UNIFORM_ID=" + std::to_string(V.UniformId));
  if (V.Role == VariantRole::Floor && V.ProbeId)
    A.push_back("-DDIVLINT_FLOOR_ID=" + std::to_string(*V.ProbeId));
  if (P.Mode == PlanMode::Program)
    A.push_back("-DDIVLINT_PROGRAM_HOOKS");
  A.push_back("-o");
  A.push_back("bin/" + V.Name);
  A.push_back(P.Mode == PlanMode::Kernel ? Root + "driver.cu" : "src/" + P.MainRelPath);
  return A;
}

std::vector<std::string> runArguments(const ConfirmPlan &P, const Variant &V,
                                      const std::string &Dir) {
  std::vector<std::string> A = {Dir + "/bin/" + V.Name};
  if (P.Mode == PlanMode::Program) {
    A.insert(A.end(), P.ProgramArgs.begin(), P.ProgramArgs.end());
    return A;
  }
  bool Probe = V.Role == VariantRole::Probe;
  A.insert(A.end(), {"--variant", V.Name, "--out", Dir + "/results/" + V.Name + ".json", "--reps",
                     std::to_string(Probe ? 1 : P.Reps), "--warmup",
                     std::to_string(Probe ? 0 : P.Warmup)});
  // Fix-its must compute what the original computes: the original (run first) leaves its output
  // buffers in ref/, and the variants built from the sources as written compare theirs with them
  // element by element (the driver reports the largest difference; Comparison.h judges it).
  if (P.hasFixIts() && V.Role == VariantRole::Original)
    A.insert(A.end(), {"--dump", Dir + "/" + ReferenceDir});
  if (P.hasFixIts() && V.ownSources())
    A.insert(A.end(), {"--compare", Dir + "/" + ReferenceDir});
  return A;
}

std::vector<std::string> runEnvironment(const ConfirmPlan &P, const Variant &V,
                                        const std::string &Dir) {
  if (P.Mode == PlanMode::Program && V.Role == VariantRole::Probe)
    return {"DIVLINT_PROBE_OUT=" + Dir + "/results/" + V.Name + ".json"};
  return {};
}

std::vector<std::string> ncuArguments(const ConfirmPlan &P, const std::string &Dir) {
  std::vector<std::string> A = {"--csv", "--metrics", NcuMetrics};
  if (P.Mode == PlanMode::Kernel) {
    llvm::StringRef Plain = llvm::StringRef(P.Kernel).rsplit("::").second;
    if (Plain.empty())
      Plain = P.Kernel;
    A.insert(A.end(), {"-k", "regex:^" + Plain.str() + "$", "--launch-count", "1"});
  } else {
    A.insert(A.end(), {"--launch-count", "50"});
  }
  const Variant *Original = P.variant("original");
  Variant V = Original ? *Original : Variant{};
  std::vector<std::string> Run = runArguments(P, V, Dir);
  if (P.Mode == PlanMode::Kernel) {
    // One timed launch is enough for the profiler, and its result must not overwrite ours.
    Run = {Dir + "/bin/original", "--variant", "ncu",      "--out", Dir + "/results/ncu-run.json",
           "--reps",               "1",         "--warmup", "0"};
  }
  A.insert(A.end(), Run.begin(), Run.end());
  return A;
}

std::string shellQuote(const std::string &Arg) {
  llvm::StringRef S = Arg;
  std::string Out;
  if (S.consume_front("$DIR")) {
    Out = "\"$DIR";
    for (char C : S) {
      if (C == '"' || C == '\\' || C == '$' || C == '`')
        Out += '\\';
      Out += C;
    }
    return Out + "\"";
  }
  if (!S.empty() && S.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-+=/.,:@%") == llvm::StringRef::npos)
    return Arg;
  Out = "'";
  for (char C : S) {
    if (C == '\'')
      Out += "'\\''";
    else
      Out += C;
  }
  return Out + "'";
}

static std::string joined(const std::vector<std::string> &Args) {
  std::string S;
  for (const std::string &A : Args)
    S += " " + shellQuote(A);
  return S;
}

std::string runScript(const ConfirmPlan &P) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "#!/usr/bin/env bash\n"
     << "# Generated by `divlint confirm` from plan.json: builds every variant, runs it, and\n"
     << "# leaves logs/ and results/ for `divlint confirm --from-results <this directory>`.\n"
     << "# Environment: NVCC, NCU (tools), JOBS (parallel builds), DIVLINT_NO_NCU=1,\n"
     << "# DIVLINT_RUN_CWD (program mode: where the program runs; default: here).\n"
     << "set -u\n"
     << "DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n"
     << "NVCC=\"${NVCC:-$(command -v nvcc || echo \"${CUDA_PATH:-/usr/local/cuda}/bin/nvcc\")}\"\n"
     << "NCU=\"${NCU:-$(command -v ncu || true)}\"\n"
     << "JOBS=\"${JOBS:-$(nproc)}\"\n"
     << "TIMEOUT=" << P.TimeoutSeconds << "\n"
     << "cd \"$DIR\" && mkdir -p bin logs results" << (P.hasFixIts() ? " ref" : "") << "\n"
     << "{ nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader; "
        "\"$NVCC\" --version | tail -n 2; } > results/environment.txt 2>&1\n\n"
     << "build() { # variant nvcc-arguments...\n"
     << "  local v=\"$1\"; shift\n"
     << "  timeout -k 5 900 \"$NVCC\" \"$@\" > \"logs/build-$v.log\" 2>&1\n"
     << "  echo $? > \"results/build-$v.rc\"\n"
     << "}\n"
     << "run() { # variant command...\n"
     << "  local v=\"$1\"; shift\n"
     << "  [ \"$(cat \"results/build-$v.rc\" 2>/dev/null)\" = 0 ] || return 0\n"
     << "  rm -f \"results/$v.json\"\n"
     << "  ( cd \"${DIVLINT_RUN_CWD:-$DIR}\" && DIVLINT_PROBE_OUT=\"$DIR/results/$v.json\" "
        "timeout -k 5 \"$TIMEOUT\" \"$@\" ) "
        "> \"logs/run-$v.log\" 2>&1\n"
     << "  echo $? > \"results/run-$v.rc\"\n"
     << "}\n\n"
     << "# Builds, at most $JOBS at a time.\n";
  for (const Variant &V : P.Variants)
    OS << "while [ \"$(jobs -rp | wc -l)\" -ge \"$JOBS\" ]; do wait -n; done\n"
       << "build " << V.Name << joined(nvccArguments(P, V)) << " &\n";
  OS << "wait\n\n# Runs, one at a time (the original first: no GPU, no point in the rest).\n";
  bool First = true;
  for (const Variant &V : P.Variants) {
    // run() sets DIVLINT_PROBE_OUT (runEnvironment) for every variant.
    OS << "run " << V.Name << joined(runArguments(P, V, "$DIR")) << "\n";
    if (First && P.Mode == PlanMode::Kernel) // the driver's "no CUDA device"
      OS << "[ \"$(cat results/run-" << V.Name << ".rc 2>/dev/null)\" = 3 ] && exit 3\n";
    First = false;
  }
  if (P.Ncu) {
    OS << "\nif [ -z \"${DIVLINT_NO_NCU:-}\" ] && [ -n \"$NCU\" ] && "
          "[ \"$(cat results/build-original.rc 2>/dev/null)\" = 0 ]; then\n"
       << "  ( cd \"${DIVLINT_RUN_CWD:-$DIR}\" && timeout -k 5 $((TIMEOUT * 5)) \"$NCU\""
       << joined(ncuArguments(P, "$DIR")) << " ) > results/ncu.csv 2> logs/ncu.log\n"
       << "  echo $? > results/ncu.rc\n"
       << "fi\n";
  }
  if (P.hasFixIts()) // the original's outputs can be large; the comparisons are in results/
    OS << "rm -rf " << ReferenceDir << "\n";
  OS << "exit 0\n";
  return S;
}

} // namespace divlint::confirm
