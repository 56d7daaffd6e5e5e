//===- MathFlags.h - nvcc's floating-point flags, carried into the parse -*- C++ -*-===//
//
// nvcc's -use_fast_math, -ftz=true, -prec-div=false and -prec-sqrt=false change which operations
// compile to branches (lib/Analysis/HiddenBranchTable.def has a column per flag set). clang's
// device parse has no such options, so cudaArgumentsAdjuster turns them into these macros (and
// -use_fast_math also into clang's -fgpu-approx-transcendentals, which picks the same fast
// library functions nvcc does); the analysis reads them back from the AST's identifier table.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_FRONTEND_MATHFLAGS_H
#define DIVLINT_FRONTEND_MATHFLAGS_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint {

namespace MathFlagMacros {
inline constexpr const char *FastMath = "__DIVLINT_NVCC_USE_FAST_MATH__";
inline constexpr const char *Ftz = "__DIVLINT_NVCC_FTZ__";
inline constexpr const char *ApproxDiv = "__DIVLINT_NVCC_APPROX_DIV__";
inline constexpr const char *ApproxSqrt = "__DIVLINT_NVCC_APPROX_SQRT__";
} // namespace MathFlagMacros

/// nvcc's floating-point settings of one compile command. -use_fast_math implies -ftz=true
/// -prec-div=false -prec-sqrt=false; an explicit flag overrides what it implies, in either
/// order (as nvcc does).
struct NvccMathFlags {
  bool FastMath = false;
  std::optional<bool> Ftz, PrecDiv, PrecSqrt;

  /// Reads one argument (and its value from \p Next for `-ftz true`); true if it was one of
  /// these flags (\p ConsumedNext: the value was the next argument).
  bool parse(llvm::StringRef Arg, std::optional<llvm::StringRef> Next, bool &ConsumedNext);
  /// The clang arguments that carry them: -D of the macros above, and
  /// -fgpu-approx-transcendentals for -use_fast_math.
  std::vector<std::string> clangArgs() const;
};

} // namespace divlint

#endif
