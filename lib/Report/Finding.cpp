#include "divlint/Report/Finding.h"

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

} // namespace divlint
