//===- BlockShape.h - the block shapes a kernel is analyzed for -*- C++ -*-===//
//
// Exact lane enumeration needs the block shape. It comes from (in this order) `<<<grid, block>>>`
// launches in the same translation unit with constant block dims, `__launch_bounds__`,
// `--block-dim=X[,Y[,Z]]`, or the documented default of 256x1x1 (DESIGN.md §2). Anything but a
// launch or --block-dim is reported as an assumption in the finding. A launch whose block is
// partly constant (`dim3 block(32, nwarps)`) gives a PartialBlockShape, which stands for the
// concrete shapes candidateShapes lists.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_BLOCKSHAPE_H
#define DIVLINT_BLOCKSHAPE_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint {

struct BlockShape {
  unsigned X = 256, Y = 1, Z = 1;
  /// Where the shape came from: "launch", "launch_bounds", "option", "assert" (the kernel
  /// asserts it), "assert-x" (it asserts blockDim.x only), "unknown" (a candidate for an
  /// unknown shape) or "default".
  std::string Source = "default";
  /// The blockDim components (bit D for x, y, z) the code fixes to these values; a candidate
  /// for a partly known shape ("partial") fixes only its known ones.
  unsigned char FixedDims = 7;
  /// One of a sample of the layouts a partly known launch allows, which does not cover every
  /// one (ShapeCandidates::CoversLayouts false): thread indices from the first dimension it
  /// does not fix on are not proved by it (ShapeJoin.cpp).
  bool Sampled = false;

  unsigned threads() const { return X * Y * Z; }
  /// The first dimension (0-2) whose blockDim component the code does not fix; 3: none.
  unsigned firstUnfixed() const {
    unsigned D = 0;
    while (D < 3 && (FixedDims & (1u << D)))
      ++D;
    return D;
  }
  unsigned warps(unsigned WarpSize) const { return (threads() + WarpSize - 1) / WarpSize; }
  /// Whether y and z were assumed rather than known ("assert-x": the kernel pins x alone).
  bool assumed() const {
    return Source == "default" || Source == "launch_bounds" || Source == "assert-x";
  }
  /// The blockDim components (bit D for x, y, z) whose values a proof may rely on: x alone for
  /// "assert-x", none for another assumed shape or a candidate for an unknown one, else those
  /// the code fixes.
  unsigned knownDims() const {
    if (Source == "assert-x")
      return 1;
    return assumed() || Source == "unknown" ? 0 : FixedDims & 7u;
  }
  std::string str() const;
  bool operator==(const BlockShape &O) const { return X == O.X && Y == O.Y && Z == O.Z; }
};

constexpr unsigned MaxThreadsPerBlock = 1024;

/// A block shape of which some dimensions are known and others not: `dim3 block(32, nwarps)`
/// fixes x = 32 and z = 1 and leaves y open (docs/block-shapes.md). An unknown dimension ranges
/// over every value the known ones allow within MaxThreadsPerBlock threads.
struct PartialBlockShape {
  std::optional<unsigned> Dims[3]; ///< x, y, z; std::nullopt: not known
  /// Where it came from, as BlockShape::Source ("launch", "assert", ...).
  std::string Source = "launch";

  bool complete() const { return Dims[0] && Dims[1] && Dims[2]; }
  /// The shape, when every dimension is known.
  std::optional<BlockShape> shape() const;
  /// "32x?x1".
  std::string str() const;
  /// The product of the known dimensions.
  unsigned knownThreads() const;
  /// The first dimension not known (0-2; 2 also when z alone or none is unknown).
  unsigned firstUnknown() const { return !Dims[0] ? 0 : !Dims[1] ? 1 : 2; }
  /// Whether threadIdx.<Dim> (0-2) is the same on every lane of a warp for every shape this
  /// one allows: the dimension is 1, or the dimensions before it are known and their product
  /// is a multiple of the warp size (then every warp lies inside one row, or one slice).
  bool indexIsWarpUniform(unsigned Dim, unsigned WarpSize = 32) const;
  bool operator==(const PartialBlockShape &O) const {
    return Dims[0] == O.Dims[0] && Dims[1] == O.Dims[1] && Dims[2] == O.Dims[2];
  }
};

/// Concrete shapes that stand for every shape a PartialBlockShape allows (candidateShapes).
struct ShapeCandidates {
  std::vector<BlockShape> Shapes; ///< Source "partial"; the first is the largest
  /// Every allowed shape S has a candidate C with S's threads among C's (same coordinates) and
  /// each warp of S inside one warp of C. Then a condition on thread indices (and on blockDim
  /// components that are known) that splits a warp of some allowed shape splits a warp of some
  /// candidate: checking the candidates is enough for soundness. It does not cover conditions
  /// that read an unknown blockDim component: such a value is open, and the candidates only
  /// sample it (1, 2, 3 and the largest; a proof must keep it symbolic).
  bool CoversLayouts = false;
  /// Shapes are every shape allowed (nothing unknown, or few enough to list).
  bool Exhaustive = false;
};

/// The candidates for \p P: itself when complete; otherwise the largest shapes (in which every
/// smaller allowed one embeds, warp by warp) where the warp layout does not depend on the
/// unknown values, every allowed shape where it does and they are few, else a sample with
/// CoversLayouts false. The argument for each case is in BlockShape.cpp.
ShapeCandidates candidateShapes(const PartialBlockShape &P, unsigned WarpSize = 32);
/// The same for a kernel launched with several shapes: the candidates of each, without
/// repeats (first seen first); CoversLayouts and Exhaustive when they hold for every one.
ShapeCandidates candidateShapes(const std::vector<PartialBlockShape> &Launches,
                                unsigned WarpSize = 32);

/// Parses "X", "X,Y" or "X,Y,Z" (also with 'x' separators); std::nullopt when malformed, zero,
/// or over 1024 threads.
std::optional<BlockShape> parseBlockShape(llvm::StringRef Text);
/// `KERNEL:X[,Y[,Z]]` (a kernel's own --block-dim): the kernel's name and its shape.
std::optional<std::pair<std::string, BlockShape>> parseKernelBlockShape(llvm::StringRef Text);

} // namespace divlint

#endif
