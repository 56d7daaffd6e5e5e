#include "divlint/Confirm/Runner.h"

#include "divlint/Confirm/BuildCommands.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include <chrono>

extern char **environ;

namespace divlint::confirm {

static std::optional<std::string> findTool(const char *Name, const std::string &CudaPath) {
  std::vector<std::string> Dirs;
  if (!CudaPath.empty())
    Dirs.push_back(CudaPath + "/bin");
  Dirs.push_back(""); // PATH
  if (auto Env = llvm::sys::Process::GetEnv("CUDA_PATH"))
    Dirs.push_back(*Env + "/bin");
  Dirs.push_back("/usr/local/cuda/bin");
  for (const std::string &D : Dirs) {
    auto P = D.empty() ? llvm::sys::findProgramByName(Name)
                       : llvm::sys::findProgramByName(Name, {llvm::StringRef(D)});
    if (P)
      return *P;
  }
  return std::nullopt;
}

std::optional<std::string> findNvcc(const std::string &CudaPath) {
  return findTool("nvcc", CudaPath);
}
std::optional<std::string> findNcu(const std::string &CudaPath) {
  return findTool("ncu", CudaPath);
}
std::optional<std::string> findCudaTool(llvm::StringRef Name, const std::string &CudaPath) {
  return findTool(Name.str().c_str(), CudaPath);
}

/// `sh -c` that changes directory, redirects, and execs the command (so a timeout kills it).
static std::vector<std::string> inShell(const std::vector<std::string> &Argv,
                                        const std::string &Cwd, const std::string &Out,
                                        const std::string &Err) {
  std::vector<std::string> Full = {
      "/bin/sh", "-c",
      Out == Err ? "cd \"$1\" && o=\"$2\" && shift 3 && exec \"$@\" > \"$o\" 2>&1"
                 : "cd \"$1\" && o=\"$2\" && e=\"$3\" && shift 3 && exec \"$@\" > \"$o\" 2> \"$e\"",
      "sh", Cwd.empty() ? "." : Cwd, Out, Err};
  Full.insert(Full.end(), Argv.begin(), Argv.end());
  return Full;
}

ProcessResult runProcess(const std::vector<std::string> &Argv, const std::string &Cwd,
                         const std::vector<std::string> &ExtraEnv, const std::string &LogFile,
                         unsigned TimeoutSeconds, const std::string &StdoutFile) {
  ProcessResult R;
  std::vector<std::string> Full =
      inShell(Argv, Cwd, StdoutFile.empty() ? LogFile : StdoutFile, LogFile);
  std::vector<llvm::StringRef> Args(Full.begin(), Full.end());
  std::vector<std::string> EnvStore;
  for (char **E = environ; E && *E; ++E)
    EnvStore.push_back(*E);
  EnvStore.insert(EnvStore.end(), ExtraEnv.begin(), ExtraEnv.end());
  std::vector<llvm::StringRef> Env(EnvStore.begin(), EnvStore.end());
  std::string ErrMsg;
  bool Failed = false;
  auto Start = std::chrono::steady_clock::now();
  R.Code = llvm::sys::ExecuteAndWait("/bin/sh", Args, llvm::ArrayRef<llvm::StringRef>(Env), {},
                                     TimeoutSeconds, 0, &ErrMsg, &Failed);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  if (R.Code == -2 && TimeoutSeconds && Seconds >= TimeoutSeconds - 0.5) {
    R.Code = 124;
    R.Message = "timed out after " + std::to_string(TimeoutSeconds) + " s (killed)";
  } else if (R.Code < 0) {
    R.Message = ErrMsg.empty() ? "could not run " + Argv.front() : ErrMsg;
  }
  return R;
}

static void writeCode(const std::string &Path, int Code) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (!EC)
    OS << Code << "\n";
}

static int readCode(const std::string &Path) {
  int Code = -1;
  if (auto B = llvm::MemoryBuffer::getFile(Path))
    if (llvm::StringRef((*B)->getBuffer()).trim().getAsInteger(10, Code))
      Code = -1;
  return Code;
}

static std::vector<std::string> nvccArgv(const ConfirmPlan &P, const Variant &V,
                                         const RunnerSettings &S) {
  std::vector<std::string> Argv = {S.Nvcc};
  std::vector<std::string> A = nvccArguments(P, V);
  Argv.insert(Argv.end(), A.begin(), A.end());
  return Argv;
}

static int run(const ConfirmPlan &P, const Variant &V, const std::string &Dir) {
  llvm::sys::fs::remove(Dir + "/results/" + V.Name + ".json");
  ProcessResult R = runProcess(runArguments(P, V, Dir), "", runEnvironment(P, V, Dir),
                               Dir + "/logs/run-" + V.Name + ".log", P.TimeoutSeconds);
  writeCode(Dir + "/results/run-" + V.Name + ".rc", R.Code);
  return R.Code;
}

/// Builds \p Variants, at most S.Jobs at a time; leaves results/build-<v>.rc.
static void buildAll(const ConfirmPlan &P, const std::vector<const Variant *> &Variants,
                     const std::string &Dir, const RunnerSettings &S) {
  for (size_t I = 0; I < Variants.size(); I += std::max(1u, S.Jobs)) {
    std::vector<std::pair<const Variant *, llvm::sys::ProcessInfo>> Batch;
    for (size_t J = I; J < Variants.size() && J < I + std::max(1u, S.Jobs); ++J) {
      const Variant &V = *Variants[J];
      std::string LogFile = Dir + "/logs/build-" + V.Name + ".log";
      std::vector<std::string> Argv = inShell(nvccArgv(P, V, S), Dir, LogFile, LogFile);
      std::vector<llvm::StringRef> Args(Argv.begin(), Argv.end());
      std::string Err;
      bool Failed = false;
      llvm::sys::ProcessInfo PI =
          llvm::sys::ExecuteNoWait("/bin/sh", Args, std::nullopt, {}, 0, &Err, &Failed);
      if (Failed)
        writeCode(Dir + "/results/build-" + V.Name + ".rc", -1);
      else
        Batch.push_back({&V, PI});
    }
    for (auto &[V, PI] : Batch) {
      std::string Err;
      auto Start = std::chrono::steady_clock::now();
      llvm::sys::ProcessInfo Done = llvm::sys::Wait(PI, S.BuildTimeoutSeconds, &Err);
      double Seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
      int Code = Done.ReturnCode;
      if (Code == -2 && Seconds >= S.BuildTimeoutSeconds - 0.5)
        Code = 124;
      writeCode(Dir + "/results/build-" + V->Name + ".rc", Code);
    }
  }
}

bool executePlan(const ConfirmPlan &P, const std::string &Dir, const RunnerSettings &S,
                 llvm::raw_ostream &Log) {
  for (const char *Sub : {"bin", "logs", "results", ReferenceDir})
    llvm::sys::fs::create_directories(Dir + "/" + Sub);
  if (P.Variants.empty())
    return false;
  const Variant &First = P.Variants.front();
  Log << "divlint confirm: building " << First.Name << " (nvcc -arch=" << P.Arch << ")\n";
  buildAll(P, {&First}, Dir, S);
  if (readCode(Dir + "/results/build-" + First.Name + ".rc") != 0)
    return false;
  Log << "divlint confirm: running " << First.Name << "\n";
  if (run(P, First, Dir) == 3 && P.Mode == PlanMode::Kernel)
    return false; // no GPU: the driver said so

  std::vector<const Variant *> Rest;
  for (const Variant &V : P.Variants)
    if (&V != &First)
      Rest.push_back(&V);
  if (!Rest.empty())
    Log << "divlint confirm: building " << Rest.size() << " more variant"
        << (Rest.size() == 1 ? "" : "s") << " (" << S.Jobs << " at a time)\n";
  buildAll(P, Rest, Dir, S);
  for (const Variant *V : Rest) {
    if (readCode(Dir + "/results/build-" + V->Name + ".rc") != 0)
      continue;
    Log << "divlint confirm: running " << V->Name << "\n";
    run(P, *V, Dir);
  }
  llvm::sys::fs::remove_directories(Dir + "/" + ReferenceDir); // as run.sh: only results stay
  if (P.Ncu) {
    if (S.Ncu.empty()) {
      Log << "divlint confirm: note: ncu not found; no ncu metrics\n";
    } else {
      Log << "divlint confirm: profiling the original with ncu\n";
      std::vector<std::string> Argv = {S.Ncu};
      std::vector<std::string> A = ncuArguments(P, Dir);
      Argv.insert(Argv.end(), A.begin(), A.end());
      ProcessResult R = runProcess(Argv, "", {}, Dir + "/logs/ncu.log", P.TimeoutSeconds * 5,
                                   Dir + "/results/ncu.csv");
      writeCode(Dir + "/results/ncu.rc", R.Code);
    }
  }
  return true;
}

} // namespace divlint::confirm
