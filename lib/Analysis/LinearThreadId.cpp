//===- LinearThreadId.cpp - recognizing the linear thread id in a value ---===//
//
// A tree over threadIdx, blockDim, constants, +, - and * is expanded into a sum of monomials
// (coefficient times a product of those leaves) and compared with the linear id's three.
//
//===----------------------------------------------------------------------===//
#include "divlint/Analysis/LinearThreadId.h"

#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <map>

namespace divlint {

namespace {

/// A product of leaves, sorted: 0-2 threadIdx.{x,y,z}, 3-5 blockDim.{x,y,z}.
using Monomial = llvm::SmallVector<unsigned char, 3>;
using Polynomial = std::map<Monomial, int64_t>;

/// Bounds the expansion: the linear id has 3 monomials of degree at most 3.
constexpr size_t MaxTerms = 8;
constexpr size_t MaxDegree = 3;
constexpr unsigned MaxLinearIdSize = 24;

bool expand(const SymExpr &E, Polynomial &Out) {
  switch (E.Kind) {
  case SymKind::Const:
    if (E.Value != 0)
      Out[{}] = E.Value;
    return true;
  case SymKind::ThreadIdx:
  case SymKind::BlockDim:
    Out[{static_cast<unsigned char>((E.Kind == SymKind::ThreadIdx ? 0 : 3) + E.Dim % 3)}] = 1;
    return true;
  case SymKind::Unary:
    // Thread indices and block sizes are below 2^16 and their products here below 2^31: a
    // cast to 32 bits or more keeps the value (narrower ones are not followed).
    if (E.Op == SymOp::Cast && E.Ty.Bits >= 32 && E.A)
      return expand(*E.A, Out);
    return false;
  case SymKind::Binary: {
    if (!E.A || !E.B || (E.Op != SymOp::Add && E.Op != SymOp::Sub && E.Op != SymOp::Mul))
      return false;
    Polynomial A, B;
    if (!expand(*E.A, A) || !expand(*E.B, B))
      return false;
    if (E.Op == SymOp::Mul) {
      for (const auto &[MA, CA] : A)
        for (const auto &[MB, CB] : B) {
          Monomial M(MA);
          M.append(MB.begin(), MB.end());
          if (M.size() > MaxDegree)
            return false;
          std::sort(M.begin(), M.end());
          int64_t C;
          if (__builtin_mul_overflow(CA, CB, &C) || __builtin_add_overflow(Out[M], C, &Out[M]))
            return false;
        }
    } else {
      Out = std::move(A);
      int64_t Sign = E.Op == SymOp::Add ? 1 : -1;
      for (const auto &[M, C] : B)
        if (__builtin_add_overflow(Out[M], Sign * C, &Out[M]))
          return false;
    }
    for (auto It = Out.begin(); It != Out.end();)
      It = It->second == 0 ? Out.erase(It) : std::next(It);
    return Out.size() <= MaxTerms;
  }
  default:
    return false;
  }
}

} // namespace

unsigned linearThreadIdDims(const SymExpr &E) {
  // The linear id is about a dozen nodes: bigger trees (asked of every division and every
  // condition node) are not expanded.
  if (!E.HasThread || E.Size > MaxLinearIdSize ||
      (E.Kind != SymKind::Binary && !(E.Kind == SymKind::Unary && E.Op == SymOp::Cast)))
    return 0;
  Polynomial P;
  if (!expand(E, P))
    return 0;
  // x, y*Dx, z*Dx*Dy (leaf codes sorted within each product).
  const Polynomial Three = {{{0}, 1}, {{1, 3}, 1}, {{2, 3, 4}, 1}};
  const Polynomial Two = {{{0}, 1}, {{1, 3}, 1}};
  return P == Three ? 3 : P == Two ? 2 : 0;
}

SymRef asWarpIndex(const SymRef &V, unsigned WarpSize) {
  if (!V || V->Kind != SymKind::Binary || (V->Op != SymOp::Div && V->Op != SymOp::Shr) ||
      V->Class != Uniformity::LaneVarying || V->DataDependent || !V->A || WarpSize == 0)
    return V;
  int64_t C = 0;
  if (!isConst(V->B, &C) || C <= 0 || (V->Op == SymOp::Shr && C >= 62))
    return V;
  uint64_t Divisor = V->Op == SymOp::Div ? uint64_t(C) : uint64_t(1) << C;
  // The linear id is never negative, so / and >> both give floor(lin / Divisor): lanes of one
  // warp (32w .. 32w + 31) agree when the warp's size divides Divisor.
  if (Divisor % WarpSize != 0 || linearThreadIdDims(*V->A) != 3)
    return V;
  auto Copy = makeLocal<SymExpr>(*V);
  Copy->Class = Uniformity::WarpUniform;
  return Copy;
}

} // namespace divlint
