//===- UniformityProof.h - proving a condition uniform, never sampling it -*- C++ -*-===//
//
// DESIGN.md §6.1: a condition is block- or warp-uniform only if it is equal on every lane of
// every warp *for every value* of what the code leaves open (blockIdx, gridDim, sizes, kernel
// parameters, loaded data, loop iteration numbers). LaneEnumerator evaluates conditions for
// sampled values of those unknowns: a split it finds is a witness (lane-varying for sure), but
// finding none proves nothing. This proof decides instead, symbolically.
//
// Each value is computed for the lanes of one group of threads (a warp, or the whole block) as
//   value(lane) = S + K[lane]
// where S is a linear form over *atoms* (block- or group-uniform unknowns: blockIdx.x, a
// parameter, a loop's iteration number, a uniform product) shared by every lane of the group,
// and K[lane] is a concrete per-lane offset (thread indices are concrete for a known shape).
// Sums, differences, products by constants and shifts stay in this form; division, remainder
// and masks by constants that divide every coefficient of S fold S away exactly (the stride
// reasoning that makes `(blockIdx.x * 128 + threadIdx.x) / 32` warp-uniform); a comparison is
// uniform when no value of S (a multiple of the gcd of its coefficients, and non-negative when
// it must be) falls between two lanes' thresholds. Whatever the form cannot represent is
// "unknown", and an unknown condition is not proved: it stays lane-varying (the sound side).
//
// Assumption, stated in docs/design/uniformity-proof.md: index arithmetic on the open values
// does not overflow its type (signed overflow is undefined behaviour; an unsigned wrap is
// checked where per-lane offsets could cause it).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_UNIFORMITYPROOF_H
#define DIVLINT_UNIFORMITYPROOF_H

#include "divlint/Analysis/SymExpr.h"
#include "divlint/Quantify/BlockShape.h"

namespace divlint {

struct UniformityProof {
  bool WarpUniform = false;  ///< no warp's lanes can disagree, for any value of the unknowns
  bool BlockUniform = false; ///< no two threads of a block can disagree (implies WarpUniform)
};

/// Tries to prove that \p Cond has one truth value (one value, when \p MultiWay: a switch) on
/// every lane of a warp, and on every thread of a block, for blocks of shape \p Shape. Only
/// lanes that may pass \p Guard (null: all) count. An assumed shape (Shape.assumed()) fixes
/// nothing: its blockDim is an unknown and its block spans up to 1024 threads in x.
UniformityProof proveUniformity(const SymRef &Cond, const SymRef &Guard, const BlockShape &Shape,
                                unsigned WarpSize, bool MultiWay);

} // namespace divlint

#endif
