//===- PhaseTimes.h - where one unit's time goes, for the speed benchmarks -*- C++ -*-===//
//
// With DIVLINT_PHASE_TIMES set in the environment, a unit's analysis prints one line to stderr:
// the CPU seconds of clang's parse, of finding the device functions and launches, of the
// analyses, and of the parts of those analyses spent in functions defined outside the main file
// (headers), in the witness analyses (SeverityWitness.cpp) and in the kernels' summaries
// (KernelRegions.cpp). bench/README.md's Speed section uses it; it changes nothing else.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SUPPORT_PHASETIMES_H
#define DIVLINT_SUPPORT_PHASETIMES_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace divlint {

/// This thread's CPU time in seconds (a worker analyzes one unit on one thread).
double threadCpuSeconds();

/// The phases of one unit, in CPU seconds.
struct PhaseTimes {
  double Parse = 0, Collect = 0, Analysis = 0, HeaderAnalysis = 0, WithoutCaller = 0;
  double Witness = 0, KernelSummaries = 0;
  unsigned HeaderAnalyses = 0, Analyses = 0;
  unsigned Reused = 0; ///< calling contexts that reused another's analysis (not in Analyses)
  unsigned WitnessAnalyses = 0; ///< callees the witness analyses analyzed (their roots not counted)
  /// Whether DIVLINT_PHASE_TIMES is set (read once).
  static bool enabled();
  std::string str(llvm::StringRef File) const;
};

/// With DIVLINT_HEADER_LOG=FILE set as well, each analysis of a function defined in a header
/// (its callees included; the outermost where one header function calls another) appends a
/// line to FILE: the unit's main file, the function's mangled name and its CPU seconds, tab
/// separated. bench/header_sharing.py reads it: how much of a run the analyses of functions
/// that an earlier unit analyzed too could save.
void logHeaderAnalysis(llvm::StringRef Unit, llvm::StringRef Function, double Seconds);
bool headerLogEnabled();

/// This thread's unit (a unit is parsed and analyzed on one thread).
PhaseTimes &currentPhaseTimes();

/// Adds the CPU time from its construction to its destruction to \p Into (when enabled).
class PhaseTimer {
public:
  explicit PhaseTimer(double *Into) : Into(PhaseTimes::enabled() ? Into : nullptr) {
    if (this->Into)
      Start = threadCpuSeconds();
  }
  ~PhaseTimer() { stop(); }
  void stop() {
    if (Into)
      *Into += threadCpuSeconds() - Start;
    Into = nullptr;
  }
  PhaseTimer(const PhaseTimer &) = delete;
  PhaseTimer &operator=(const PhaseTimer &) = delete;

private:
  double *Into;
  double Start = 0;
};

} // namespace divlint

#endif
