#include "divlint/Quantify/KernelEfficiency.h"

#include "CostModelInternal.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace divlint {

namespace {
constexpr unsigned MaxCallDepth = 4;

/// efficiency = work / issued for one block shape (o), with every undecided region at its
/// worst split (\p Worst) or at no warp splitting, and every cost as divlint priced it
/// (\p Known false) or with nothing assumed (true: regions in loops of unknown trip count run
/// none). See the header.
double efficiencyOf(const KernelCost &Cost, const std::vector<KernelRegion> &Regions, double O,
                    bool Worst, bool Known) {
  double C = Known ? Cost.Known.value_or(Cost.Priced) : Cost.Priced;
  for (const KernelRegion &R : Regions)
    if (!(Known && R.TripsAssumed))
      C += Known ? R.KnownFunctionCostDelta.value_or(R.FunctionCostDelta) : R.FunctionCostDelta;
  double Rest = C, Issued = 0, Work = 0;
  for (const KernelRegion &R : Regions) {
    if (Known && R.TripsAssumed)
      continue;
    const Prediction::RegionTime &T =
        Known ? (Worst ? *R.KnownAsRun : *R.KnownBest) : (Worst ? R.AsRun : R.Best);
    Rest -= R.Evaluations * T.Regrouped; // what C counts for the region
    Issued += R.Evaluations * T.Issued;
    Work += R.Evaluations * T.Useful;
  }
  Rest = std::max(0.0, Rest);
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

KernelEfficiency kernelEfficiency(const KernelCost &Cost, const std::vector<KernelRegion> &Given,
                                  const std::vector<BlockShape> &Shapes, unsigned WarpSize) {
  constexpr double Epsilon = 1e-9;
  std::vector<KernelRegion> Regions = Given;
  for (KernelRegion &R : Regions) {
    if (!R.KnownAsRun)
      R.KnownAsRun = R.AsRun;
    if (!R.KnownBest)
      R.KnownBest = R.Best;
  }
  // Assumed work outside the regions' sides (loops of unknown trip count, calls divlint cannot
  // see into): what the kernel's assumed cost holds beyond what the regions account for.
  double Outside = Cost.Priced - Cost.Known.value_or(Cost.Priced);
  for (const KernelRegion &R : Regions) {
    Outside += R.FunctionCostDelta - R.KnownFunctionCostDelta.value_or(R.FunctionCostDelta);
    Outside -= R.TripsAssumed ? R.Evaluations * R.AsRun.Regrouped
                              : R.Evaluations * (R.AsRun.Regrouped - R.KnownAsRun->Regrouped);
  }
  bool UnknownShare = Outside > Epsilon;
  bool Opaque = !Cost.OpaqueCalls.empty();
  KernelEfficiency K;
  bool First = true;
  for (const BlockShape &Shape : Shapes) {
    double O = blockLaneOccupancy(Shape, WarpSize);
    double Low = 1, High = 0;
    auto Widen = [&](double V) {
      Low = std::min(Low, V);
      High = std::max(High, V);
    };
    for (bool Known : {false, true})
      for (bool Worst : {true, false})
        Widen(efficiencyOf(Cost, Regions, O, Worst, Known));
    if (UnknownShare)
      Widen(O);
    if (Opaque) {
      Widen(1.0 / WarpSize);
      Widen(1);
    }
    for (const KernelRegion &R : Regions) {
      if (R.TripsAssumed) {
        // A region whose frequency is unknown: a mediant of the rest's and the region's own.
        if (R.AsRun.Issued > 0)
          Widen(R.AsRun.Useful / R.AsRun.Issued);
        if (R.Best.Issued > 0)
          Widen(R.Best.Useful / R.Best.Issued);
      }
      if (R.UnpricedLimit) {
        Widen(R.UnpricedLimit->Low);
        Widen(R.UnpricedLimit->High);
      }
    }
    K.Efficiency.Low = First ? Low : std::min(K.Efficiency.Low, Low);
    K.Efficiency.High = First ? High : std::max(K.Efficiency.High, High);
    First = false;
  }
  if (Shapes.empty())
    K.Efficiency = {1, 1};
  if (K.Efficiency.High - K.Efficiency.Low < Epsilon)
    K.Efficiency.High = K.Efficiency.Low; // decided: a point, whatever was assumed
  bool Range = !K.Efficiency.point();
  for (const KernelRegion &R : Regions) {
    if (!R.Decided)
      K.RangeReasons.push_back(R.Where + ": " + R.WhyUndecided +
                               " (low: its worst split, high: no warp splits)");
    if (R.TripsAssumed && Range)
      K.RangeReasons.push_back(R.Where +
                               ": a loop around it has no constant trip count (the range runs "
                               "to the region's own efficiency and to the rest of the kernel's)");
    if (R.UnpricedLimit && Range)
      K.RangeReasons.push_back(R.Where + ": its sides hold work whose cost divlint assumed (the "
                               "range runs to the region's own efficiency as that work grows)");
  }
  if (UnknownShare && Range)
    K.RangeReasons.push_back("loops of unknown trip count outside the lane-varying branches (the "
                             "range runs from none of their work to all of it)");
  if (Opaque)
    K.RangeReasons.push_back("calls divlint cannot see into, whose work and divergence are "
                             "unknown (from one lane at a time to every lane): " +
                             Cost.OpaqueCalls.front() +
                             (Cost.OpaqueCalls.size() > 1
                                  ? " and " + std::to_string(Cost.OpaqueCalls.size() - 1) + " more"
                                  : ""));
  if (Shapes.size() > 1) {
    std::string Names;
    for (const BlockShape &S : Shapes)
      Names += (Names.empty() ? "" : ", ") + S.str();
    K.RangeReasons.push_back("several block shapes (" + Names + ")");
  }
  if (K.RangeReasons.empty() && Range)
    K.RangeReasons.push_back("costs divlint assumed (see the findings' assumptions)");
  return K;
}

namespace {
/// What one call of a function adds below it, per call (a call site multiplies it by its own
/// frequency): the calls it makes, whether a loop of assumed trip count lies on the way to each,
/// and the calls divlint cannot see into, in the order a walk meets them.
struct CalleeWork {
  std::vector<std::pair<const FunctionDecl *, double>> Calls;
  std::map<const FunctionDecl *, bool> TripsAssumed;
  std::vector<std::string> OpaqueCalls;
  /// Every function the walk entered: a call made while one of them is being walked is a
  /// recursion, which the walk cuts, so the memo does not apply.
  std::vector<const FunctionDecl *> Entered;
};

struct CallWalker {
  CostModel &Costs;
  std::map<const FunctionDecl *, double> &Calls;
  std::map<const FunctionDecl *, bool> &Assumed;
  std::set<const FunctionDecl *> OnStack;
  std::vector<std::string> OpaqueCalls;
  /// Per function and call depth, its work as walked with nothing on the stack below it. A
  /// kernel's callees (cooperative groups, warp reductions) repeat at every call site and in
  /// every instantiation; their walks are shared, and a walk being recorded applies (or
  /// records) the work of the calls it meets: each function's body is walked once per depth.
  std::map<std::pair<const FunctionDecl *, unsigned>, CalleeWork> &Memo;
  /// The work of the call being recorded, when one is (see callee()).
  CalleeWork *Recording = nullptr;

  void addCall(const FunctionDecl *Key, double Mult, bool TripsAssumed) {
    Calls[Key] += Mult;
    Assumed[Key] = Assumed[Key] || TripsAssumed;
  }

  void addOpaque(std::string Site) {
    if (std::find(OpaqueCalls.begin(), OpaqueCalls.end(), Site) == OpaqueCalls.end())
      OpaqueCalls.push_back(std::move(Site));
  }

  /// Walks \p Def's body for a call of frequency \p Mult, or applies its memoized work.
  void callee(const FunctionDecl *Key, const FunctionDecl *Def, double Mult, bool TripsAssumed,
              unsigned Depth) {
    auto It = Memo.find({Key, Depth});
    if (It == Memo.end()) {
      // Record it once, alone: a fresh walker with the same stack, at frequency 1.
      std::map<const FunctionDecl *, double> SubCalls;
      std::map<const FunctionDecl *, bool> SubAssumed;
      CalleeWork Work;
      CallWalker Sub{Costs, SubCalls, SubAssumed, OnStack, {}, Memo, &Work};
      Sub.walk(Def->getBody(), 1, false, Depth);
      Work.Calls.assign(SubCalls.begin(), SubCalls.end());
      Work.TripsAssumed = std::move(SubAssumed);
      Work.OpaqueCalls = std::move(Sub.OpaqueCalls);
      bool Cut = false;
      for (const FunctionDecl *F : Work.Entered)
        Cut |= OnStack.count(F) > 0;
      if (!Cut)
        It = Memo.emplace(std::make_pair(Key, Depth), std::move(Work)).first;
    }
    bool Applies = It != Memo.end();
    if (Applies)
      for (const FunctionDecl *F : It->second.Entered)
        Applies &= !OnStack.count(F);
    if (!Applies) {
      walk(Def->getBody(), Mult, TripsAssumed, Depth);
      return;
    }
    const CalleeWork &Work = It->second;
    for (const auto &[F, N] : Work.Calls)
      addCall(F, Mult * N, TripsAssumed || Work.TripsAssumed.at(F));
    for (const std::string &Site : Work.OpaqueCalls)
      addOpaque(Site);
    if (Recording)
      Recording->Entered.insert(Recording->Entered.end(), Work.Entered.begin(),
                                Work.Entered.end());
  }

  void walk(const Stmt *S, double Mult, bool TripsAssumed, unsigned Depth) {
    if (!S)
      return;
    if (const LambdaExpr *Lambda = costmodel::lambdaWritten(S)) {
      for (const Expr *Init : Lambda->capture_inits())
        walk(Init, Mult, TripsAssumed, Depth);
      return;
    }
    if (isLoop(S)) {
      std::optional<double> Trips = Costs.tripCount(S);
      Mult *= Trips.value_or(DefaultTripCount);
      TripsAssumed |= !Trips;
    }
    // (Asked of the calls themselves: opaqueCall looks through the parentheses and implicit
    // casts around one, which the walk reaches next.)
    if (isa<CallExpr>(S) || isa<CXXNewExpr>(S) || isa<CXXDeleteExpr>(S))
      if (std::optional<std::string> What = Costs.opaqueCall(cast<Expr>(S))) {
        const SourceManager &SM = Costs.context().getSourceManager();
        addOpaque(*What + " at line " +
                  std::to_string(SM.getExpansionLineNumber(S->getBeginLoc())));
      }
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = CE->getDirectCallee())
        if (const FunctionDecl *Def = Callee->getDefinition();
            Def && Def->hasBody() && Depth < MaxCallDepth) {
          const FunctionDecl *Key = Def->getCanonicalDecl();
          addCall(Key, Mult, TripsAssumed);
          if (Recording)
            Recording->Entered.push_back(Key);
          if (OnStack.insert(Key).second) {
            callee(Key, Def, Mult, TripsAssumed, Depth + 1);
            OnStack.erase(Key);
          }
        }
    for (const Stmt *Child : S->children())
      walk(Child, Mult, TripsAssumed, Depth);
  }
};
} // namespace

struct CallCounts::MemoTable {
  std::map<std::pair<const FunctionDecl *, unsigned>, CalleeWork> Work;
};

CallCounts::CallCounts() : Memo(std::make_unique<MemoTable>()) {}
CallCounts::~CallCounts() = default;

std::map<const FunctionDecl *, double>
CallCounts::callsPerThread(CostModel &Costs, const FunctionDecl *Kernel,
                           std::map<const FunctionDecl *, bool> &TripsAssumed,
                           std::vector<std::string> *OpaqueCalls) {
  std::map<const FunctionDecl *, double> Calls;
  if (!Kernel)
    return Calls;
  const FunctionDecl *Key = Kernel->getCanonicalDecl();
  Calls[Key] = 1;
  TripsAssumed[Key] = false;
  CallWalker W{Costs, Calls, TripsAssumed, {Key}, {}, Memo->Work};
  W.walk(Kernel->getBody(), 1, false, 0);
  if (OpaqueCalls)
    *OpaqueCalls = std::move(W.OpaqueCalls);
  return Calls;
}

} // namespace divlint
