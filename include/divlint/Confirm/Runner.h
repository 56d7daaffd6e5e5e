//===- Runner.h - build and run a plan's variants on this machine -*- C++ -*-===//
//
// Does what run.sh does, from divlint itself (llvm::sys::ExecuteAndWait with timeouts), and
// leaves the same files in the build directory, so Results.h reads both the same way. The original
// variant is built and run first: a build failure or a missing GPU stops there.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_RUNNER_H
#define DIVLINT_CONFIRM_RUNNER_H

#include "divlint/Confirm/ConfirmPlan.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace divlint::confirm {

/// nvcc from PATH, $CUDA_PATH/bin or /usr/local/cuda/bin (\p CudaPath/bin first when given).
std::optional<std::string> findNvcc(const std::string &CudaPath = "");
std::optional<std::string> findNcu(const std::string &CudaPath = "");
/// Any tool of the CUDA toolkit (nvdisasm, cuobjdump), looked up as nvcc is.
std::optional<std::string> findCudaTool(llvm::StringRef Name, const std::string &CudaPath = "");

struct ProcessResult {
  int Code = 0;          ///< exit code; 124 timed out (killed); -1 could not start; -2 crashed
  std::string Message;   ///< why it could not start, or the crash
};

/// Runs \p Argv (argv[0] is the program) in \p Cwd (empty: here) with \p ExtraEnv added, stdout
/// and stderr to \p LogFile, killed after \p TimeoutSeconds.
ProcessResult runProcess(const std::vector<std::string> &Argv, const std::string &Cwd,
                         const std::vector<std::string> &ExtraEnv, const std::string &LogFile,
                         unsigned TimeoutSeconds, const std::string &StdoutFile = "");

struct RunnerSettings {
  std::string Nvcc, Ncu; ///< Ncu empty: no ncu
  unsigned Jobs = 2;     ///< parallel nvcc builds
  unsigned BuildTimeoutSeconds = 900;
};

/// Builds and runs every variant of \p P in \p Dir (an absolute path), reporting progress on
/// \p Log. Returns false when it stopped early (the original did not build, or there is no GPU).
bool executePlan(const ConfirmPlan &P, const std::string &Dir, const RunnerSettings &S,
                 llvm::raw_ostream &Log);

} // namespace divlint::confirm

#endif
