#include "divlint/Report/Finding.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <tuple>

namespace divlint {

llvm::StringRef ruleName(Rule R) {
  switch (R) {
  case Rule::DivergentBranch: return "divergent-branch";
  case Rule::UniformBranch: return "uniform-branch";
  case Rule::BarrierDivergence: return "barrier-divergence";
  case Rule::WarpSyncDivergence: return "warp-sync-divergence";
  case Rule::HiddenBranch: return "hidden-branch";
  }
  return "divergent-branch";
}

llvm::StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Note: return "note";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  return "warning";
}

bool findingLess(const Finding &A, const Finding &B) {
  return std::tie(A.File, A.Line, A.Column, A.TheRule) <
         std::tie(B.File, B.Line, B.Column, B.TheRule);
}

std::string normalizedPath(llvm::StringRef Path) {
  // A leading `./` stays: it is how the user named the file, or how clang names an include
  // from the current directory, and names no other file.
  bool Here = Path.starts_with("./");
  llvm::SmallString<256> P(Here ? Path.drop_front(2) : Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  if (P.empty())
    return Path.str();
  return (Here ? "./" : "") + std::string(P);
}

std::string findingPlace(const Finding &F) {
  llvm::SmallString<256> Abs(F.File);
  llvm::sys::fs::make_absolute(Abs);
  // A branch is one place whatever its class: uniform in one unit, divergent in another.
  Rule R = F.TheRule == Rule::UniformBranch ? Rule::DivergentBranch : F.TheRule;
  return normalizedPath(Abs) + ":" + std::to_string(F.Line) + ":" + std::to_string(F.Column) +
         ":" + ruleName(R).str();
}

void mergeSamePlaceFindings(std::vector<Finding> &Findings) {
  auto Worse = [](const Finding &A, const Finding &B) {
    return std::tie(A.Sev, A.Class, A.Score) > std::tie(B.Sev, B.Class, B.Score);
  };
  llvm::StringMap<size_t> Kept; // place -> index into Out
  std::vector<Finding> Out;
  for (Finding &F : Findings) {
    auto [It, New] = Kept.try_emplace(findingPlace(F), Out.size());
    if (New) {
      Out.push_back(std::move(F));
      continue;
    }
    Finding &Old = Out[It->second];
    std::vector<std::string> Kernels = Old.Kernels;
    Kernels.insert(Kernels.end(), F.Kernels.begin(), F.Kernels.end());
    std::sort(Kernels.begin(), Kernels.end());
    Kernels.erase(std::unique(Kernels.begin(), Kernels.end()), Kernels.end());
    if (Worse(F, Old))
      Old = std::move(F);
    Old.Kernels = std::move(Kernels);
  }
  Findings = std::move(Out);
}

} // namespace divlint
