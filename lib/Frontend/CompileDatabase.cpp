//===- CompileDatabase.cpp - compile commands of CUDA files --------------===//

#include "divlint/Frontend/CompileDatabase.h"
#include "divlint/Frontend/MathFlags.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace divlint {

// nvcc flags that take a separate value and mean nothing to clang's device parse.
static bool nvccFlagTakesValue(llvm::StringRef A) {
  static const llvm::StringSet<> Flags = {
      "-o", "-ccbin", "--compiler-bindir", "-Xcompiler", "--compiler-options", "-Xptxas",
      "-Xlinker", "-Xcudafe", "-gencode", "--generate-code", "-arch", "--gpu-architecture",
      "-code", "--gpu-code", "-maxrregcount", "-x", "-MF", "-MT", "-MQ", "--options-file",
      "-t", "--threads"};
  return Flags.contains(A);
}

// nvcc's own flags that clang rejects as unknown, in the spellings nvcc documents: a user
// who writes `divlint k.cu -- --extended-lambda -arch=sm_80 -lineinfo` (their nvcc command's
// flags) gets them dropped, not "failed to parse". Flags clang knows (-I, -D, -std, -O, -g)
// never match; the few that take a separate value are dropped by cudaArgumentsAdjuster (not
// all of nvccFlagTakesValue's: -o, -x and -MF mean the same to clang).
static bool nvccOnlyFlag(llvm::StringRef A) {
  if (A.starts_with("--"))
    A = A.drop_front(); // nvcc takes either spelling
  static const llvm::StringSet<> Exact = {
      "-extended-lambda", "-expt-extended-lambda", "-expt-relaxed-constexpr", "-lineinfo",
      "-generate-line-info", "-dc", "-device-c", "-dw", "-device-w", "-dlink", "-device-link",
      "-forward-unknown-to-host-compiler", "-keep", "-resource-usage", "-restrict",
      "-src-in-ptx", "-extensible-whole-program", "-ewp", "-cudart", "-cudadevrt"};
  if (Exact.contains(A))
    return true;
  for (llvm::StringRef Prefix :
       {"-arch=", "-gpu-architecture=", "-code=", "-gpu-code=", "-gencode=", "-generate-code=",
        "-rdc=", "-relocatable-device-code=", "-Xcompiler=", "-compiler-options=", "-Xptxas=",
        "-ptxas-options=", "-Xlinker=", "-linker-options=", "-Xcudafe=", "-maxrregcount=",
        "-ccbin=", "-compiler-bindir=", "-diag-suppress=", "-diag-warn=", "-diag-error=",
        "-default-stream=", "-cudart=", "-cudadevrt=", "-threads=", "-split-compile=",
        "-extra-device-vectorization", "-display-error-number", "-fmad="})
    if (A.starts_with(Prefix))
      return true;
  return false;
}

bool NvccMathFlags::parse(llvm::StringRef Arg, std::optional<llvm::StringRef> Next,
                          bool &ConsumedNext) {
  ConsumedNext = false;
  if (Arg.starts_with("--"))
    Arg = Arg.drop_front(); // nvcc takes either spelling
  if (Arg == "-use_fast_math") {
    FastMath = true;
    return true;
  }
  for (auto [Name, Slot] : {std::pair{"-ftz", &Ftz}, std::pair{"-prec-div", &PrecDiv},
                            std::pair{"-prec-sqrt", &PrecSqrt}}) {
    llvm::StringRef Value;
    if (Arg == Name && Next) {
      Value = *Next;
      ConsumedNext = true;
    } else if (!Arg.consume_front(Name) || !Arg.consume_front("=")) {
      continue;
    } else {
      Value = Arg;
    }
    *Slot = Value == "true" || Value == "1";
    return true;
  }
  return false;
}

std::vector<std::string> NvccMathFlags::clangArgs() const {
  std::vector<std::string> Args;
  bool AnyOverride = Ftz || PrecDiv || PrecSqrt;
  if (FastMath) {
    Args.push_back("-fgpu-approx-transcendentals");
    if (!AnyOverride) {
      Args.push_back(std::string("-D") + MathFlagMacros::FastMath);
      return Args;
    }
  }
  // What -use_fast_math implies, unless a flag says otherwise.
  if (Ftz.value_or(FastMath))
    Args.push_back(std::string("-D") + MathFlagMacros::Ftz);
  if (!PrecDiv.value_or(!FastMath))
    Args.push_back(std::string("-D") + MathFlagMacros::ApproxDiv);
  if (!PrecSqrt.value_or(!FastMath))
    Args.push_back(std::string("-D") + MathFlagMacros::ApproxSqrt);
  return Args;
}

clang::tooling::ArgumentsAdjuster cudaArgumentsAdjuster(const CudaSetup &Setup) {
  std::vector<std::string> Extra = Setup.Args;
  return [Extra](const clang::tooling::CommandLineArguments &Args, llvm::StringRef File) {
    clang::tooling::CommandLineArguments Result;
    if (Args.empty())
      return Result;
    bool FromNvcc = llvm::sys::path::filename(Args[0]).contains("nvcc");
    Result.push_back(FromNvcc ? "clang++" : Args[0]);
    Result.insert(Result.end(), Extra.begin(), Extra.end());
    NvccMathFlags Math;
    for (size_t I = 1; I < Args.size(); ++I) {
      llvm::StringRef A = Args[I];
      if (A == "-x" && I + 1 < Args.size()) { // we choose the language
        ++I;
        continue;
      }
      // The floating-point flags that change what the compiled code branches on (MathFlags.h),
      // whichever compiler the command names.
      bool ConsumedNext = false;
      if (Math.parse(A, I + 1 < Args.size() ? std::optional<llvm::StringRef>(Args[I + 1])
                                            : std::nullopt,
                     ConsumedNext)) {
        I += ConsumedNext;
        continue;
      }
      if (!FromNvcc) {
        // A clang command (or the flags after `--`) with nvcc's own flags in it: those are
        // dropped, the rest is clang's.
        if (nvccOnlyFlag(A))
          continue;
        if (A == "-Xcompiler" || A == "-Xptxas" || A == "-Xcudafe" || A == "-ccbin" ||
            A == "-gencode" || A == "--generate-code" || A == "-maxrregcount" || A == "-arch" ||
            A == "--gpu-architecture") {
          // Its value, unless the flags after `--` lost it to the file list (a value that is
          // not an option, `-gencode arch=compute_90,code=sm_90`): then the next is the file.
          if (I + 1 < Args.size() && !llvm::StringRef(Args[I + 1]).starts_with("-") &&
              Args[I + 1] != File)
            ++I;
          continue;
        }
        Result.push_back(A.str());
        continue;
      }
      // From nvcc keep only what changes the meaning of the source.
      if (A == "-I" || A == "-D" || A == "-U" || A == "-isystem" || A == "-include") {
        if (I + 1 < Args.size()) {
          Result.push_back(A.str());
          Result.push_back(Args[++I]);
        }
        continue;
      }
      if (A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U") ||
          A.starts_with("-isystem") || A.starts_with("-std=") || A == "-fsyntax-only" ||
          !A.starts_with("-")) {
        Result.push_back(A.str());
        continue;
      }
      if (A.starts_with("--std=")) {
        Result.push_back("-std=" + A.drop_front(6).str());
        continue;
      }
      if (nvccFlagTakesValue(A))
        ++I;
    }
    for (std::string &Arg : Math.clangArgs())
      Result.push_back(std::move(Arg));
    return Result;
  };
}

std::vector<std::string> cudaFilesOf(const clang::tooling::CompilationDatabase &DB) {
  std::vector<std::string> Sources;
  for (const std::string &File : DB.getAllFiles()) {
    llvm::StringRef Ext = llvm::sys::path::extension(File);
    bool Cuda = Ext == ".cu" || Ext == ".cuh";
    for (const clang::tooling::CompileCommand &C : DB.getCompileCommands(File))
      for (const std::string &Arg : C.CommandLine)
        Cuda |= Arg == "cuda" || llvm::StringRef(Arg).ends_with("nvcc");
    if (Cuda)
      Sources.push_back(File);
  }
  std::sort(Sources.begin(), Sources.end());
  return Sources;
}

std::vector<std::string> sourceMeaningFlags(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    bool Separate = A == "-I" || A == "-D" || A == "-U" || A == "-isystem" || A == "-include";
    if (Separate && I + 1 < Args.size()) {
      Out.push_back(A.str());
      Out.push_back(Args[++I]);
    } else if (A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U") ||
               A.starts_with("-std=") || A.starts_with("-isystem")) {
      Out.push_back(A.str());
    } else if (A.starts_with("--std=")) {
      Out.push_back("-std=" + A.drop_front(6).str());
    }
  }
  return Out;
}

} // namespace divlint
