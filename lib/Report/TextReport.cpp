#include "divlint/Report/Report.h"

namespace divlint {

void writeText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const ReportOptions &Opts) {
  for (const Finding &F : Findings) {
    if (!isReported(F, Opts))
      continue;
    OS << F.File << ":" << F.Line << ":" << F.Column << ": " << severityName(F.Sev) << ": "
       << F.Message << " [divlint-" << ruleName(F.TheRule) << "]\n";
    for (const SourcePoint &P : F.Why) {
      OS << F.File << ":" << P.Line << ":" << P.Column << ": note: " << P.Text << "\n";
    }
    if (!F.LaneMap.empty())
      OS << F.File << ":" << F.Line << ":" << F.Column << ": note: lanes 0-"
         << F.LaneMap.size() - 1 << " of one diverging warp: " << F.LaneMap << "\n";
    for (const std::string &A : F.Assumptions)
      OS << F.File << ":" << F.Line << ":" << F.Column << ": note: assuming " << A << "\n";
  }
}

} // namespace divlint
