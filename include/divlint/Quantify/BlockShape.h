//===- BlockShape.h - the block shapes a kernel is analyzed for -*- C++ -*-===//
//
// Exact lane enumeration needs the block shape. It comes from (in this order) `<<<grid, block>>>`
// launches in the same translation unit with constant block dims, `__launch_bounds__`,
// `--block-dim=X[,Y[,Z]]`, or the documented default of 256x1x1 (DESIGN.md §2). Anything but a
// launch or --block-dim is reported as an assumption in the finding.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_BLOCKSHAPE_H
#define DIVLINT_BLOCKSHAPE_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace divlint {

struct BlockShape {
  unsigned X = 256, Y = 1, Z = 1;
  /// Where the shape came from: "launch", "launch_bounds", "option", "assert" (the kernel
  /// asserts it), "assert-x" (it asserts blockDim.x only), "unknown" (a candidate for an
  /// unknown shape) or "default".
  std::string Source = "default";

  unsigned threads() const { return X * Y * Z; }
  unsigned warps(unsigned WarpSize) const { return (threads() + WarpSize - 1) / WarpSize; }
  /// Whether y and z were assumed rather than known ("assert-x": the kernel pins x alone).
  bool assumed() const {
    return Source == "default" || Source == "launch_bounds" || Source == "assert-x";
  }
  std::string str() const;
  bool operator==(const BlockShape &O) const { return X == O.X && Y == O.Y && Z == O.Z; }
};

constexpr unsigned MaxThreadsPerBlock = 1024;

/// Parses "X", "X,Y" or "X,Y,Z" (also with 'x' separators); std::nullopt when malformed, zero,
/// or over 1024 threads.
std::optional<BlockShape> parseBlockShape(llvm::StringRef Text);
/// `KERNEL:X[,Y[,Z]]` (a kernel's own --block-dim): the kernel's name and its shape.
std::optional<std::pair<std::string, BlockShape>> parseKernelBlockShape(llvm::StringRef Text);

} // namespace divlint

#endif
