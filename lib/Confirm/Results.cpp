#include "divlint/Confirm/Results.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace divlint::confirm {

llvm::StringRef runStatusName(RunStatus S) {
  switch (S) {
  case RunStatus::NotRun: return "not-run";
  case RunStatus::BuildFailed: return "build-failed";
  case RunStatus::Crashed: return "crashed";
  case RunStatus::TimedOut: return "timed-out";
  case RunStatus::NoDevice: return "no-device";
  case RunStatus::CudaError: return "cuda-error";
  case RunStatus::Ok: return "ok";
  }
  return "not-run";
}

static std::optional<std::string> readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!B)
    return std::nullopt;
  return (*B)->getBuffer().str();
}

static std::optional<int> readCode(const std::string &Path) {
  auto Text = readFile(Path);
  int Code;
  if (!Text || llvm::StringRef(*Text).trim().getAsInteger(10, Code))
    return std::nullopt;
  return Code;
}

llvm::Error parseVariantJson(llvm::StringRef Text, VariantResult &Into) {
  json J = json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "result is not a JSON object");
  try {
    Into.Device = J.value("device", "");
    Into.ComputeCapability = J.value("cc", "");
    if (J.contains("snapshots_ok"))
      Into.SnapshotsOk = J.value("snapshots_ok", 0u);
    Into.LastSnapshotFailed = J.value("last_snapshot_failed", false);
    Into.SnapshotError = J.value("snapshot_error", "");
    Into.Terminated = J.value("terminated", false);
    if (!J.value("ok", true)) {
      Into.Status = J.value("no_device", false) ? RunStatus::NoDevice : RunStatus::CudaError;
      Into.Message = J.value("where", "") + ": " + J.value("error", "");
      return llvm::Error::success();
    }
    Into.Status = RunStatus::Ok;
    if (J.contains("median_ms")) {
      Timing T;
      T.TimesMs = J.value("times_ms", std::vector<double>{});
      T.MedianMs = J.value("median_ms", 0.0);
      T.P25Ms = J.value("p25_ms", 0.0);
      T.P75Ms = J.value("p75_ms", 0.0);
      T.MinMs = J.value("min_ms", 0.0);
      T.MaxMs = J.value("max_ms", 0.0);
      Into.Time = T;
    }
    json Checksums = J.value("checksums", json::object());
    json Probes = J.value("probes", json::array());
    for (auto &[Name, Sum] : Checksums.items())
      Into.Checksums[Name] = Sum.get<std::string>();
    json Compared = J.value("compared", json::object()); // items() must not outlive it
    for (auto &[Name, D] : Compared.items())
      Into.Compared[Name] = {D.value("elements", uint64_t(0)), D.value("differing", uint64_t(0)),
                             D.value("max_abs", 0.0), D.value("max_rel", 0.0),
                             D.value("floating", false)};
    Into.CompareError = J.value("compare_error", "");
    for (const json &P : Probes) {
      unsigned Id = P.value("id", 0u);
      if (Id >= Into.Probes.size())
        Into.Probes.resize(Id + 1);
      ProbeCounters &C = Into.Probes[Id];
      C.Execs = P.value("execs", uint64_t(0));
      C.Divergent = P.value("divergent", uint64_t(0));
      C.ActiveLanes = P.value("active_lanes", uint64_t(0));
      C.TrueLanes = P.value("true_lanes", uint64_t(0));
      C.AnyTrue = P.value("any_true", uint64_t(0));
      C.AnyFalse = P.value("any_false", uint64_t(0));
      C.Passes = P.value("passes", uint64_t(0));
      C.DivergentActive = P.value("divergent_active_lanes", uint64_t(0));
      C.DivergentTrue = P.value("divergent_true_lanes", uint64_t(0));
      if (P.contains("split_arrivals"))
        C.SplitArrivals = P.value("split_arrivals", uint64_t(0));
      if (P.contains("instance_divergent"))
        C.InstanceDivergent = P.value("instance_divergent", uint64_t(0));
    }
  } catch (const json::exception &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   std::string("malformed result: ") + E.what());
  }
  return llvm::Error::success();
}

/// Splits one CSV line (quoted fields, "" escapes).
static std::vector<std::string> csvFields(llvm::StringRef Line) {
  std::vector<std::string> Fields(1);
  bool Quoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quoted) {
      if (C == '"' && I + 1 < Line.size() && Line[I + 1] == '"') {
        Fields.back() += '"';
        ++I;
      } else if (C == '"') {
        Quoted = false;
      } else {
        Fields.back() += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      Fields.emplace_back();
    } else if (C != '\r') {
      Fields.back() += C;
    }
  }
  return Fields;
}

NcuResult parseNcuCsv(llvm::StringRef Csv) {
  NcuResult R;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Csv.split(Lines, '\n');
  std::vector<std::string> Header;
  int Id = -1, Kernel = -1, Metric = -1, Value = -1;
  std::map<std::string, size_t> ByLaunch; // ncu's launch ID -> index in R.Kernels
  for (llvm::StringRef Line : Lines) {
    if (!Line.starts_with("\""))
      continue; // ==PROF== lines and the program's own output
    std::vector<std::string> F = csvFields(Line);
    if (Header.empty()) {
      Header = F;
      for (size_t I = 0; I < F.size(); ++I) {
        if (F[I] == "ID") Id = int(I);
        if (F[I] == "Kernel Name") Kernel = int(I);
        if (F[I] == "Metric Name") Metric = int(I);
        if (F[I] == "Metric Value") Value = int(I);
      }
      if (Kernel < 0 || Metric < 0 || Value < 0) {
        R.Error = "unexpected ncu CSV header";
        return R;
      }
      continue;
    }
    if (F.size() != Header.size())
      continue;
    std::string LaunchKey = Id >= 0 ? F[Id] : F[Kernel];
    auto It = ByLaunch.find(LaunchKey);
    if (It == ByLaunch.end()) {
      It = ByLaunch.emplace(LaunchKey, R.Kernels.size()).first;
      R.Kernels.push_back({F[Kernel], {}});
    }
    std::string Number;
    for (char C : F[Value])
      if (C != ',')
        Number += C;
    char *End = nullptr;
    double D = std::strtod(Number.c_str(), &End);
    if (End && *End == '\0' && !Number.empty())
      R.Kernels[It->second].Metrics[F[Metric]] = D;
  }
  R.Ran = !R.Kernels.empty();
  if (!R.Ran && R.Error.empty())
    R.Error = "ncu reported no kernel";
  return R;
}

std::string summarizeBuildLog(llvm::StringRef Log, unsigned MaxLines) {
  llvm::SmallVector<llvm::StringRef, 32> Lines, Errors, Others;
  Log.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef L : Lines)
    (L.contains("error") ? Errors : Others).push_back(L);
  std::string Out;
  unsigned N = 0;
  for (auto *List : {&Errors, &Others})
    for (llvm::StringRef L : *List)
      if (N++ < MaxLines)
        Out += L.rtrim().str() + "\n";
  if (N > MaxLines)
    Out += "... (" + std::to_string(N - MaxLines) + " more lines)\n";
  return Out;
}

RunResults readResults(const ConfirmPlan &P, const std::string &Dir) {
  RunResults R;
  R.Environment = readFile(Dir + "/results/environment.txt").value_or("");
  for (const Variant &V : P.Variants) {
    VariantResult VR;
    VR.Name = V.Name;
    std::string Results = Dir + "/results/", Logs = Dir + "/logs/";
    std::optional<int> Build = readCode(Results + "build-" + V.Name + ".rc");
    if (!Build) {
      R.Variants[V.Name] = VR; // not built (yet)
      continue;
    }
    if (*Build != 0) {
      VR.Status = RunStatus::BuildFailed;
      VR.Message = *Build == 124 ? "nvcc timed out\n"
                                 : summarizeBuildLog(readFile(Logs + "build-" + V.Name + ".log")
                                                         .value_or("(no build log)"));
      R.Variants[V.Name] = VR;
      continue;
    }
    std::optional<int> Run = readCode(Results + "run-" + V.Name + ".rc");
    std::string RunLog = readFile(Logs + "run-" + V.Name + ".log").value_or("");
    auto Json = readFile(Results + V.Name + ".json");
    if (Json) {
      if (llvm::Error E = parseVariantJson(*Json, VR)) {
        VR.Status = RunStatus::Crashed;
        VR.Message = llvm::toString(std::move(E));
      }
    }
    if (Run && (*Run == 124 || *Run == 137) && Json && VR.Terminated &&
        VR.Status == RunStatus::Ok && P.Mode == PlanMode::Program) {
      // The program ran past the timeout, but its probe counters were written when it was
      // stopped: what they saw diverge did diverge.
      VR.Message = "timed out after " + std::to_string(P.TimeoutSeconds) +
                   " s (stopped); the counts are those of its last synchronizing CUDA call";
    } else if (Run && (*Run == 124 || *Run == 137)) {
      VR.Status = RunStatus::TimedOut;
      VR.Message = "timed out after " + std::to_string(P.TimeoutSeconds) + " s (killed; --timeout)";
    } else if (Run && *Run == 3) {
      VR.Status = RunStatus::NoDevice;
      if (VR.Message.empty())
        VR.Message = llvm::StringRef(RunLog).trim().str();
    } else if (Run && *Run != 0 && VR.Status == RunStatus::Ok && P.Mode == PlanMode::Kernel) {
      VR.Status = RunStatus::Crashed;
      VR.Message = "exit code " + std::to_string(*Run);
    } else if (Run && *Run != 0 && VR.Status == RunStatus::Ok) {
      VR.Message = "the program exited with code " + std::to_string(*Run);
    } else if (!Json && Run) {
      VR.Status = *Run == 0 && P.Mode == PlanMode::Program && V.Role != VariantRole::Probe
                      ? RunStatus::Ok
                      : RunStatus::Crashed;
      if (VR.Status != RunStatus::Ok)
        VR.Message = "exit code " + std::to_string(*Run) + ", no result written" +
                     (RunLog.empty() ? std::string() : ": " + summarizeBuildLog(RunLog, 6));
    }
    R.Variants[V.Name] = VR;
  }
  if (P.Ncu) {
    std::optional<int> Code = readCode(Dir + "/results/ncu.rc");
    if (!Code) {
      R.Ncu.Error = "ncu did not run (not on PATH?)";
    } else {
      R.Ncu = parseNcuCsv(readFile(Dir + "/results/ncu.csv").value_or(""));
      if (*Code != 0 && !R.Ncu.Ran)
        R.Ncu.Error = "ncu failed (exit " + std::to_string(*Code) + "): " +
                      summarizeBuildLog(readFile(Dir + "/logs/ncu.log").value_or(""), 4);
    }
  }
  return R;
}

} // namespace divlint::confirm
