//===- OperationCosts.h - what nvcc makes of divisions and math calls -*- C++ -*-===//
//
// Most operators are one instruction, but nvcc expands integer division by a value it does not
// know (18-26 instructions), IEEE division and square root (a Newton step and a check that calls
// a slow path for zero, denormal or huge operands) and the math library (tens of instructions)
// into sequences. These are the instructions one warp executes, measured with Nsight Compute on
// an H100 (sm_90, nvcc 13.0 -O3) by bench/costs/run.sh; bench/costs/README.md has the table.
//
// One cost unit is one warp instruction, as CostModel counts an operator.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_QUANTIFY_OPERATIONCOSTS_H
#define DIVLINT_QUANTIFY_OPERATIONCOSTS_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace clang {
class ASTContext;
class BinaryOperator;
class Expr;
} // namespace clang

namespace divlint {

/// Whether \p E reads `warpSize`: a constant 32 in clang's CUDA headers, a register nvcc reads
/// (WARP_SZ), so nvcc computes nothing with it at compile time.
bool isWarpSize(const clang::Expr *E);

/// Instructions of a `/` or `%` (compound assignments too), by its type and whether nvcc knows
/// the divisor (a constant; `warpSize` is not one for nvcc, though clang's headers make it
/// 32). None for other operators.
std::optional<double> divisionCost(const clang::BinaryOperator *BO, const clang::ASTContext &Ctx);

/// Instructions of a call to the math function or intrinsic \p Name (`sqrtf`, `__expf`), where
/// measured.
std::optional<double> mathFunctionCost(llvm::StringRef Name);

/// Instructions a warp adds when one of its lanes takes the slow path of the operation at
/// \p Site (a division, `sqrtf`, `sinf`, ...): the most expensive path measured. None where not
/// measured (cuRAND, pow, fmod, the grid-wide sync).
std::optional<double> slowPathCost(const clang::Expr *Site, const clang::ASTContext &Ctx);

} // namespace divlint

#endif
