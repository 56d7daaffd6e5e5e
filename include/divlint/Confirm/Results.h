//===- Results.h - what the variants' runs left in a build directory -*- C++ -*-===//
//
// Reads the files the runner (or run.sh) leaves: the exit codes of builds and runs, the logs, and
// the JSON each binary writes (timings and checksums, or the probe counters).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_RESULTS_H
#define DIVLINT_CONFIRM_RESULTS_H

#include "divlint/Confirm/ConfirmPlan.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace divlint::confirm {

/// One probe's counters (see divlint_probe.cuh).
struct ProbeCounters {
  uint64_t Execs = 0, Divergent = 0, ActiveLanes = 0, TrueLanes = 0, AnyTrue = 0, AnyFalse = 0,
           Passes = 0, DivergentActive = 0, DivergentTrue = 0;
  /// Evaluations whose lanes were at different iterations of an enclosing loop, and those where
  /// lanes at one iteration disagreed (LoopInstances.h). Absent in results of older runtimes.
  std::optional<uint64_t> SplitArrivals, InstanceDivergent;
};

/// How one output buffer of a variant differed from the original's (the driver's --compare).
struct OutputDiff {
  uint64_t Elements = 0, Differing = 0; ///< elements, and those whose bytes differ
  double MaxAbs = 0, MaxRel = 0;        ///< relative to max(1, |a|, |b|)
  bool Floating = false;
};

struct Timing {
  std::vector<double> TimesMs;
  double MedianMs = 0, P25Ms = 0, P75Ms = 0, MinMs = 0, MaxMs = 0;
  /// Relative spread: interquartile range over the median.
  double spread() const { return MedianMs > 0 ? (P75Ms - P25Ms) / MedianMs : 0; }
};

enum class RunStatus { NotRun, BuildFailed, Crashed, TimedOut, NoDevice, CudaError, Ok };
llvm::StringRef runStatusName(RunStatus S);

struct VariantResult {
  std::string Name;
  RunStatus Status = RunStatus::NotRun;
  std::string Message; ///< what went wrong (nvcc's errors, the CUDA error, the timeout)
  std::string Device, ComputeCapability;
  std::optional<Timing> Time;
  std::map<std::string, std::string> Checksums;
  std::map<std::string, OutputDiff> Compared; ///< per buffer, against the original's outputs
  std::string CompareError;                   ///< why some buffer could not be compared
  std::vector<ProbeCounters> Probes; ///< indexed by probe id
  // Program mode: how the counters were read (after synchronizing calls and at exit).
  std::optional<unsigned> SnapshotsOk; ///< successful reads
  bool LastSnapshotFailed = false;     ///< the last read failed (counts are from the one before)
  std::string SnapshotError;
  /// Stopped by the timeout (SIGTERM): the counts are those of the last synchronizing call.
  bool Terminated = false;
};

/// Kernel-level metrics from ncu (one row per profiled launch).
struct NcuKernel {
  std::string Kernel;
  std::map<std::string, double> Metrics; ///< metric name -> value
};

struct NcuResult {
  bool Ran = false;
  std::string Error;
  std::vector<NcuKernel> Kernels;
};

struct RunResults {
  std::map<std::string, VariantResult> Variants;
  NcuResult Ncu;
  std::string Environment; ///< results/environment.txt (GPU, driver, nvcc)
};

/// Parses the JSON a driver binary (kernel mode) or the probe runtime (program mode) wrote.
llvm::Error parseVariantJson(llvm::StringRef Text, VariantResult &Into);

/// Parses `ncu --csv` output (the long format: one metric per row).
NcuResult parseNcuCsv(llvm::StringRef Csv);

/// Reads \p Dir (logs/, results/) for every variant of \p P.
RunResults readResults(const ConfirmPlan &P, const std::string &Dir);

/// The lines of an nvcc log that matter (errors first), at most \p MaxLines.
std::string summarizeBuildLog(llvm::StringRef Log, unsigned MaxLines = 12);

} // namespace divlint::confirm

#endif
