//===- SymOps.h - the integer operations of SymExpr nodes -------*- C++ -*-===//
//
// One definition of what each SymOp computes on concrete values (C semantics: wrap-around to
// the node's type, unsigned compares), shared by the evaluator (SymEval.cpp) and the
// uniformity proof (Quantify/UniformityProof.cpp), so that both agree to the bit.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SYMOPS_H
#define DIVLINT_SYMOPS_H

#include "divlint/Analysis/SymExpr.h"
#include <algorithm>
#include <cstdint>
#include <optional>

namespace divlint {

/// Comparisons and logical operators: they compute in their operands' type and give 0 or 1.
inline bool isSymComparison(SymOp Op) {
  switch (Op) {
  case SymOp::LT: case SymOp::GT: case SymOp::LE: case SymOp::GE: case SymOp::EQ:
  case SymOp::NE: case SymOp::LAnd: case SymOp::LOr: case SymOp::LNot:
    return true;
  default:
    return false;
  }
}

/// Inlined, as applySymBinary: LaneEnumerator calls it for every lane of every node.
[[gnu::always_inline]] inline std::optional<int64_t> applySymUnary(SymOp Op, int64_t A, IntType Ty) {
  switch (Op) {
  case SymOp::Neg: return wrapTo(-A, Ty);
  case SymOp::BitNot: return wrapTo(~A, Ty);
  case SymOp::LNot: return A == 0;
  case SymOp::Cast: return wrapTo(A, Ty);
  default: return std::nullopt;
  }
}

/// Inlined: LaneEnumerator calls it for every lane of every node.
[[gnu::always_inline]] inline std::optional<int64_t> applySymBinary(SymOp Op, int64_t L, int64_t R,
                                                                  IntType OperandTy, IntType Ty) {
  bool U = !OperandTy.Signed;
  uint64_t UL = static_cast<uint64_t>(L), UR = static_cast<uint64_t>(R);
  if (U && OperandTy.Bits < 64) {
    uint64_t Mask = (uint64_t(1) << OperandTy.Bits) - 1;
    UL &= Mask;
    UR &= Mask;
  }
  switch (Op) {
  case SymOp::Add: return wrapTo(static_cast<int64_t>(UL + UR), Ty);
  case SymOp::Sub: return wrapTo(static_cast<int64_t>(UL - UR), Ty);
  case SymOp::Mul: return wrapTo(static_cast<int64_t>(UL * UR), Ty);
  case SymOp::Div:
    if (R == 0 || UR == 0) return std::nullopt;
    if (U) return wrapTo(static_cast<int64_t>(UL / UR), Ty);
    if (L == INT64_MIN && R == -1) return std::nullopt;
    return wrapTo(L / R, Ty);
  case SymOp::Rem:
    if (R == 0 || UR == 0) return std::nullopt;
    if (U) return wrapTo(static_cast<int64_t>(UL % UR), Ty);
    if (L == INT64_MIN && R == -1) return std::nullopt;
    return wrapTo(L % R, Ty);
  case SymOp::Shl:
    if (R < 0 || R >= 64) return std::nullopt;
    return wrapTo(static_cast<int64_t>(UL << R), Ty);
  case SymOp::Shr:
    if (R < 0 || R >= 64) return std::nullopt;
    return U ? wrapTo(static_cast<int64_t>(UL >> R), Ty) : wrapTo(L >> R, Ty);
  case SymOp::And: return wrapTo(static_cast<int64_t>(UL & UR), Ty);
  case SymOp::Or: return wrapTo(static_cast<int64_t>(UL | UR), Ty);
  case SymOp::Xor: return wrapTo(static_cast<int64_t>(UL ^ UR), Ty);
  case SymOp::LT: return U ? UL < UR : L < R;
  case SymOp::GT: return U ? UL > UR : L > R;
  case SymOp::LE: return U ? UL <= UR : L <= R;
  case SymOp::GE: return U ? UL >= UR : L >= R;
  case SymOp::EQ: return U ? UL == UR : L == R;
  case SymOp::NE: return U ? UL != UR : L != R;
  case SymOp::LAnd: return (L != 0) && (R != 0);
  case SymOp::LOr: return (L != 0) || (R != 0);
  case SymOp::Min: return U ? static_cast<int64_t>(std::min(UL, UR)) : std::min(L, R);
  case SymOp::Max: return U ? static_cast<int64_t>(std::max(UL, UR)) : std::max(L, R);
  default: return std::nullopt;
  }
}

/// The type a binary node computes in: comparisons in their operands' type, arithmetic in the
/// node's own.
inline IntType symOperandType(const SymExpr &E) {
  if (!isSymComparison(E.Op))
    return E.Ty;
  IntType OperandTy = E.A->Ty;
  if (E.B->Ty.Bits > OperandTy.Bits)
    OperandTy = E.B->Ty;
  if ((!E.A->Ty.Signed || !E.B->Ty.Signed) && E.A->Ty.Bits == E.B->Ty.Bits)
    OperandTy.Signed = false;
  return OperandTy;
}

} // namespace divlint

#endif
