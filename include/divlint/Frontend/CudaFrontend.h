//===- CudaFrontend.h - how divlint parses CUDA with clang -*- C++ -*-===//
//
// Every translation unit is parsed as CUDA, device side only (`--cuda-device-only`), with clang's
// own resource directory. The CUDA installation comes from --cuda-path, $CUDA_PATH or
// /usr/local/cuda (adding <cuda>/include/cccl, where CUDA 13 keeps libcu++); without one, a
// built-in prelude declares the CUDA keywords, builtin variables, intrinsics and the basics of
// cooperative groups, and divlint says so once.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CUDAFRONTEND_H
#define DIVLINT_CUDAFRONTEND_H

#include "llvm/Support/VirtualFileSystem.h"
#include <string>
#include <vector>

namespace clang::tooling {
class ClangTool;
}

namespace divlint {

struct CudaFrontendOptions {
  std::string CudaPath;       ///< --cuda-path (empty: $CUDA_PATH, then /usr/local/cuda)
  std::string GpuArch = "sm_90";
  std::string ResourceDir;    ///< empty: the one divlint was built against
  bool ForcePrelude = false;  ///< --no-cuda: ignore any installation
  /// Where precompiled CUDA headers are kept (HeaderPrecompile.h); empty: none are used.
  std::string PrecompiledHeaderDir;
};

struct CudaSetup {
  std::string CudaPath; ///< empty when the prelude is used
  bool UsingPrelude = false;
  std::vector<std::string> Args; ///< clang arguments inserted after the driver name
  /// Precompiled CUDA headers (HeaderPrecompile.h) in this directory; empty: none (the prelude
  /// is too small to gain from one).
  std::string PrecompiledHeaderDir;
};

/// Path under which the built-in prelude is mapped into every tool's virtual file system.
extern const char *const PreludeVirtualPath;

CudaSetup detectCuda(const CudaFrontendOptions &Opts);

/// The real file system with the prelude and stub CUDA headers laid over it under
/// /divlint-builtin (pass it to ClangTool when Setup.UsingPrelude).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> preludeFileSystem();

/// What divlint reads sources through: the prelude's file system when Setup.UsingPrelude (else
/// the real one), read as nvcc's parser reads it (NvccSyntax.h).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> sourceFileSystem(const CudaSetup &Setup);

/// The prelude's text (for tests and --print-prelude).
llvm::StringRef builtinPrelude();

} // namespace divlint

#endif
