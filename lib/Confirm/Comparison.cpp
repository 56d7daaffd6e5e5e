#include "divlint/Confirm/Comparison.h"

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

llvm::StringRef outputMatchName(OutputMatch M) {
  switch (M) {
  case OutputMatch::Identical: return "identical";
  case OutputMatch::WithinTolerance: return "within-tolerance";
  case OutputMatch::Differ: return "differ";
  case OutputMatch::Unknown: return "unknown";
  }
  return "unknown";
}

OutputMatch matchOutputs(const VariantResult &V, const VariantResult &Original, double Tolerance,
                         std::string *Why) {
  auto Unknown = [&](const std::string &Reason) {
    if (Why)
      *Why = Reason;
    return OutputMatch::Unknown;
  };
  if (V.Checksums.empty() || Original.Checksums.empty())
    return Unknown("no output checksums");
  if (V.Checksums == Original.Checksums)
    return OutputMatch::Identical;
  bool Missing = false;
  for (const auto &[Name, Sum] : Original.Checksums) {
    auto Same = V.Checksums.find(Name);
    if (Same != V.Checksums.end() && Same->second == Sum)
      continue;
    auto D = V.Compared.find(Name);
    if (D == V.Compared.end()) {
      Missing = true;
      continue;
    }
    // Integers must be equal; floating-point values may differ in rounding (contractions).
    if (D->second.Differing && (!D->second.Floating || D->second.MaxRel > Tolerance))
      return OutputMatch::Differ;
  }
  if (Missing)
    return Unknown(V.CompareError.empty() ? "checksums differ and the outputs were not compared "
                                            "element by element"
                                          : V.CompareError);
  return OutputMatch::WithinTolerance;
}

unsigned ConfirmOutcome::arrivedSplit() const {
  unsigned N = 0;
  for (const BranchComparison &B : Branches)
    N += B.ArrivedSplit;
  return N;
}

unsigned ConfirmOutcome::uniformDiverged() const {
  unsigned N = 0;
  for (const BranchComparison &B : Branches)
    N += B.Predicted.Class != Uniformity::LaneVarying && B.ClassVerdict == Verdict::Refuted;
  return N;
}

unsigned ConfirmOutcome::count(Verdict V) const {
  unsigned N = 0;
  for (const BranchComparison &B : Branches)
    N += B.Overall == V;
  return N;
}

std::optional<double> measuredEfficiency(const ProbeCounters &C, bool Switch, double CostTrue,
                                         double CostFalse, double CostShared, unsigned WarpSize) {
  if (C.Execs == 0)
    return std::nullopt;
  if (Switch) // each pass runs one case for the lanes with that value
    return C.Passes ? double(C.ActiveLanes) / (double(WarpSize) * C.Passes)
                    : std::optional<double>();
  double FalseLanes = double(C.ActiveLanes) - double(C.TrueLanes);
  double Useful = CostTrue * C.TrueLanes + CostFalse * FalseLanes + CostShared * C.ActiveLanes;
  double Time = double(WarpSize) * (CostTrue * C.AnyTrue + CostFalse * C.AnyFalse +
                                    CostShared * C.Execs);
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

std::optional<double> timedRemapSpeedup(double OriginalMs, double FloorMs, double KernelSlowdown,
                                        double RegionSlowdown, double PredictedSpeedup) {
  if (!(FloorMs > 0 && FloorMs < OriginalMs && KernelSlowdown > 1 && RegionSlowdown > 1 &&
        PredictedSpeedup > 1))
    return std::nullopt;
  double Region = (KernelSlowdown - 1) / (1 - 1 / RegionSlowdown);
  double Saved = KernelSlowdown * (1 - 1 / PredictedSpeedup);
  double Fixed = OriginalMs - (OriginalMs - FloorMs) * std::min(1.0, Saved / Region);
  return Fixed > 0 ? std::optional<double>(OriginalMs / Fixed) : std::nullopt;
}

/// Times and compares one fix-it variant of \p S.
static FixItMeasurement measureFixIt(const ProbeSite &S, const Variant &V, const RunResults &R,
                                     const VariantResult *Original,
                                     const VariantResult *Baseline, const VariantResult *Floor,
                                     const PredictedBranch *Pred, const Tolerances &Tol) {
  FixItMeasurement F;
  F.Variant = V.Name;
  if (V.FixIndex && *V.FixIndex < S.FixIts.size())
    F.Fix = S.FixIts[*V.FixIndex];
  auto It = R.Variants.find(V.Name);
  if (It == R.Variants.end() || It->second.Status != RunStatus::Ok || !It->second.Time) {
    F.Problem = It == R.Variants.end()
                    ? "not run"
                    : runStatusName(It->second.Status).str() +
                          (It->second.Message.empty() ? "" : ": " + It->second.Message);
    return F;
  }
  const VariantResult &Fixed = It->second;
  F.Time = Fixed.Time;
  if (Baseline && Baseline->Time && F.Time->MedianMs > 0) {
    F.Baseline = Baseline->Name;
    F.BaselineMs = Baseline->Time->MedianMs;
    F.Speedup = Baseline->Time->MedianMs / F.Time->MedianMs;
    F.SpeedupNoise = std::hypot(medianUncertainty(*Baseline->Time), medianUncertainty(*F.Time));
    if (Floor && Floor->Status == RunStatus::Ok && Floor->Time && Original &&
        Original->Status == RunStatus::Ok && Original->Time) {
      F.FloorMs = Floor->Time->MedianMs;
      if (F.Fix.PredictedSpeedup && Pred && Pred->RegroupedKernelSlowdown &&
          Pred->RegroupedSlowdown)
        F.TimedSpeedup = timedRemapSpeedup(Original->Time->MedianMs, *F.FloorMs,
                                           *Pred->RegroupedKernelSlowdown,
                                           *Pred->RegroupedSlowdown, *F.Fix.PredictedSpeedup);
    }
    if (std::optional<double> Judged = F.judgedSpeedup())
      F.SpeedupVerdict = *F.SpeedupNoise > Tol.Slowdown ? Verdict::Inconclusive
                         : withinRelative(*Judged, *F.Speedup, Tol.Slowdown)
                             ? Verdict::Confirmed
                             : Verdict::Refuted;
  }
  if (!Original || Original->Status != RunStatus::Ok) {
    F.Problem = "no original outputs to compare with";
    return F;
  }
  std::string Why;
  F.Outputs = matchOutputs(Fixed, *Original, Tol.Output, &Why);
  for (const auto &[Name, D] : Fixed.Compared) {
    F.DifferingElements += D.Differing;
    if (D.Differing)
      F.MaxRelDiff = std::max(F.MaxRelDiff.value_or(0), D.MaxRel);
  }
  if (!Fixed.Compared.empty() && !F.MaxRelDiff)
    F.MaxRelDiff = 0;
  if (F.Outputs == OutputMatch::Unknown)
    F.Problem = "outputs not compared: " + Why;
  return F;
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
  if (M.diverged() && !PredictedVarying && M.arrivedSplit()) {
    B.ClassVerdict = Verdict::Inconclusive;
    B.ArrivedSplit = true;
    B.Notes.push_back("lanes arrived split at a uniform test: diverged in " +
                      std::to_string(M.Divergent) + " of " + std::to_string(M.Executions) +
                      " warp evaluations, each time between lanes at different iterations of an "
                      "enclosing loop (independent thread scheduling); lanes at one iteration "
                      "always agreed");
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
  const VariantResult *Original = nullptr, *Probe = nullptr, *Unprobed = nullptr;
  for (const Variant &V : Plan.Variants) {
    auto It = R.Variants.find(V.Name);
    if (It == R.Variants.end())
      continue;
    const VariantResult &VR = It->second;
    if (V.Role == VariantRole::Original)
      Original = &VR;
    if (V.Role == VariantRole::Probe)
      Probe = &VR;
    if (V.Role == VariantRole::Unprobed)
      Unprobed = &VR;
    if (Out.Device.empty())
      Out.Device = VR.Device;
    // Counterfactuals and fix-its are reported on their branch, the unprobed baseline below.
    bool Essential = V.Role == VariantRole::Original || V.Role == VariantRole::Probe;
    if (VR.Status != RunStatus::Ok && Essential)
      Out.Problems.push_back(V.Name + ": " + runStatusName(VR.Status).str() +
                             (VR.Message.empty() ? "" : ": " + VR.Message));
  }
  bool OriginalOk = Original && Original->Status == RunStatus::Ok;
  // Fix-its are timed against the source as written (no probe code), else against the original.
  const VariantResult *FixItBaseline = nullptr;
  if (Unprobed && Unprobed->Status == RunStatus::Ok && Unprobed->Time) {
    FixItBaseline = Unprobed;
    if (OriginalOk && Original->Time && Unprobed->Time->MedianMs > 0)
      Out.Notes.push_back("the probed original (probes inert) ran in " +
                          fmt(Original->Time->MedianMs / Unprobed->Time->MedianMs, "%.3f") +
                          "x the time of the source as written (unprobed)");
    std::string Why;
    OutputMatch M = OriginalOk ? matchOutputs(*Unprobed, *Original, Tol.Output, &Why)
                               : OutputMatch::Unknown;
    if (M != OutputMatch::Identical && OriginalOk)
      Out.Notes.push_back("the unprobed source's outputs are " + outputMatchName(M).str() +
                          (Why.empty() ? "" : " (" + Why + ")") +
                          " compared with the probed original's");
  } else if (Unprobed) {
    Out.Notes.push_back("unprobed baseline: " + runStatusName(Unprobed->Status).str() +
                        (Unprobed->Message.empty() ? "" : ": " + Unprobed->Message) +
                        "; fix-its are timed against the probed original");
    if (OriginalOk && Original->Time)
      FixItBaseline = Original;
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
  } else if (ProbesReadable && Probe->Terminated) {
    Out.Notes.push_back("probe: " + Probe->Message);
  } else if (ProbesReadable && Probe->LastSnapshotFailed) {
    Out.Notes.push_back("probe counts are from the program's last synchronizing CUDA call (" +
                        std::to_string(Probe->SnapshotsOk.value_or(0)) +
                        " reads; the read at exit failed: " + Probe->SnapshotError + ")");
  }
  unsigned OutputsChanged = 0, FixItsChangedOutputs = 0;

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
          measuredEfficiency(C, S.Kind == ProbeKind::Switch, S.CostTrue, S.CostFalse, S.CostShared);
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
    const VariantResult *Floor = nullptr;
    for (const Variant &V : Plan.Variants)
      if (V.Role == VariantRole::Floor && V.ProbeId == S.Id)
        if (auto It = R.Variants.find(V.Name); It != R.Variants.end())
          Floor = &It->second;
    for (const Variant &V : Plan.Variants)
      if (V.Role == VariantRole::FixIt && V.ProbeId == S.Id)
        B.FixIts.push_back(measureFixIt(S, V, R, Original, FixItBaseline, Floor,
                                        S.prediction(Plan.Kernel), Tol));
    for (const FixItMeasurement &F : B.FixIts) {
      if (!F.Problem.empty())
        B.Notes.push_back(F.Variant + ": " + F.Problem);
      FixItsChangedOutputs += F.Outputs == OutputMatch::Differ;
    }
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
  if (FixItsChangedOutputs)
    Out.Problems.push_back(std::to_string(FixItsChangedOutputs) +
                           " fix-it variant(s) computed different outputs than the original "
                           "(beyond --output-tolerance): the fix-it does not keep the meaning");
  if (OutputsChanged)
    Out.Notes.push_back(std::to_string(OutputsChanged) +
                        " uniformized variant(s) computed different outputs than the original "
                        "(expected: every lane follows the first lane's decision)");
  return Out;
}

} // namespace divlint::confirm
