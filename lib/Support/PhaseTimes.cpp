//===- PhaseTimes.cpp - where one unit's time goes ------------------------===//

#include "divlint/Support/PhaseTimes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <ctime>
#include <mutex>

namespace divlint {

double threadCpuSeconds() {
  timespec T{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

PhaseTimes &currentPhaseTimes() {
  thread_local PhaseTimes Current;
  return Current;
}

bool PhaseTimes::enabled() {
  static const bool On = std::getenv("DIVLINT_PHASE_TIMES") != nullptr;
  return On;
}

static const char *headerLogPath() {
  static const char *Path = std::getenv("DIVLINT_HEADER_LOG");
  return Path;
}

bool headerLogEnabled() { return headerLogPath() != nullptr; }

void logHeaderAnalysis(llvm::StringRef Unit, llvm::StringRef Function, double Seconds) {
  // Workers are threads of one process: one writer at a time, each line appended whole.
  static std::mutex Writing;
  std::lock_guard<std::mutex> Lock(Writing);
  std::error_code EC;
  llvm::raw_fd_ostream OS(headerLogPath(), EC, llvm::sys::fs::OF_Append);
  if (!EC)
    OS << Unit << '\t' << Function << '\t' << llvm::format("%.6f", Seconds) << '\n';
}

std::string PhaseTimes::str(llvm::StringRef File) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "divlint: phase times: " << File << ": parse " << llvm::format("%.3f", Parse)
     << " s, collect " << llvm::format("%.3f", Collect) << " s, analysis "
     << llvm::format("%.3f", Analysis) << " s (" << Analyses << " analyses; headers "
     << llvm::format("%.3f", HeaderAnalysis) << " s in " << HeaderAnalyses
     << "; without a caller " << llvm::format("%.3f", WithoutCaller) << " s; witness "
     << llvm::format("%.3f", Witness) << " s in " << WitnessAnalyses << "; kernel summaries "
     << llvm::format("%.3f", KernelSummaries) << " s; reused " << Reused << ")\n";
  return S;
}

} // namespace divlint
