#include "divlint/Quantify/BlockShape.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace divlint {

std::string BlockShape::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

std::optional<std::pair<std::string, BlockShape>> parseKernelBlockShape(llvm::StringRef Text) {
  auto [Kernel, Dims] = Text.split(':');
  Kernel = Kernel.trim();
  if (Dims.empty() || Kernel.empty())
    return std::nullopt;
  auto Shape = parseBlockShape(Dims);
  if (!Shape)
    return std::nullopt;
  return std::make_pair(Kernel.str(), *Shape);
}

std::optional<BlockShape> parseBlockShape(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.trim().split(Parts, Text.contains(',') ? ',' : 'x');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  unsigned Dims[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Dims[I]) || Dims[I] == 0)
      return std::nullopt;
  BlockShape S;
  S.X = Dims[0];
  S.Y = Dims[1];
  S.Z = Dims[2];
  S.Source = "option";
  if (uint64_t(S.X) * S.Y * S.Z > MaxThreadsPerBlock)
    return std::nullopt;
  return S;
}

} // namespace divlint
