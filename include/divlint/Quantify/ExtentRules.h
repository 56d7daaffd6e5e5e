//===- ExtentRules.h - extents the lane enumeration leaves coarse -*- C++ -*-===//
//
// LaneEnumerator calls a monotone thread index against an unknown block-uniform bound a `tail`:
// at most one warp of the block splits (`gid < n`, `for (i = tid; i < C; i += blockDim.x)`).
// That holds when the warps cover disjoint index ranges. In a warp-strided loop (`for (i =
// lane; i < C; i += 32)`, each warp on its own row) every warp runs the same lane offsets: a
// bound that splits one warp splits every warp (docs/extents.md), so the extent is every-warp.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_QUANTIFY_EXTENTRULES_H
#define DIVLINT_QUANTIFY_EXTENTRULES_H

#include "divlint/Quantify/LaneEnumerator.h"

namespace divlint {

/// For a condition \p Q that the enumeration called a tail in \p Shape: whether its thread side
/// takes the same values, lane for lane, in every warp of the block (for every sampled value of
/// the unknowns and every loop iteration), so that a bound splits every warp or none.
bool tailSplitsEveryWarp(const EnumerationQuery &Q, const BlockShape &Shape);

/// Whether the guard \p Guard (the conditions that say which lanes reach a branch) lets at most
/// one lane of any warp through, in every shape of \p Shapes (and, where a shape is assumed, in
/// shapes whose y and z change inside a warp): `if (threadIdx.x == 0) { v = a > b ? ... }`. A
/// branch one lane evaluates cannot split its warp. Only guards over thread indices and block
/// dimensions (no unknowns, no loop iterations): evaluated exactly, never sampled.
bool guardAdmitsOneLanePerWarp(const SymRef &Guard, const std::vector<BlockShape> &Shapes,
                               unsigned WarpSize);

} // namespace divlint

#endif
