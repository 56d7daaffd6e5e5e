//===- ConfirmTestSupport.h - helpers shared by the `divlint confirm` tests -*- C++ -*-===//
#ifndef DIVLINT_TEST_CONFIRMTESTSUPPORT_H
#define DIVLINT_TEST_CONFIRMTESTSUPPORT_H

#include "divlint/Confirm/ConfirmAnalysis.h"
#include "divlint/Confirm/Runner.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <string>

namespace divlint::confirm::testing {

/// A fresh directory, removed at the end of the test.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> P;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("divlint-confirm-test", P));
    Path = std::string(P);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string file(llvm::StringRef Name) const { return Path + "/" + Name.str(); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) const {
    std::string F = file(Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(F));
    std::error_code EC;
    llvm::raw_fd_ostream OS(F, EC);
    EXPECT_FALSE(EC) << F;
    OS << Text;
    return F;
  }
  std::string Path;
};

inline std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

/// Analyzes and instruments \p File with the built-in prelude (no CUDA installation needed).
inline AnalyzedSource analyzeWithPrelude(const std::string &File, const std::string &Kernel = "",
                                         const char *BlockDim = "256") {
  AnalysisOptions Opts;
  Opts.BlockDimOption = parseBlockShape(BlockDim);
  CudaFrontendOptions Front;
  Front.ForcePrelude = true;
  return analyzeForConfirm(File, {}, Opts, Front, Kernel);
}

/// Compiles \p Args with nvcc in \p Dir; the log on failure. Empty optional: no nvcc here.
inline std::optional<std::string> nvccFails(const std::string &Dir, std::vector<std::string> Args) {
  auto Nvcc = findNvcc();
  if (!Nvcc)
    return std::nullopt;
  Args.insert(Args.begin(), *Nvcc);
  ProcessResult R = runProcess(Args, Dir, {}, Dir + "/nvcc.log", 300);
  return R.Code == 0 ? std::string() : "nvcc failed:\n" + readFile(Dir + "/nvcc.log");
}

/// The runtime headers (lib/Confirm/runtime) as the build directory has them.
inline std::string runtimeDir() { return DIVLINT_CONFIRM_RUNTIME_DIR; }

} // namespace divlint::confirm::testing

#endif
