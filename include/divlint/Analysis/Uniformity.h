//===- Uniformity.h - the three-point uniformity lattice -------*- C++ -*-===//
//
// block-uniform < warp-uniform < lane-varying; join is max. DESIGN.md §1.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_UNIFORMITY_H
#define DIVLINT_UNIFORMITY_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace divlint {

enum class Uniformity : unsigned char { BlockUniform = 0, WarpUniform = 1, LaneVarying = 2 };

inline Uniformity join(Uniformity A, Uniformity B) { return A > B ? A : B; }

/// "block-uniform", "warp-uniform", "lane-varying" (the JSON/spec spelling).
llvm::StringRef uniformityName(Uniformity U);
std::optional<Uniformity> parseUniformity(llvm::StringRef Name);

/// How a lane-varying branch spreads over the warps of a block (DESIGN.md §2).
enum class Extent : unsigned char { Tail, Partial, EveryWarp, DataDependent };

llvm::StringRef extentName(Extent E);

} // namespace divlint

#endif
