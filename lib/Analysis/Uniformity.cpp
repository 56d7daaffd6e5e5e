#include "divlint/Analysis/Uniformity.h"
#include "llvm/ADT/StringSwitch.h"

namespace divlint {

llvm::StringRef uniformityName(Uniformity U) {
  switch (U) {
  case Uniformity::BlockUniform: return "block-uniform";
  case Uniformity::WarpUniform: return "warp-uniform";
  case Uniformity::LaneVarying: return "lane-varying";
  }
  return "lane-varying";
}

std::optional<Uniformity> parseUniformity(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Uniformity>>(Name)
      .Case("block-uniform", Uniformity::BlockUniform)
      .Case("warp-uniform", Uniformity::WarpUniform)
      .Case("lane-varying", Uniformity::LaneVarying)
      .Default(std::nullopt);
}

llvm::StringRef extentName(Extent E) {
  switch (E) {
  case Extent::Tail: return "tail";
  case Extent::Partial: return "partial";
  case Extent::EveryWarp: return "every-warp";
  case Extent::DataDependent: return "data-dependent";
  }
  return "data-dependent";
}

} // namespace divlint
