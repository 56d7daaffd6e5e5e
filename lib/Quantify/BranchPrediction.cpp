//===- BranchPrediction.cpp - efficiency and slowdown of a lane-varying branch ---===//
//
// DESIGN.md §2 and issue 15 turned into numbers: from the enumeration of a branch's condition
// (or, where data decides, its extent) and the cost of its arms, the region's SIMT efficiency,
// its slowdown over the same lanes regrouped into agreeing warps, and the kernel's slowdown
// from it. predict() runs in steps: how often the branch runs (the loops around it), the
// region's numbers at the costs cost() priced, notes on how the lanes were assumed to split,
// and the same numbers widened into ranges over the work cost() assumed.
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/CostModel.h"

#include "CostModelInternal.h"
#include "divlint/Quantify/OperationCosts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <cmath>

using namespace clang;

namespace divlint {

using namespace costmodel;

namespace costmodel {
/// One branch as predict() sees it: where it is, what its enumeration says, the lanes that
/// reach it, its switch's targets, the loop whose trips the lanes decide (if any).
struct BranchContext {
  const FunctionDecl *FD;
  const Stmt *Terminator;
  const Expr *Condition;
  const EnumerationResult &R;
  unsigned WarpSize;
  /// The enclosing lane-varying sides (enclosingArms).
  const EnclosingArms &Around;
  /// Active lanes: those that reach the branch (a warp of a 16-thread block has 16, a guard
  /// `lane < 8` leaves 8).
  double Lanes = 0;
  const SwitchStmt *Switch = nullptr;
  std::optional<SwitchTargets> Targets;
  /// The condition of a loop whose trip count the lanes decide, enumerated to the end: how
  /// often a warp tests it, and the loop's cost at the lanes' mean trip count, come from them.
  const Stmt *LaneCountedLoop = nullptr;
};
} // namespace costmodel

double warpEfficiency(double T, double A, double CostTrue, double CostFalse, unsigned WarpSize) {
  double Time = (T > 0 ? CostTrue : 0) + (T < A ? CostFalse : 0);
  if (Time <= 0 || WarpSize == 0)
    return 1;
  return (T * CostTrue + (A - T) * CostFalse) / (WarpSize * Time);
}

namespace {

/// Time of a diverging warp evaluation, its useful lane work (in warp-time units), and its time
/// were it to follow its first active lane.
struct Split {
  double Diverging, Useful, Uniformized;
};

/// A warp with \p T of its \p Active lanes true, whose first lane says true with frequency \p F.
Split divergingWarp(const BranchContext &B, const ArmCosts &A, double T, double Active,
                    double F) {
  if (B.Switch) {
    // k passes of the mean case, k the case targets of the warp's lanes; a pass costs at
    // least its jump (empty cases).
    double K = meanSwitchPasses(B.R, B.Targets)
                   .value_or(std::min<double>(B.Targets ? B.Targets->Count : A.Ways, Active));
    double Case = std::max(A.True, 1.0);
    return {K * Case, Case * Active / B.WarpSize, Case};
  }
  double Time = (T > 0 ? A.True : 0) + (T < Active ? A.False : 0);
  return {Time, warpEfficiency(T, Active, A.True, A.False, B.WarpSize) * Time,
          F * A.True + (1 - F) * A.False};
}

/// The kernel's slowdown from \p Lost units per run of the region, in a function that costs
/// \p Kernel per call and runs the region \p Frequency times.
double kernelwide(double Kernel, double Frequency, double Lost) {
  return Kernel > 0 && Lost > 0 ? (Kernel + Frequency * Lost) / Kernel : 1.0;
}

/// The numbers of a branch whose lanes the enumeration counted: each a point. Per warp
/// evaluation: how often it diverges (D), how many of its active lanes are true when it does
/// (T of A), how often its first active lane says true (f: the arm the first-lane
/// counterfactual takes), and how often a warp that does not diverge takes the true arm (q).
/// Active lanes are those that reach the branch (UA in warps that do not diverge). Corrects
/// \p Kernel where the lanes say how an if really splits.
void enumeratedNumbers(const BranchContext &B, const ArmCosts &A, double &Kernel,
                       Prediction &P) {
  const EnumerationResult &R = B.R;
  const unsigned WarpSize = B.WarpSize;
  unsigned Evaluations = R.DivergentEvaluations + R.UniformEvaluations;
  double D = double(R.DivergentEvaluations) / Evaluations;
  double Active = B.Lanes, T = 0, F = 0, Q = 0;
  if (R.DivergentEvaluations) {
    Active = R.MeanDivergentActiveLanes.value_or(WarpSize);
    T = R.MeanDivergentTrueLanes.value_or(0.5 * Active);
    F = double(R.FirstLaneTrueEvaluations) / R.DivergentEvaluations;
  }
  double UniformActive =
      R.UniformEvaluations ? R.MeanUniformActiveLanes.value_or(WarpSize) : Active;
  if (R.UniformEvaluations)
    Q = double(R.UniformTrueEvaluations) / R.UniformEvaluations;
  Split S = divergingWarp(B, A, T, Active, F);
  double NonDiverging = B.Switch ? std::max(A.True, 1.0) : Q * A.True + (1 - Q) * A.False;
  double Divergent = D * S.Diverging + (1 - D) * NonDiverging;
  double Useful = D * S.Useful + (1 - D) * NonDiverging * UniformActive / WarpSize;
  double FirstLane = D * S.Uniformized + (1 - D) * NonDiverging;
  // Regrouped: the same lanes packed into warps that agree, in whole warps (one true lane
  // still costs a warp pass). A switch: its k passes shrink to one per warp of lanes.
  double Regrouped = Divergent;
  double Passes = R.TruePasses * A.True + R.FalsePasses * A.False;
  if (B.Switch) {
    double Occupancy = (D * Active + (1 - D) * UniformActive) / WarpSize;
    Regrouped = Occupancy > 0 ? Useful / Occupancy : Divergent;
  } else if (Passes > 0) {
    Regrouped = Divergent *
                (R.RegroupedTruePasses * A.True + R.RegroupedFalsePasses * A.False) / Passes;
  }
  // The work both sides share runs once, with every lane that reaches the branch.
  Divergent += A.Shared;
  Regrouped += A.Shared;
  FirstLane += A.Shared;
  Useful += A.Shared * (D * Active + (1 - D) * UniformActive) / WarpSize;
  // functionCost priced an if at the mean of its arms; the lanes say how they really split
  // (a quarter on the long arm costs less than half): the function's cost with the branch at
  // its regrouped time is the base the lost time is measured against.
  //
  // Nested in the sides of lane-varying ifs (Around), the branch runs AsRun times per their
  // warp evaluations, whose times already count it at its mean; regrouped, Regrouped times.
  // Its own lost time is what that adds as run, f (Divergent - Mean), less what it adds
  // regrouped, f Regrouped - r Mean (f = r = 1 at the top level: Divergent - Regrouped).
  double Mean = 0.5 * (A.True + A.False) + A.Shared;
  double Fa = B.Around.AsRun, Fr = B.Around.Regrouped;
  bool WholeIf = isa_and_nonnull<IfStmt>(B.Terminator) && B.Condition &&
                 B.Condition->IgnoreParenImpCasts() ==
                     cast<IfStmt>(B.Terminator)->getCond()->IgnoreParenImpCasts();
  if (WholeIf && Kernel > 0)
    Kernel = std::max(1.0, Kernel + P.Frequency * (Fa * Regrouped - Fr * Mean));
  double Lost = Divergent - Regrouped;
  if (WholeIf)
    Lost = Fa * (Divergent - Regrouped) + (Fr - Fa) * Mean;
  if (Divergent > 0) {
    double Eff = Useful / Divergent;
    P.Efficiency = {Eff, Eff};
    double Slow = Regrouped > 0 ? std::max(1.0, Divergent / Regrouped) : 1;
    P.RegionSlowdown = {Slow, Slow};
    double KSlow = kernelwide(Kernel, P.Frequency, Lost);
    P.KernelSlowdown = {KSlow, KSlow};
    P.FirstLaneSlowdown = FirstLane > 0 ? Divergent / FirstLane : 1;
    P.FirstLaneKernelSlowdown = kernelwide(Kernel, P.Frequency, Divergent - FirstLane);
    P.AsRun = P.Best = {Divergent, Useful, Regrouped};
  }
}

/// The numbers of a branch where data decides how lanes split: ranges from the best case, no
/// warp splitting, to the split that costs most (efficiency is linear in the true lanes, so one
/// lane on either side). A tail splits at most one warp of the block (of TotalWarps, when the
/// shape says).
void dataDecidedNumbers(const BranchContext &B, const ArmCosts &A, double Kernel,
                        Prediction &P) {
  const EnumerationResult &R = B.R;
  const unsigned WarpSize = B.WarpSize;
  const double Lanes = B.Lanes;
  double Worst = 1, WorstTime = 0, WorstUseful = 0;
  for (double T : {1.0, Lanes - 1}) {
    if (T <= 0 || T >= Lanes)
      continue;
    Split S = divergingWarp(B, A, T, Lanes, 0);
    if (S.Diverging > 0 && S.Useful / S.Diverging <= Worst) {
      Worst = S.Useful / S.Diverging;
      WorstTime = S.Diverging;
      WorstUseful = S.Useful;
    }
  }
  double W = std::max(1u, R.Shape.warps(WarpSize)); // warps of the block
  bool Tail = R.Ext == Extent::Tail;
  if (WorstTime <= 0)
    return;
  // A tail splits at most one warp of a 1-D block; the others agree (time Typical). In a
  // 2-D or 3-D block a bound on x crosses every row, so every warp may split.
  bool OneDimensional = R.Shape.Y == 1 && R.Shape.Z == 1;
  double Share = Tail && OneDimensional ? 1 / W : 1;
  double Typical = B.Switch ? std::max(A.True, 1.0) : std::max(A.True, A.False);
  double Time = Share * WorstTime + (1 - Share) * Typical + A.Shared;
  double Useful = Share * WorstUseful + (1 - Share) * Typical * Lanes / WarpSize +
                  A.Shared * Lanes / WarpSize;
  P.Efficiency = {Useful / Time, Lanes / WarpSize};
  // Lost time: a tail's one split warp cannot be regrouped away (its lanes fill at most one
  // partial warp either way): none. Data: every warp splits t / (a - t), against the same
  // lanes regrouped, ceil(t W / 32) true and ceil((a - t) W / 32) false passes.
  double WorstSlow = 1;
  if (!Tail && !B.Switch)
    for (double T : {1.0, Lanes - 1}) {
      double Actual = W * ((T > 0 ? A.True : 0) + (T < Lanes ? A.False : 0) + A.Shared);
      double Regrouped = std::ceil(T * W / WarpSize) * A.True +
                         std::ceil((Lanes - T) * W / WarpSize) * A.False + W * A.Shared;
      if (Regrouped > 0)
        WorstSlow = std::max(WorstSlow, Actual / Regrouped);
    }
  else if (B.Switch)
    WorstSlow = Time / (Useful * WarpSize / Lanes);
  P.RegionSlowdown = {1, WorstSlow};
  P.KernelSlowdown = {1, kernelwide(Kernel, P.Frequency, Time - Time / WorstSlow)};
  // Worst: the split above against its regrouped time; best: no warp splits (the
  // regrouped time, every lane that reaches the branch busy).
  double Base = Time / WorstSlow;
  P.AsRun = {Time, Useful, Base};
  P.Best = {Base, Base * Lanes / WarpSize, Base};
}

/// How the lanes were assumed to split where the enumeration did not count them.
void noteSplitAssumptions(const EnumerationResult &R, Prediction &P) {
  if (R.Enumerated && R.DivergentEvaluations + R.UniformEvaluations)
    return;
  if (R.Ext == Extent::Tail && (R.Shape.Y > 1 || R.Shape.Z > 1))
    P.Assumptions.push_back("tail: in a " + R.Shape.str() +
                            " block every warp may split (a bound on x crosses every row); "
                            "best case none");
  else if (R.Ext == Extent::Tail)
    P.Assumptions.push_back(
        R.TotalWarps ? "tail: at most one of the block's " + std::to_string(*R.TotalWarps) +
                           " warps splits; best case none"
                     : "tail: at most one warp of the block splits; best case none");
  else
    P.Assumptions.push_back("data-dependent: from no warp splitting (best) to every warp "
                            "splitting at its most expensive (worst)");
}

/// Arms \p A with only the work cost() assumed in them (over the \p Known pricing), one side at
/// a time (a switch's cases together: they share one mean); none where nothing was assumed.
std::vector<ArmCosts> assumedWorkAlone(const ArmCosts &A, const ArmCosts &Known, bool Switch) {
  constexpr double Epsilon = 1e-9;
  std::vector<ArmCosts> Alone;
  ArmCosts Nothing = A;
  Nothing.True = Nothing.False = Nothing.Shared = 0;
  if (Switch && A.True - Known.True > Epsilon) {
    Alone.push_back(Nothing);
    Alone.back().True = Alone.back().False = A.True - Known.True;
  } else if (!Switch) {
    for (double ArmCosts::*Side : {&ArmCosts::True, &ArmCosts::False, &ArmCosts::Shared})
      if (A.*Side - Known.*Side > Epsilon) {
        Alone.push_back(Nothing);
        Alone.back().*Side = A.*Side - Known.*Side;
      }
  }
  return Alone;
}

} // namespace

const Stmt *CostModel::loopsAround(const BranchContext &B, Prediction &P) {
  // How often the branch runs per thread: the trip counts of the loops around it (a loop
  // condition runs once per iteration of its own loop too).
  std::vector<const Stmt *> Loops = enclosingLoops(
      B.Condition ? static_cast<const Stmt *>(B.Condition) : B.Terminator, B.FD);
  P.LoopDepth = static_cast<unsigned>(Loops.size());
  const EnumerationResult &R = B.R;
  const Stmt *LaneCountedLoop = nullptr;
  if (R.MeanLaneTrips && R.EvaluationsPerWarp && Loops.size() == 1 &&
      Loops.front() == B.Terminator && !tripCount(B.Terminator))
    LaneCountedLoop = B.Terminator;
  bool UnknownTrips = false;
  for (const Stmt *L : Loops) {
    auto Trips = tripCount(L);
    if (L == LaneCountedLoop) {
      P.Frequency *= *R.EvaluationsPerWarp;
      continue;
    }
    UnknownTrips |= !Trips;
    P.Frequency *= Trips.value_or(DefaultTripCount);
  }
  P.TripsAssumed = UnknownTrips;
  return LaneCountedLoop;
}

bool CostModel::regionNumbers(const BranchContext &B, const ArmCosts &A, double Kernel,
                              Prediction &P) {
  P.AsRun = P.Best = {};
  const double PricedKernel = Kernel; // before the corrections below
  if (B.LaneCountedLoop && Kernel > 0) // functionCost priced it at the default trip count
    Kernel = std::max(1.0, Kernel + (*B.R.MeanLaneTrips - assumedTrips()) *
                                        iterationCost(B.LaneCountedLoop));
  if (B.R.Enumerated && B.R.DivergentEvaluations + B.R.UniformEvaluations)
    enumeratedNumbers(B, A, Kernel, P);
  else
    dataDecidedNumbers(B, A, Kernel, P);
  P.FunctionCostDelta = Kernel - PricedKernel;
  return P.AsRun.Issued > 0;
}

Prediction CostModel::predict(const FunctionDecl *FD, const Stmt *Terminator,
                              const Expr *Condition, const EnumerationResult &R,
                              unsigned WarpSize, const EnclosingArms &Around) {
  Prediction P;
  ArmCosts A = arms(Terminator, Condition, FD);
  P.Arms = A;
  BranchContext B{FD, Terminator, Condition, R, WarpSize, Around};
  B.LaneCountedLoop = loopsAround(B, P);
  B.Lanes = std::min<double>(WarpSize, R.LanesPerWarp.value_or(WarpSize));
  B.Switch = dyn_cast_or_null<SwitchStmt>(Terminator);
  if (B.Switch)
    B.Targets = switchTargets(B.Switch, Ctx);
  regionNumbers(B, A, FD ? functionCost(FD) : 0, P);
  // A loop's first-lane counterfactual runs each warp for its first lane's trip count, which the
  // per-evaluation model above does not price (a loop of `tid % 8` trips: 3.00x predicted, 103x
  // measured, lane 0 running none): no number rather than a wrong one.
  if (Terminator && isLoop(Terminator)) {
    P.FirstLaneSlowdown.reset();
    P.FirstLaneKernelSlowdown.reset();
  }
  P.PricedKernelSlowdown = P.KernelSlowdown;
  noteSplitAssumptions(R, P);
  return widenOverAssumedWork(B, A, P);
}

Prediction CostModel::widenOverAssumedWork(const BranchContext &B, const ArmCosts &A,
                                           Prediction &P) {
  const FunctionDecl *FD = B.FD;
  const Stmt *Terminator = B.Terminator;
  const Expr *Condition = B.Condition;
  // Work whose cost cost() assumed (loops of unknown trip count, calls it cannot see into). Its
  // real cost is any x >= 0 per arm (and in the rest of the function), and every number above
  // is a ratio of sums linear in those costs: it lies between its value with none of that work
  // (knownOnly) and its value with that work alone, arm by arm (the mediant of the two).
  ArmCosts Known = knownOnly([&] { return arms(Terminator, Condition, FD); });
  P.KnownAsRun = P.AsRun;
  P.KnownBest = P.Best;
  P.KnownFunctionCostDelta = P.FunctionCostDelta;
  P.KnownArms = A;
  constexpr double Epsilon = 1e-9;
  std::vector<ArmCosts> Alone = assumedWorkAlone(A, Known, B.Switch);
  bool ArmsAssumed = !Alone.empty();
  const Stmt *Body = FD ? FD->getBody() : nullptr;
  bool BodyAssumed = Body && cost(Body) - knownCost(Body) > Epsilon;
  std::vector<std::string> Sites = ArmsAssumed || BodyAssumed
                                       ? unpricedWork(Body ? Body : Terminator, FD)
                                       : std::vector<std::string>{};
  // The loop whose trips the lanes decide is priced at their mean trip count (regionNumbers),
  // not at the assumed one: nothing about it is assumed.
  if (B.LaneCountedLoop)
    llvm::erase(Sites, assumedTripsSite(B.LaneCountedLoop, nullptr));
  if (Sites.empty()) {
    if (P.TripsAssumed) { // a loop around it that unpricedWork does not see (a lambda's)
      P.KernelSlowdown.widen({1, 1});
      P.KernelSlowdown.widen(P.RegionSlowdown);
      P.Assumptions.push_back("loops of unknown trip count around it (the kernel slowdown is a "
                              "range over their trips)");
    }
    return finishPrediction(P, A, Terminator);
  }
  Prediction Full = P;
  Prediction WithKnown = P;
  bool KnownRuns = knownOnly([&] {
    return regionNumbers(B, Known, FD ? functionCost(FD) : 0, WithKnown);
  });
  P.KnownArms = Known;
  // Arms that cost nothing without the assumed work: no region at all.
  P.KnownAsRun = KnownRuns ? WithKnown.AsRun : Prediction::RegionTime{};
  P.KnownBest = KnownRuns ? WithKnown.Best : Prediction::RegionTime{};
  P.KnownFunctionCostDelta = WithKnown.FunctionCostDelta;
  if (KnownRuns) {
    P.Efficiency.widen(WithKnown.Efficiency);
    P.RegionSlowdown.widen(WithKnown.RegionSlowdown);
    P.KernelSlowdown.widen(WithKnown.KernelSlowdown);
  }
  for (const ArmCosts &One : Alone) {
    Prediction Limit = Full;
    if (!regionNumbers(B, One, 0, Limit))
      continue;
    P.Efficiency.widen(Limit.Efficiency);
    P.RegionSlowdown.widen(Limit.RegionSlowdown);
    // The branch's work outgrowing the rest of the function: its own slowdown.
    P.KernelSlowdown.widen(Limit.RegionSlowdown);
    if (!P.UnpricedLimit)
      P.UnpricedLimit = Limit.Efficiency;
    else
      P.UnpricedLimit->widen(Limit.Efficiency);
  }
  // Assumed work elsewhere in the function, or an unknown number of trips around the branch:
  // from the branch's lost time outweighing all else (its own slowdown) to none of it.
  bool RestAssumed = BodyAssumed && !ArmsAssumed;
  if (!RestAssumed && ArmsAssumed) {
    std::vector<std::string> InArms;
    for (const Stmt *Arm : armParts(Terminator, Condition, FD))
      for (std::string &Site : unpricedWork(Arm, FD))
        InArms.push_back(std::move(Site));
    for (const std::string &Site : Sites)
      if (std::find(InArms.begin(), InArms.end(), Site) == InArms.end())
        RestAssumed = true;
  }
  if (RestAssumed || P.TripsAssumed) {
    P.KernelSlowdown.widen({1, 1});
    if (P.TripsAssumed)
      P.KernelSlowdown.widen(P.RegionSlowdown);
  }
  P.AssumedCosts = Sites;
  P.Assumptions.push_back(
      llvm::join(Sites.begin(), Sites.begin() + std::min<size_t>(4, Sites.size()), "; ") +
      (Sites.size() > 4 ? "; and " + std::to_string(Sites.size() - 4) + " more" : "") +
      " where the code does not say (the numbers that depend on it are ranges over any cost)");
  // Whatever the assumed work costs, the kernel's slowdown from a top-level branch stays under
  // the region's own: the function's cost holds the region's regrouped time, and a ratio of sums
  // is at most its largest ratio. The known-only pricing above pairs the function without the
  // assumed trips with the branch's frequency at them, which can pass it (88.5x for a 3.92x
  // region in a loop of unknown trip count).
  if (B.Around.AsRun == 1 && B.Around.Regrouped == 1) {
    P.KernelSlowdown.High =
        std::min(P.KernelSlowdown.High, std::max(1.0, P.RegionSlowdown.High));
    P.KernelSlowdown.Low = std::min(P.KernelSlowdown.Low, P.KernelSlowdown.High);
  }
  return finishPrediction(P, A, Terminator);
}

std::optional<Prediction> CostModel::predictSlowPath(const FunctionDecl *FD, const Expr *Site,
                                                    unsigned WarpSize) {
  std::optional<double> Slow = slowPathCost(Site, Ctx);
  if (!Slow || !WarpSize)
    return std::nullopt;
  Prediction P;
  for (const Stmt *L : enclosingLoops(Site, FD)) {
    std::optional<double> Trips = tripCount(L);
    P.TripsAssumed |= !Trips;
    P.Frequency *= Trips.value_or(DefaultTripCount);
  }
  P.AsRun = {*Slow, *Slow / WarpSize, 0};
  P.Efficiency = {1.0 / WarpSize, 1};
  return P;
}

Prediction CostModel::finishPrediction(Prediction &P, const ArmCosts &A,
                                       const Stmt *Terminator) {
  P.LikelyPredicated = A.SideEffectFree && A.Ways == 2 &&
                       (isa<IfStmt>(Terminator) || isa<AbstractConditionalOperator>(Terminator)) &&
                       A.True <= PredicationMaxArmCost && A.False <= PredicationMaxArmCost;
  return P;
}

} // namespace divlint
