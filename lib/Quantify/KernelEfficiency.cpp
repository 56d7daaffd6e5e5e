#include "divlint/Quantify/KernelEfficiency.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace divlint {

namespace {
constexpr unsigned MaxCallDepth = 4;

/// efficiency = work / issued for one block shape (o), with every undecided region at its
/// worst split (\p Worst) or at no warp splitting; regions of unknown frequency left out (their
/// priced time leaves the rest too), see the header.
double efficiencyOf(double KernelCost, double AssumedTripCost,
                    const std::vector<KernelRegion> &Regions, double O, bool Worst) {
  double C = KernelCost;
  for (const KernelRegion &R : Regions)
    C += R.FunctionCostDelta;
  double Rest = C, Issued = 0, Work = 0;
  for (const KernelRegion &R : Regions) {
    const Prediction::RegionTime &T = Worst ? R.AsRun : R.Best;
    Rest -= R.Evaluations * T.Regrouped; // what C counts for the region
    if (R.TripsAssumed) {
      AssumedTripCost -= R.Evaluations * T.Regrouped; // counted by the region's own bound
      continue;
    }
    Issued += R.Evaluations * T.Issued;
    Work += R.Evaluations * T.Useful;
  }
  // The uniform work of loops of unknown trip count: none of it (the other end of the range
  // is its own efficiency, O).
  Rest = std::max(0.0, Rest - std::max(0.0, AssumedTripCost));
  Issued += Rest;
  Work += O * Rest;
  return Issued > 0 ? std::clamp(Work / Issued, 0.0, 1.0) : O;
}
} // namespace

double blockLaneOccupancy(const BlockShape &Shape, unsigned WarpSize) {
  unsigned Warps = Shape.warps(WarpSize);
  if (!Warps || !WarpSize)
    return 1;
  return double(Shape.threads()) / (double(WarpSize) * Warps);
}

KernelEfficiency kernelEfficiency(double KernelCost, const std::vector<KernelRegion> &Regions,
                                  const std::vector<BlockShape> &Shapes, unsigned WarpSize,
                                  double AssumedTripCost) {
  KernelEfficiency K;
  bool First = true;
  // Work in loops of unknown trip count outside the lane-varying regions: its share of the
  // kernel's time is unknown, so the kernel's efficiency lies between the rest's (none of it)
  // and its own (all of it).
  bool UnknownShare = false;
  {
    double InRegions = 0;
    for (const KernelRegion &R : Regions)
      if (R.TripsAssumed)
        InRegions += R.Evaluations * R.AsRun.Regrouped;
    UnknownShare = AssumedTripCost - InRegions > 1e-9;
  }
  for (const BlockShape &Shape : Shapes) {
    double O = blockLaneOccupancy(Shape, WarpSize);
    double A = efficiencyOf(KernelCost, AssumedTripCost, Regions, O, /*Worst=*/true);
    double B = efficiencyOf(KernelCost, AssumedTripCost, Regions, O, /*Worst=*/false);
    double Low = std::min(A, B), High = std::max(A, B);
    if (UnknownShare) {
      Low = std::min(Low, O);
      High = std::max(High, O);
    }
    // A region whose frequency is unknown: the kernel's efficiency is a mediant of the rest's
    // and the region's own, so it lies between them.
    for (const KernelRegion &R : Regions) {
      if (!R.TripsAssumed)
        continue;
      if (R.AsRun.Issued > 0)
        Low = std::min(Low, R.AsRun.Useful / R.AsRun.Issued);
      if (R.Best.Issued > 0)
        High = std::max(High, R.Best.Useful / R.Best.Issued);
    }
    K.Efficiency.Low = First ? Low : std::min(K.Efficiency.Low, Low);
    K.Efficiency.High = First ? High : std::max(K.Efficiency.High, High);
    First = false;
  }
  if (Shapes.empty())
    K.Efficiency = {1, 1};
  for (const KernelRegion &R : Regions) {
    if (!R.Decided)
      K.RangeReasons.push_back(R.Where + ": " + R.WhyUndecided +
                               " (low: its worst split, high: no warp splits)");
    if (R.TripsAssumed)
      K.RangeReasons.push_back(R.Where +
                               ": a loop around it has no constant trip count (the range runs "
                               "to the region's own efficiency and to the rest of the kernel's)");
  }
  if (UnknownShare && K.Efficiency.Low != K.Efficiency.High)
    K.RangeReasons.push_back("loops of unknown trip count outside the lane-varying branches (the "
                             "range runs from none of their work to all of it)");
  if (Shapes.size() > 1) {
    std::string Names;
    for (const BlockShape &S : Shapes)
      Names += (Names.empty() ? "" : ", ") + S.str();
    K.RangeReasons.push_back("several block shapes (" + Names + ")");
  }
  return K;
}

namespace {
struct CallWalker {
  CostModel &Costs;
  std::map<const FunctionDecl *, double> &Calls;
  std::map<const FunctionDecl *, bool> &Assumed;
  std::set<const FunctionDecl *> OnStack;
  double AssumedTripCost = 0;

  void walk(const Stmt *S, double Mult, bool TripsAssumed, unsigned Depth) {
    if (!S)
      return;
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S)) {
      std::optional<double> Trips = Costs.tripCount(S);
      if (!Trips && !TripsAssumed)
        AssumedTripCost += Mult * Costs.cost(S); // the outermost such loop holds the rest
      Mult *= Trips.value_or(DefaultTripCount);
      TripsAssumed |= !Trips;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = CE->getDirectCallee())
        if (const FunctionDecl *Def = Callee->getDefinition();
            Def && Def->hasBody() && Depth < MaxCallDepth) {
          const FunctionDecl *Key = Def->getCanonicalDecl();
          Calls[Key] += Mult;
          Assumed[Key] = Assumed[Key] || TripsAssumed;
          if (OnStack.insert(Key).second) {
            walk(Def->getBody(), Mult, TripsAssumed, Depth + 1);
            OnStack.erase(Key);
          }
        }
    for (const Stmt *Child : S->children())
      walk(Child, Mult, TripsAssumed, Depth);
  }
};
} // namespace

std::map<const FunctionDecl *, double>
callsPerThread(CostModel &Costs, const FunctionDecl *Kernel,
               std::map<const FunctionDecl *, bool> &TripsAssumed, double *AssumedTripCost) {
  std::map<const FunctionDecl *, double> Calls;
  if (!Kernel)
    return Calls;
  const FunctionDecl *Key = Kernel->getCanonicalDecl();
  Calls[Key] = 1;
  TripsAssumed[Key] = false;
  CallWalker W{Costs, Calls, TripsAssumed, {Key}};
  W.walk(Kernel->getBody(), 1, false, 0);
  if (AssumedTripCost)
    *AssumedTripCost = W.AssumedTripCost;
  return Calls;
}

} // namespace divlint
