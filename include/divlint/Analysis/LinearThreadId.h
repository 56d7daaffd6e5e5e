//===- LinearThreadId.h - recognizing the linear thread id in a value -*- C++ -*-===//
//
// CUDA forms warps from consecutive linear thread ids, x fastest:
//   lin = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y,
// so lanes 0..31 of warp w hold lin = 32w .. 32w+31 in every block shape. `lin / 32`,
// `lin >> 5` and `thread_rank() / 32` are therefore warp-uniform even where the block shape is
// unknown, which the uniformity proof cannot see from blockDim's unknown sizes alone (it would
// multiply a per-lane index by an unknown). Code writes lin in many orders
// (`(threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x`, casts on the way);
// this recognizes it as a polynomial over the thread indices and blockDim.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_ANALYSIS_LINEARTHREADID_H
#define DIVLINT_ANALYSIS_LINEARTHREADID_H

#include "divlint/Analysis/SymExpr.h"

namespace divlint {

/// What \p E is, as a polynomial over threadIdx and blockDim: 3 for the linear thread id
/// (x + y*Dx + z*Dx*Dy), 2 for its first two terms (x + y*Dx: the linear id where blockDim.z
/// is 1), 0 for anything else (including a tree that reads anything besides these, constants
/// and the arithmetic +, -, * and value-preserving casts, and a tree of more than 24 nodes:
/// callers ask it of every division and condition node, so it bounds its own cost).
unsigned linearThreadIdDims(const SymExpr &E);

/// \p V, where it is the linear thread id divided by a multiple of \p WarpSize (`lin / 32`,
/// `lin >> 5`, `thread_rank() / 64`): the same tree, its class warp-uniform, so that the values
/// computed from it (a helper's result, a join across role branches) stay warp-uniform where
/// the class of a tree is otherwise its leaves' (lane-varying: threadIdx). Anything else: \p V.
SymRef asWarpIndex(const SymRef &V, unsigned WarpSize);

} // namespace divlint

#endif
