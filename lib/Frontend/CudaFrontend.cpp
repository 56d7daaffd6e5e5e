#include "divlint/Frontend/CudaFrontend.h"
#include "divlint/Frontend/NvccSyntax.h"

#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace divlint {

const char *const PreludeVirtualPath = "/divlint-builtin/divlint_cuda_prelude.h";
static const char *const PreludeIncludeDir = "/divlint-builtin/include";

static const char PreludeText[] =
#include "divlint_cuda_prelude.inc"
    ;

llvm::StringRef builtinPrelude() { return PreludeText; }

static bool looksLikeCuda(const std::string &Path) {
  if (Path.empty())
    return false;
  llvm::SmallString<256> Header(Path);
  llvm::sys::path::append(Header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(Header);
}

/// divlint_cuda_compat.h: where the package installs it (<prefix>/share/divlint, beside the
/// binary's bin/), else in the source tree divlint was built from; empty when neither exists.
static std::string compatHeader() {
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "share", "divlint", "divlint_cuda_compat.h");
  if (!Exe.empty() && llvm::sys::fs::exists(Installed))
    return std::string(Installed);
  if (llvm::sys::fs::exists(DIVLINT_CUDA_COMPAT_HEADER))
    return DIVLINT_CUDA_COMPAT_HEADER;
  return "";
}

CudaSetup detectCuda(const CudaFrontendOptions &Opts) {
  CudaSetup Setup;
  std::vector<std::string> Candidates;
  if (!Opts.ForcePrelude) {
    if (!Opts.CudaPath.empty())
      Candidates.push_back(Opts.CudaPath);
    if (auto Env = llvm::sys::Process::GetEnv("CUDA_PATH"))
      Candidates.push_back(*Env);
    Candidates.push_back("/usr/local/cuda");
  }
  for (const std::string &C : Candidates)
    if (looksLikeCuda(C)) {
      Setup.CudaPath = C;
      break;
    }
  Setup.UsingPrelude = Setup.CudaPath.empty();
  if (!Setup.UsingPrelude)
    Setup.PrecompiledHeaderDir = Opts.PrecompiledHeaderDir;
  std::string ResourceDir = Opts.ResourceDir.empty() ? DIVLINT_CLANG_RESOURCE_DIR : Opts.ResourceDir;
  auto &A = Setup.Args;
  A = {"-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=" + Opts.GpuArch, "-nocudalib",
       "-Wno-unknown-cuda-version", "-w", "-ferror-limit=20", "-resource-dir=" + ResourceDir,
       // Installations without version.json (pip-style CUDA 13) leave clang guessing a pre-9.2
       // CUDA and expecting the old cudaConfigureCall launch API; say it is a modern one.
       "-Xclang", "-target-sdk-version=12.8",
       // What nvcc accepts and clang's device parse rejects by default: device-side kernel
       // launches (dynamic parallelism), and wrong-side calls in host code that is never
       // emitted for the device (`max` or `isfinite` in a host function).
       "-fgpu-rdc", "-fgpu-defer-diag",
       // `"node ("fNID")"`: string pasting written for C++03, which nvcc still accepts.
       "-Wno-reserved-user-defined-literal",
       // clang 22 overflows an 8 MiB stack at ~2000 nested parentheses before its own limit
       // (2048 in CUDA mode) is hit; real code never comes close to 256.
       "-fbracket-depth=256"};
  if (Setup.UsingPrelude) {
    A.insert(A.end(), {"-nocudainc", "-isystem", PreludeIncludeDir, "-include", PreludeVirtualPath});
  } else {
    A.push_back("--cuda-path=" + Setup.CudaPath);
    llvm::SmallString<256> Cccl(Setup.CudaPath);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl))
      A.insert(A.end(), {"-isystem", std::string(Cccl)});
    // Declarations nvcc provides and clang's CUDA wrapper lacks (lib/Frontend/prelude/divlint_cuda_compat.h).
    std::string Compat = compatHeader();
    if (!Compat.empty())
      A.insert(A.end(), {"-include", Compat});
  }
  return Setup;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> preludeFileSystem() {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(PreludeVirtualPath, 0, llvm::MemoryBuffer::getMemBuffer(builtinPrelude()));
  // Headers CUDA sources include; the prelude already declares what divlint needs from them.
  for (const char *Name : {"cuda_runtime.h", "cuda.h", "cuda_runtime_api.h", "cooperative_groups.h",
                           "cooperative_groups/reduce.h", "device_launch_parameters.h",
                           "cuda_fp16.h", "cuda_bf16.h", "curand_kernel.h"})
    Memory->addFile(std::string(PreludeIncludeDir) + "/" + Name, 0,
                    llvm::MemoryBuffer::getMemBuffer(
                        "#pragma once\n#include \"/divlint-builtin/divlint_cuda_prelude.h\"\n"));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  return Overlay;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> sourceFileSystem(const CudaSetup &Setup) {
  return nvccSyntaxFileSystem(Setup.UsingPrelude ? preludeFileSystem()
                                                 : llvm::vfs::getRealFileSystem());
}

} // namespace divlint
