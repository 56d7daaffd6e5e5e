#include "divlint/Report/Report.h"

#include <cstdio>

namespace divlint {

std::string kernelSummaryNote(const KernelSummary &K) {
  std::string Shapes;
  for (const std::string &S : K.BlockShapes)
    Shapes += (Shapes.empty() ? "" : ", ") + S;
  char Buf[96];
  if (K.Efficiency)
    std::snprintf(Buf, sizeof(Buf), "%.3f", *K.Efficiency);
  else if (K.EfficiencyRange)
    std::snprintf(Buf, sizeof(Buf), "%.3f-%.3f", K.EfficiencyRange->first,
                  K.EfficiencyRange->second);
  std::string Note = K.File + ":" + std::to_string(K.Line) + ":" + std::to_string(K.Column) +
                     ": note: kernel '" + K.Name + "' (block " + Shapes +
                     "): predicted warp execution efficiency " + Buf;
  if (!K.RangeReasons.empty()) {
    Note += " (a range: ";
    for (size_t I = 0; I < K.RangeReasons.size(); ++I)
      Note += (I ? "; " : "") + K.RangeReasons[I];
    Note += ")";
  }
  return Note + " [divlint-kernel-summary]";
}

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
  for (const KernelSummary &K : Opts.Kernels)
    OS << kernelSummaryNote(K) << "\n";
}

} // namespace divlint
