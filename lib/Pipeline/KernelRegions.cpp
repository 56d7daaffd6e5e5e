//===- KernelRegions.cpp - a kernel's lane-varying regions and summary ----===//
//
// The regions the pipeline collects per kernel (callees' through their memoized analyses),
// early exits and slow paths among them, the kernel's predicted efficiency, and the
// warp-aligned remap fix-it (lib/Fix/WarpAlignedRemap) attached to the branch it helps most.
//
//===----------------------------------------------------------------------===//

#include "TranslationUnitAnalyzer.h"

#include "divlint/Fix/Rewrites.h"
#include "divlint/Fix/WarpAlignedRemap.h"
#include "divlint/Support/PhaseTimes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>

namespace divlint {
namespace pipeline {

void TranslationUnitAnalyzer::offerWarpAlignedRemap(const FunctionDecl *Kernel,
                                                    const FunctionAnalysis &FA) {
  std::string WhyNot;
  // --compiled: a split nvcc predicated has nothing to regroup.
  std::function<bool(const BranchRecord &)> CompiledAway;
  if (Opts.CompiledBranchAt)
    CompiledAway = [&](const BranchRecord &BR) {
      Finding Where;
      return BR.Condition && locate(BR.Condition->getBeginLoc(), Where) &&
             compiledWithoutBranch(Where);
    };
  std::optional<RemapPlan> Plan = planWarpAlignedRemap(Kernel, FA, CurrentShapes, Costs, Ctx,
                                                       Opts.WarpSize, WhyNot, CompiledAway);
  Finding Where;
  if (Plan && !locate(Plan->Branch->Condition->getBeginLoc(), Where))
    Plan.reset();
  auto IsAdvice = [](const FixSuggestion &Fix) {
    return Fix.Replacements.empty() &&
           llvm::StringRef(Fix.Description).starts_with(RemapAdvicePrefix);
  };
  for (auto &[Key, F] : Merged) {
    if (F.Function != Kernel->getNameAsString() || F.Kernel != CurrentKernel)
      continue;
    bool Target = Plan && F.File == Where.File && F.Line == Where.Line &&
                  F.Column == Where.Column && F.TheRule == Rule::DivergentBranch;
    for (auto It = F.Fixes.begin(); It != F.Fixes.end(); ++It) {
      if (!IsAdvice(*It))
        continue;
      if (Plan) // the fix-it replaces the advice where it is attached, and names it elsewhere
        It->Description = Target ? "" : It->Description + " (see the remap fix-it on line " +
                                             std::to_string(Where.Line) + ")";
      else if (!WhyNot.empty())
        It->Description += " (no fix-it for this kernel: " + WhyNot + ")";
    }
    llvm::erase_if(F.Fixes, [](const FixSuggestion &Fix) { return Fix.Description.empty(); });
    if (Target) {
      for (Replacement &R : Plan->Fix.Replacements)
        R.File = F.File;
      F.Fixes.insert(F.Fixes.begin(), Plan->Fix);
    }
  }
}

void TranslationUnitAnalyzer::mergeRegions(std::vector<RegionRecord> &To,
                                           const std::vector<RegionRecord> &From) {
  auto Efficiency = [](const RegionRecord &R) {
    return R.P.AsRun.Issued > 0 ? R.P.AsRun.Useful / R.P.AsRun.Issued : 1.0;
  };
  for (const RegionRecord &R : From) {
    auto Same = llvm::find_if(To, [&](const RegionRecord &X) {
      return X.Function == R.Function && X.Terminator == R.Terminator &&
             X.Condition == R.Condition;
    });
    if (Same == To.end())
      To.push_back(R);
    else if (Efficiency(R) < Efficiency(*Same))
      *Same = R;
  }
}

void TranslationUnitAnalyzer::addEarlyExit(const FunctionDecl *FD, const BranchRecord &BR,
                                           const EnumerationResult &R, RegionRecord &Region) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || !isKernel(FD) || !BR.Condition || !BR.Terminator)
    return;
  // The if: the terminator itself (its condition, or the last leaf of a && / || chain), or the
  // one whose || chain the branch's leaf is in (a lane for which any leaf holds leaves).
  const IfStmt *If = dyn_cast<IfStmt>(BR.Terminator);
  const Stmt *Node = BR.Terminator;
  // The body's own parent map: the ASTContext's covers every header (a tenth of the parse).
  const ParentMap *PM = Costs.bodyParents(FD, Node);
  for (unsigned Guard = 0; !If && PM && Guard < 64; ++Guard) {
    if (const auto *BO = dyn_cast<BinaryOperator>(Node); BO && BO->getOpcode() != BO_LOr)
      return;
    if (!isa<BinaryOperator>(Node) && !isa<ParenExpr>(Node) && !isa<ImplicitCastExpr>(Node))
      return;
    Node = PM->getParent(Node);
    if (!Node)
      return;
    If = dyn_cast<IfStmt>(Node);
  }
  if (!If || If->getElse())
    return;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->body_empty() ? nullptr : CS->body_back();
  if (!isa_and_nonnull<ReturnStmt>(Then) || !ExitsCounted.insert(If).second)
    return;
  // The continuation: the statements after the if in the kernel's body, as priced and with
  // nothing assumed.
  double K = 0, KnownK = 0;
  bool After = false;
  for (const Stmt *S : Body->body()) {
    if (After) {
      K += Costs.cost(S);
      KnownK += Costs.knownCost(S);
    }
    After |= S == If;
  }
  if (!After || K <= 0)
    return;
  Prediction &P = Region.P;
  double W = Opts.WarpSize;
  double O = blockLaneOccupancy(R.Shape, Opts.WarpSize);
  // The continuation's assumed work (a loop of unknown trip count) outgrowing the rest: the
  // kernel's efficiency tends to that of the continuation alone, the exiting lanes idle in the
  // warps that split, the others at the block's lanes per warp.
  auto Limit = [&](double Split, double SplitUseful, double Rest) {
    Bounds L{(SplitUseful + Rest * O) / std::max(1e-9, Split + Rest), 0};
    L.High = std::max(L.Low, O);
    if (K - KnownK <= 1e-9)
      return;
    if (P.UnpricedLimit)
      P.UnpricedLimit->widen(L);
    else
      P.UnpricedLimit = L;
  };
  // The continuation \p Cost run by \p Issued of the warps, \p Useful of their lanes,
  // counted \p Regrouped times in the kernel's cost.
  auto Continue = [](Prediction::RegionTime &T, double Cost, double Issued, double Useful,
                     double Regrouped) {
    T.Issued += Issued * Cost;
    T.Useful += Useful * Cost;
    T.Regrouped += Regrouped * Cost;
  };
  if (Region.Decided) {
    // Diverging warps run the continuation with the lanes that stayed; warps whose lanes all
    // left skip it (the kernel's cost counts it for every warp).
    unsigned Evaluations = R.DivergentEvaluations + R.UniformEvaluations;
    if (!Evaluations)
      return;
    double D = double(R.DivergentEvaluations) / Evaluations;
    double Left = R.UniformEvaluations
                      ? (1 - D) * double(R.UniformTrueEvaluations) / R.UniformEvaluations
                      : 0;
    double Stay = R.MeanDivergentActiveLanes.value_or(W) - R.MeanDivergentTrueLanes.value_or(0);
    Continue(P.AsRun, K, D, D * Stay / W, D + Left);
    P.Best = P.AsRun;
    Continue(P.KnownAsRun, KnownK, D, D * Stay / W, D + Left);
    P.KnownBest = P.KnownAsRun;
    Limit(D, D * Stay / W, std::max(0.0, 1 - D - Left));
    return;
  }
  // Data decide: at worst the split warps (one of a 1-D block for a tail, else every one) keep
  // one lane each; at best no warp splits (nothing to add).
  bool Tail = R.Ext == Extent::Tail;
  double Share = Tail && R.Shape.Y == 1 && R.Shape.Z == 1
                     ? 1.0 / std::max(1u, R.Shape.warps(Opts.WarpSize))
                     : 1.0;
  Continue(P.AsRun, K, Share, Share / W, Share);
  Continue(P.KnownAsRun, KnownK, Share, Share / W, Share);
  Limit(Share, Share / W, 1 - Share);
}

void TranslationUnitAnalyzer::addSlowPathRegion(const FunctionDecl *FD,
                                                const HiddenBranchRecord &H, const Finding &F) {
  if (RegionStack.empty())
    return;
  std::optional<Prediction> P = Costs.predictSlowPath(FD, H.Site, Opts.WarpSize);
  RegionRecord Region{FD, H.Site, H.Site, P.value_or(Prediction{}), /*Decided=*/false, "", ""};
  Region.Unpriced = !P;
  Region.WhyUndecided = "the operands decide whether lanes take its slow path";
  Region.Where = regionWhere(F.Line, F);
  mergeRegions(RegionStack.back(), {Region});
}

KernelSummary TranslationUnitAnalyzer::summarizeKernel(const FunctionDecl *Kernel,
                                                       std::vector<RegionRecord> Regions,
                                                       unsigned Unanalyzed) {
  PhaseTimer Timing(&currentPhaseTimes().KernelSummaries);
  KernelSummary K;
  Finding Where;
  if (!locate(Kernel->getLocation(), Where))
    return K; // a kernel of a system header
  K.Name = CurrentKernel;
  llvm::raw_string_ostream QualifiedName(K.QualifiedName);
  Kernel->getNameForDiagnostic(QualifiedName, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  K.File = Where.File;
  K.Line = Where.Line;
  K.Column = Where.Column;
  for (const BlockShape &S : CurrentShapes)
    K.BlockShapes.push_back(S.str());
  K.Assumptions = CurrentAssumptions;
  // A branch reached again (a loop's fixpoint, a callee met twice in one context) counts once;
  // in several contexts, the one with the least efficient split.
  auto Eff = [](const RegionRecord &R) {
    return R.P.AsRun.Issued > 0 ? R.P.AsRun.Useful / R.P.AsRun.Issued : 1.0;
  };
  llvm::MapVector<std::tuple<const FunctionDecl *, const Stmt *, const Expr *>, RegionRecord>
      Unique;
  for (RegionRecord &R : Regions) {
    auto Key = std::make_tuple(R.Function->getCanonicalDecl(), R.Terminator, R.Condition);
    auto It = Unique.find(Key);
    if (It == Unique.end())
      Unique.insert({Key, std::move(R)});
    else if (Eff(R) < Eff(It->second))
      It->second = std::move(R);
  }
  // In source order (file, line, column, then the place's text), then in the order the analysis
  // met them. Neither a map keyed by pointers (addresses differ from run to run) nor the order
  // met alone (a precompiled header changes the order clang hands kernels over, and so which
  // contexts are reused) would give the same range reasons and sums in every run.
  const SourceManager &SM = Ctx.getSourceManager();
  auto Place = [&](const RegionRecord &R) {
    const Stmt *S = R.Condition ? static_cast<const Stmt *>(R.Condition) : R.Terminator;
    PresumedLoc PL = S ? SM.getPresumedLoc(SM.getExpansionLoc(S->getBeginLoc())) : PresumedLoc();
    return PL.isValid() ? std::make_tuple(std::string(PL.getFilename()), PL.getLine(),
                                          PL.getColumn())
                        : std::make_tuple(std::string(), 0u, 0u);
  };
  std::vector<std::pair<std::tuple<std::string, unsigned, unsigned>, RegionRecord *>> Ordered;
  for (auto &KV : Unique)
    Ordered.push_back({Place(KV.second), &KV.second});
  std::stable_sort(Ordered.begin(), Ordered.end(), [](const auto &A, const auto &B) {
    return std::tie(A.first, A.second->Where) < std::tie(B.first, B.second->Where);
  });
  std::map<const FunctionDecl *, bool> CallTripsAssumed;
  KernelCost Cost;
  std::map<const FunctionDecl *, double> Calls =
      Counts.callsPerThread(Costs, Kernel, CallTripsAssumed, &Cost.OpaqueCalls);
  std::vector<KernelRegion> KR;
  std::vector<std::string> Unpriced;
  for (auto &Entry : Ordered) {
    RegionRecord &R = *Entry.second;
    if (R.Unpriced) {
      Unpriced.push_back(R.Where);
      continue;
    }
    const FunctionDecl *Function = R.Function->getCanonicalDecl();
    auto C = Calls.find(Function);
    double N = C != Calls.end() ? C->second : 1; // past the call depth: once
    KernelRegion Region;
    Region.AsRun = R.P.AsRun;
    Region.Best = R.P.Best;
    Region.KnownAsRun = R.P.KnownAsRun;
    Region.KnownBest = R.P.KnownBest;
    Region.UnpricedLimit = R.P.UnpricedLimit;
    Region.Evaluations = N * R.P.Frequency;
    Region.FunctionCostDelta = N * R.P.FunctionCostDelta;
    Region.KnownFunctionCostDelta = N * R.P.KnownFunctionCostDelta;
    Region.Decided = R.Decided;
    Region.TripsAssumed = R.P.TripsAssumed || CallTripsAssumed[Function];
    Region.Where = R.Where;
    Region.WhyUndecided = R.WhyUndecided;
    KR.push_back(std::move(Region));
  }
  K.LaneVaryingRegions = static_cast<unsigned>(KR.size());
  Cost.Priced = Costs.functionCost(Kernel) + KernelEntryExitCost;
  Cost.Known = Costs.knownFunctionCost(Kernel) + KernelEntryExitCost;
  KernelEfficiency E = kernelEfficiency(Cost, KR, CurrentShapes, Opts.WarpSize);
  auto Round = [](double V) { return std::round(V * 1000) / 1000; };
  K.Cost = Round(Cost.Priced);
  if (E.RangeReasons.empty())
    K.Efficiency = Round(E.Efficiency.Low);
  else
    K.EfficiencyRange = std::make_pair(Round(E.Efficiency.Low), Round(E.Efficiency.High));
  K.RangeReasons = std::move(E.RangeReasons);
  if (!Unpriced.empty())
    K.Assumptions.push_back("slow paths whose cost divlint has not measured are not counted: " +
                            llvm::join(Unpriced, ", "));
  if (Unanalyzed)
    K.Assumptions.push_back(std::to_string(Unanalyzed) +
                            " call(s) not analyzed in this kernel's context (recursion or the "
                            "analysis budget): their branches are not counted");
  return K;
}

} // namespace pipeline
} // namespace divlint
