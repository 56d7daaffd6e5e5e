#include "divlint/confirm/Comparison.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>

namespace divlint::confirm {

llvm::StringRef verdictName(Verdict V) {
  switch (V) {
  case Verdict::Confirmed: return "confirmed";
  case Verdict::Refuted: return "refuted";
  case Verdict::Inconclusive: return "inconclusive";
  }
  return "inconclusive";
}

unsigned ConfirmOutcome::count(Verdict V) const {
  unsigned N = 0;
  for (const BranchComparison &B : Branches)
    N += B.Overall == V;
  return N;
}

std::optional<double> measuredEfficiency(const ProbeCounters &C, bool Switch, double CostTrue,
                                         double CostFalse, unsigned WarpSize) {
  if (C.Execs == 0)
    return std::nullopt;
  if (Switch) // each pass runs one case for the lanes with that value
    return C.Passes ? double(C.ActiveLanes) / (double(WarpSize) * C.Passes)
                    : std::optional<double>();
  double FalseLanes = double(C.ActiveLanes) - double(C.TrueLanes);
  double Useful = CostTrue * C.TrueLanes + CostFalse * FalseLanes;
  double Time = double(WarpSize) * (CostTrue * C.AnyTrue + CostFalse * C.AnyFalse);
  if (Time <= 0)
    return std::nullopt; // only empty sides ran
  return Useful / Time;
}

std::optional<double> splitModelEfficiency(const PredictedBranch &P, const ProbeSite &S,
                                           unsigned WarpSize) {
  if (S.isLoop() || S.Kind == ProbeKind::Switch || P.Class != Uniformity::LaneVarying ||
      !P.DivergentWarps || !P.TotalWarps || !P.TrueLanes || !P.ActiveLanes || *P.TotalWarps == 0)
    return std::nullopt;
  double D = *P.DivergentWarps, N = *P.TotalWarps, T = *P.TrueLanes, A = *P.ActiveLanes;
  if (S.CostTrue == S.CostFalse) // each warp: A useful lanes; diverging ones take two passes
    return A * N / (double(WarpSize) * (N + D));
  if (D < N)
    return std::nullopt;
  return (S.CostTrue * T + S.CostFalse * (A - T)) /
         (double(WarpSize) * ((T > 0 ? S.CostTrue : 0) + (T < A ? S.CostFalse : 0)));
}

static std::string fmt(double V, const char *F = "%.3g") {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format(F, V);
  return S;
}

/// Relative uncertainty of a median of n samples with relative interquartile range s.
static double medianUncertainty(const Timing &T) {
  size_t N = std::max<size_t>(1, T.TimesMs.size());
  return 0.93 * T.spread() / std::sqrt(double(N));
}

static bool withinRelative(double Predicted, double Measured, double Tol) {
  return Measured > 0 && std::fabs(Predicted / Measured - 1) <= Tol + 1e-9;
}

static void judgeClass(const ConfirmPlan &Plan, BranchComparison &B) {
  const MeasuredBranch &M = B.Measured;
  const PredictedBranch &P = B.Predicted;
  bool PredictedVarying = P.Class == Uniformity::LaneVarying;
  if (M.Executions == 0) {
    B.ClassVerdict = Verdict::Inconclusive;
    B.Notes.push_back("never executed in this run");
    return;
  }
  if (M.diverged()) {
    B.ClassVerdict = PredictedVarying ? Verdict::Confirmed : Verdict::Refuted;
    if (!PredictedVarying)
      B.Notes.push_back("diverged in " + std::to_string(M.Divergent) + " of " +
                        std::to_string(M.Executions) + " warp evaluations but predicted " +
                        uniformityName(P.Class).str());
    return;
  }
  if (!PredictedVarying) {
    B.ClassVerdict = Verdict::Confirmed;
    return;
  }
  std::string Launched = Plan.Block.str();
  bool ShapeKnown = Plan.Mode == PlanMode::Kernel &&
                    llvm::StringRef(P.BlockShape).contains(Launched);
  bool Exact = P.Ext && (*P.Ext == Extent::EveryWarp || *P.Ext == Extent::Partial) &&
               P.DivergentWarps && *P.DivergentWarps > 0;
  if (Exact && ShapeKnown) {
    B.ClassVerdict = Verdict::Refuted;
    B.Notes.push_back("predicted " + std::to_string(*P.DivergentWarps) + "/" +
                      std::to_string(P.TotalWarps.value_or(0)) +
                      " warps to diverge; no warp evaluation diverged");
    return;
  }
  B.ClassVerdict = Verdict::Inconclusive;
  if (Exact)
    B.Notes.push_back("predicted for block shape " + P.BlockShape + ", launched " +
                      (Plan.Mode == PlanMode::Kernel ? Launched : std::string("by the program")) +
                      "; no warp diverged");
  else
    B.Notes.push_back("no warp diverged with this launch and input (" +
                      (P.Ext ? extentName(*P.Ext).str() : std::string("lane-varying")) +
                      " branches depend on them)");
}

ConfirmOutcome compare(const ConfirmPlan &Plan, const RunResults &R, const Tolerances &Tol) {
  ConfirmOutcome Out;
  Out.Tol = Tol;
  Out.Ncu = R.Ncu;
  const VariantResult *Original = nullptr, *Probe = nullptr;
  for (const Variant &V : Plan.Variants) {
    auto It = R.Variants.find(V.Name);
    if (It == R.Variants.end())
      continue;
    const VariantResult &VR = It->second;
    if (V.Role == VariantRole::Original)
      Original = &VR;
    if (V.Role == VariantRole::Probe)
      Probe = &VR;
    if (Out.Device.empty())
      Out.Device = VR.Device;
    if (VR.Status != RunStatus::Ok && V.Role != VariantRole::Uniform)
      Out.Problems.push_back(V.Name + ": " + runStatusName(VR.Status).str() +
                             (VR.Message.empty() ? "" : ": " + VR.Message));
  }
  if (Original && Original->Status == RunStatus::Ok)
    Out.Original = Original->Time;
  bool ProbesReadable = Probe && Probe->Status == RunStatus::Ok;
  if (ProbesReadable && Probe->SnapshotsOk && *Probe->SnapshotsOk == 0) {
    Out.Problems.push_back("probe: the counters could not be read (" + Probe->SnapshotError +
                           "); a kernel probably failed");
    ProbesReadable = false;
  } else if (ProbesReadable && Probe->LastSnapshotFailed &&
             !llvm::StringRef(Probe->SnapshotError).starts_with("cudaErrorCudartUnloading") &&
             !llvm::StringRef(Probe->SnapshotError).starts_with("cudaErrorContextIsDestroyed")) {
    // Not the runtime's teardown at exit: the program's CUDA context failed (a kernel fault).
    Out.Problems.push_back("probe: the program's CUDA context failed (" + Probe->SnapshotError +
                           "); counts stop at the last successful read (" +
                           std::to_string(Probe->SnapshotsOk.value_or(0)) + " reads)");
  } else if (ProbesReadable && Probe->LastSnapshotFailed) {
    Out.Notes.push_back("probe counts are from the program's last synchronizing CUDA call (" +
                        std::to_string(Probe->SnapshotsOk.value_or(0)) +
                        " reads; the read at exit failed: " + Probe->SnapshotError + ")");
  }
  unsigned OutputsChanged = 0;

  for (const ProbeSite &S : Plan.Probes) {
    if (!Plan.inScope(S))
      continue;
    BranchComparison B;
    B.Site = S;
    if (const PredictedBranch *P = S.prediction(Plan.Mode == PlanMode::Kernel ? Plan.Kernel : ""))
      B.Predicted = *P;
    MeasuredBranch &M = B.Measured;
    bool HaveProbes = ProbesReadable && S.Id < Probe->Probes.size();
    if (HaveProbes) {
      const ProbeCounters &C = Probe->Probes[S.Id];
      M.Counters = C;
      M.Executions = C.Execs;
      M.Divergent = C.Divergent;
      if (C.Execs) {
        M.MeanActiveLanes = double(C.ActiveLanes) / C.Execs;
        M.MeanTrueLanes = double(C.TrueLanes) / C.Execs;
      }
      if (C.Divergent && C.DivergentActive && S.Kind == ProbeKind::Branch)
        M.DivergentSplit = double(C.DivergentTrue) / double(C.DivergentActive);
      M.Efficiency =
          measuredEfficiency(C, S.Kind == ProbeKind::Switch, S.CostTrue, S.CostFalse);
      judgeClass(Plan, B);
    } else {
      B.ClassVerdict = Verdict::Inconclusive;
      B.Notes.push_back("no probe counters (the probe variant did not run)");
    }

    // Efficiency.
    if (B.Predicted.Efficiency) {
      B.PredictedEfficiency = B.Predicted.Efficiency;
      B.EfficiencySource = "finding";
    } else if (auto E = splitModelEfficiency(B.Predicted, S)) {
      B.PredictedEfficiency = E;
      B.EfficiencySource = "warp-split model";
    }
    // Tail and data-dependent predictions rest on an assumed split, not on the analysis.
    bool Assumed = B.Predicted.Ext &&
                   (*B.Predicted.Ext == Extent::Tail || *B.Predicted.Ext == Extent::DataDependent);
    auto Judge = [&](double Predicted, double Measured, double Tolerance) {
      if (Assumed)
        return Verdict::Inconclusive;
      return withinRelative(Predicted, Measured, Tolerance) ? Verdict::Confirmed
                                                            : Verdict::Refuted;
    };
    if (B.PredictedEfficiency && M.Efficiency && M.diverged())
      B.EfficiencyVerdict = Judge(*B.PredictedEfficiency, *M.Efficiency, Tol.Efficiency);

    // Slowdown, from the counterfactual.
    if (B.Predicted.KernelSlowdown) {
      B.PredictedSlowdown = B.Predicted.KernelSlowdown;
      B.SlowdownSource = "kernel";
    } else if (B.Predicted.Slowdown) {
      B.PredictedSlowdown = B.Predicted.Slowdown;
      B.SlowdownSource = "region";
    }
    for (const Variant &V : Plan.Variants) {
      if (V.Role != VariantRole::Uniform || V.ProbeId != S.Id)
        continue;
      auto It = R.Variants.find(V.Name);
      if (It == R.Variants.end() || It->second.Status != RunStatus::Ok || !It->second.Time) {
        M.UniformizedProblem =
            It == R.Variants.end()
                ? "not run"
                : runStatusName(It->second.Status).str() +
                      (It->second.Message.empty() ? "" : ": " + It->second.Message);
        break;
      }
      M.Uniformized = It->second.Time;
      if (Out.Original && M.Uniformized->MedianMs > 0) {
        M.Slowdown = Out.Original->MedianMs / M.Uniformized->MedianMs;
        M.SlowdownNoise = std::hypot(medianUncertainty(*Out.Original),
                                     medianUncertainty(*M.Uniformized));
      }
      if (Original && Original->Status == RunStatus::Ok)
        M.OutputsDiffer = It->second.Checksums != Original->Checksums;
    }
    if (!M.UniformizedProblem.empty())
      B.Notes.push_back("counterfactual: " + M.UniformizedProblem);
    if (M.Slowdown && B.PredictedSlowdown) {
      if (*M.SlowdownNoise > Tol.Slowdown / 2) {
        B.SlowdownVerdict = Verdict::Inconclusive;
        B.Notes.push_back("timing noise " + fmt(100 * *M.SlowdownNoise, "%.0f") +
                          "% is over half the tolerance");
      } else {
        B.SlowdownVerdict = Judge(*B.PredictedSlowdown, *M.Slowdown, Tol.Slowdown);
      }
      if (B.SlowdownSource == "region")
        B.Notes.push_back("compared with the region's predicted slowdown (no kernel-level one)");
    }
    if (Assumed && (B.EfficiencyVerdict || B.SlowdownVerdict))
      B.Notes.push_back("predicted numbers assume how the lanes split (" +
                        extentName(*B.Predicted.Ext).str() + "); not judged");
    OutputsChanged += M.OutputsDiffer.value_or(false);

    // Overall.
    bool AnyRefuted = B.ClassVerdict == Verdict::Refuted ||
                      B.EfficiencyVerdict == Verdict::Refuted ||
                      B.SlowdownVerdict == Verdict::Refuted;
    if (AnyRefuted)
      B.Overall = Verdict::Refuted;
    else if (B.ClassVerdict == Verdict::Confirmed)
      B.Overall = Verdict::Confirmed;
    else
      B.Overall = Verdict::Inconclusive;
    Out.Branches.push_back(std::move(B));
  }
  if (OutputsChanged)
    Out.Notes.push_back(std::to_string(OutputsChanged) +
                        " uniformized variant(s) computed different outputs than the original "
                        "(expected: every lane follows the first lane's decision)");
  return Out;
}

} // namespace divlint::confirm
