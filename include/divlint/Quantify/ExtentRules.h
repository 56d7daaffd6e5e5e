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

} // namespace divlint

#endif
