//===- IntrinsicTable.h - what each CUDA builtin does to uniformity -*- C++ -*-===//
//
// One table (lib/Analysis/IntrinsicTable.cpp) says, for every CUDA intrinsic divlint knows, how its result
// relates to uniformity and whether it is a barrier or a warp-synchronous operation. Functions
// not in the table are analyzed through their bodies; body-less unknown functions are treated as
// lane-varying (sound). DESIGN.md §3 "Intrinsics and cooperative groups".
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_INTRINSICTABLE_H
#define DIVLINT_INTRINSICTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace divlint {

enum class IntrinsicKind : unsigned char {
  Pure,          ///< result as uniform as its arguments (math, bit tricks)
  LaneId,        ///< the lane index within the warp (a seed: linear thread id % warpSize)
  WarpVote,      ///< same result for every lane of the warp (ballot/any/all/uni/match_all/reduce)
  Shuffle,       ///< __shfl_sync: warp-uniform when the source lane is uniform
  ShuffleRelative, ///< __shfl_up/down/xor_sync: as uniform as the shuffled value, else varying
  Varying,       ///< differs per lane whatever the arguments (__activemask, clock, match_any)
  Atomic,        ///< atomics: lane-varying, data-dependent
  Barrier,       ///< block-wide barrier: __syncthreads and friends (result block-uniform)
  WarpSync,      ///< __syncwarp
  Load,          ///< a read through a pointer argument (__ldg and friends)
};

struct IntrinsicInfo {
  const char *Name;
  IntrinsicKind Kind;
  /// Index of the lane-mask argument of a `*_sync` intrinsic, or -1.
  int MaskArg;
  /// For Shuffle: index of the source-lane argument; for Load: the pointer argument.
  int OperandArg;
  const char *Doc;
};

/// Looks up a callee by its unqualified name (exact names first, then documented prefixes such as
/// `atomic`, `__nv_`, `__nvvm_atom`).
std::optional<IntrinsicInfo> lookupIntrinsic(llvm::StringRef Name);

/// The whole table, for documentation and tests.
llvm::ArrayRef<IntrinsicInfo> intrinsicTable();

} // namespace divlint

#endif
