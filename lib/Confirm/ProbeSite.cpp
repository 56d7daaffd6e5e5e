#include "divlint/Confirm/ProbeSite.h"

namespace divlint::confirm {

PredictedBranch predictionFromFinding(const Finding &F) {
  PredictedBranch P;
  P.Kernel = F.Kernel;
  P.Function = F.Function;
  P.Class = F.Class;
  P.Ext = F.Ext;
  P.DivergentWarps = F.DivergentWarps;
  P.TotalWarps = F.TotalWarps;
  P.TrueLanes = F.TrueLanes;
  P.ActiveLanes = F.ActiveLanes;
  P.Efficiency = F.PredictedEfficiency;
  // confirm times the first-lane counterfactual: compare it with the same question.
  P.Slowdown = F.PredictedFirstLaneSlowdown;
  P.KernelSlowdown = F.PredictedFirstLaneKernelSlowdown;
  P.RegroupedSlowdown = F.PredictedSlowdown;
  P.RegroupedKernelSlowdown = F.PredictedKernelSlowdown;
  P.LikelyPredicated = F.LikelyPredicated;
  P.BlockShape = F.BlockShapeText;
  P.Assumptions = F.Assumptions;
  return P;
}

const PredictedBranch *ProbeSite::prediction(const std::string &Kernel) const {
  const PredictedBranch *Best = nullptr;
  for (const PredictedBranch &P : Predictions) {
    if (!Kernel.empty() && P.Kernel == Kernel)
      return &P;
    if (!Best || P.Class > Best->Class)
      Best = &P;
  }
  return Best;
}

} // namespace divlint::confirm
