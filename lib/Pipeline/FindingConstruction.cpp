//===- FindingConstruction.cpp - a Finding from an analysis record --------===//
//
// Where a branch or sync record is (file, line, range as written), its class and severity, the
// cost model's numbers and the message every front end prints.
//
//===----------------------------------------------------------------------===//

#include "TranslationUnitAnalyzer.h"

#include "divlint/Fix/Rewrites.h"
#include "divlint/Support/WrittenText.h"
#include "clang/Lex/Lexer.h"
#include <cmath>
#include <cstdio>

namespace divlint {
namespace pipeline {

std::string TranslationUnitAnalyzer::text(SourceRange R, size_t MaxChars) const {
  return writtenText(R, Ctx.getSourceManager(), Ctx.getLangOpts(), MaxChars);
}

/// The construct as the user wrote it: `assert(c)` expands to a `?:`, but the user wrote an assert.
std::string TranslationUnitAnalyzer::constructAsWritten(const BranchRecord &BR) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = BR.Terminator ? BR.Terminator->getBeginLoc() : SourceLocation();
  llvm::StringRef Outermost;
  for (unsigned Depth = 0; L.isMacroID() && Depth < 32; ++Depth) {
    if (!SM.isMacroArgExpansion(L))
      Outermost = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
    L = SM.getImmediateMacroCallerLoc(L);
  }
  if (BR.Construct == "?:" && Outermost == "assert")
    return "assert";
  return BR.Construct;
}

std::string TranslationUnitAnalyzer::joinedShapes() const {
  std::string Shapes;
  for (const BlockShape &S : CurrentShapes)
    Shapes += (Shapes.empty() ? "" : ", ") + S.str();
  return Shapes;
}

void TranslationUnitAnalyzer::setRange(SourceRange R, Finding &F) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM,
                                                Ctx.getLangOpts());
  if (CR.isInvalid())
    return; // inside a macro argument or spread over expansions: no exact range
  auto [FID, Begin] = SM.getDecomposedLoc(CR.getBegin());
  auto [EndFID, End] = SM.getDecomposedLoc(CR.getEnd());
  if (FID != EndFID || End < Begin)
    return;
  F.Offset = Begin;
  F.Length = End - Begin;
  PresumedLoc Last = SM.getPresumedLoc(CR.getEnd().getLocWithOffset(-1));
  if (Last.isValid()) {
    F.EndLine = Last.getLine();
    F.EndColumn = Last.getColumn();
  }
}

bool TranslationUnitAnalyzer::locate(SourceLocation Loc, Finding &F) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loc.isInvalid())
    return false;
  SourceLocation E = SM.getExpansionLoc(Loc);
  if (SM.isInSystemHeader(E))
    return false;
  PresumedLoc PL = SM.getPresumedLoc(E);
  if (PL.isInvalid())
    return false;
  F.File = PL.getFilename();
  F.Line = PL.getLine();
  F.Column = PL.getColumn();
  return true;
}

/// A loop's own condition (`for`, `while`, `do`): its "arms" are the body and leaving.
static bool isLoopConstruct(llvm::StringRef Construct) {
  return Construct == "for" || Construct == "while" || Construct == "do";
}

/// The work of a region below which a split is not worth a warning: about a handful of
/// instructions (an integer or float operation is one unit, a store 2, an atomic 8). nvcc
/// if-converts such arms, stores and atomics included: the warp issues them once, as
/// predicated instructions, whichever of its lanes take them.
constexpr double ShortRegionCost = 8;

/// A two-way branch (not a loop's) whose arms together cost at most ShortRegionCost: `if (lane
/// == 0) smem[warp] = v;`. Its region slowdown (the one store regrouped) is no time the kernel
/// loses.
static bool shortRegion(const Finding &F) {
  bool Loop = isLoopConstruct(F.Construct);
  double Work = F.ArmCostTrue.value_or(0) + F.ArmCostFalse.value_or(0);
  return !Loop && !F.LikelyPredicated && F.Ext != Extent::Tail && F.ArmWays == 2u && Work > 0 &&
         Work <= ShortRegionCost;
}

/// The share of the kernel's time a finding's branch loses, at best and at worst over the work
/// divlint assumed.
static std::optional<std::pair<double, double>> kernelLoss(const Finding &F) {
  if (F.PredictedKernelSlowdown)
    return std::make_pair(*F.PredictedKernelSlowdown - 1, *F.PredictedKernelSlowdown - 1);
  if (F.KernelSlowdownRange)
    return std::make_pair(F.KernelSlowdownRange->first - 1, F.KernelSlowdownRange->second - 1);
  return std::nullopt;
}

/// The kernel's loss under which a short region is a note (10%: a handful of instructions in a
/// kernel that does little else still is worth a warning).
constexpr double ShortRegionKernelLoss = 0.10;

/// A short region that loses the kernel little: a note, whatever its region slowdown.
static bool shortAndCheap(const Finding &F) {
  auto Loss = kernelLoss(F);
  return shortRegion(F) && (!Loss || Loss->first < ShortRegionKernelLoss);
}

/// The work below which a leader lane's arm is a note (about 16 instructions).
constexpr double LeaderArmCost = 32;

/// Leader lanes: thread indices pick at most one lane in 16 of every warp (`if (lane == 0)`,
/// `tile.thread_rank() == 0`) for a one-armed branch of at most LeaderArmCost. The work is each
/// warp's own (a value the warp reduced lives in its lanes): moving it to fewer warps would
/// pass every warp's value through shared memory, about what the arm costs. Its region slowdown
/// (the leaders regrouped) is no time a rewrite wins back.
static bool leaderLanes(const Finding &F) {
  bool Loop = isLoopConstruct(F.Construct);
  return !Loop && F.Ext == Extent::EveryWarp && F.TrueLanes && F.ActiveLanes &&
         *F.TrueLanes > 0 && *F.TrueLanes * 16 <= *F.ActiveLanes && F.ArmWays == 2u &&
         F.ArmCostFalse.value_or(0) == 0 && F.ArmCostTrue.value_or(0) <= LeaderArmCost;
}

/// A split the data decide (extent data-dependent): divlint cannot say how often warps split,
/// only what a warp that splits runs. It runs each arm once, so one arm (an `if` without an
/// `else`, a loop's body) costs the warp what it would if every lane took it: the lanes left
/// idle could only be won back by compacting the data. Time is lost by the second arm, run after
/// the first. Such a split is worth a warning only when its cheaper arm is more than a short
/// region (docs/severity.md).
static bool dataDecidedNothingSerialised(const Finding &F) {
  if (F.Ext != Extent::DataDependent)
    return false;
  if (isLoopConstruct(F.Construct))
    return true;
  if (F.ArmWays != 2u) // a switch runs each of its taken cases in turn
    return false;
  return std::min(F.ArmCostTrue.value_or(0), F.ArmCostFalse.value_or(0)) <= ShortRegionCost;
}

/// A split each warp makes in one iteration at most: a bounds tail, or a warp-strided bound
/// (every-warp, not enumerated), as a tail does one warp of the block.
static bool tailLike(const Finding &F, const EnumerationResult &R) {
  return F.Ext == Extent::Tail || (F.Ext == Extent::EveryWarp && !R.Enumerated);
}

/// Whether the kernel loses enough time to the split for a warning: WarningSureSlowdown
/// whatever the costs divlint assumed, or WarningWorstSlowdown at worst (docs/severity.md).
/// A region's slowdown says nothing about this: one store regrouped can be 32x of nothing.
static bool costsTheKernel(const Finding &F, const AnalysisOptions &Opts) {
  auto Loss = kernelLoss(F);
  return Loss && (1 + Loss->first >= Opts.WarningSureSlowdown - 1e-9 ||
                  1 + Loss->second >= Opts.WarningWorstSlowdown - 1e-9);
}

/// "'if' condition 'tid % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes
/// true); predicted efficiency 50%, region slowdown 2.00x"
static std::string branchMessage(const Finding &F, const EnumerationResult &R,
                                 const AnalysisOptions &Opts) {
  std::string M = "'" + F.Construct + "' condition '" + F.ConditionText + "' is " +
                  uniformityName(F.Class).str();
  if (F.Ext) {
    M += " (" + extentName(*F.Ext).str();
    if (F.DivergentWarps && F.TotalWarps)
      M += ", " + std::to_string(*F.DivergentWarps) + "/" + std::to_string(*F.TotalWarps) +
           " warps diverge";
    if (F.TrueLanes && F.ActiveLanes)
      M += ", " + std::to_string(*F.TrueLanes) + "/" + std::to_string(*F.ActiveLanes) +
           " lanes true";
    // Whose values decide whether warps split, when samples of them split different warps
    // or none (a tail says so already: where its threshold falls).
    std::string Values;
    for (const std::string &Name : R.ValuesDecideSplit)
      Values += (Values.empty() ? "" : ", ") + Name;
    if (!Values.empty() && F.Ext != Extent::Tail)
      M += ", for some values of " + Values;
    M += ")";
  }
  char Buf[160];
  bool NoLoss = F.EfficiencyRange && F.EfficiencyRange->first >= 0.995 &&
                F.EfficiencyRange->second >= 0.995;
  if (R.SplitUnseen) {
    // No witness: no evaluated value split a warp, the proof could not show that none can.
    M += "; no warp split for the values divlint tried: lane-varying because it could not "
         "prove it uniform";
  } else if (shortAndCheap(F)) {
    // Its region slowdown (the arms regrouped) says nothing: the time the kernel loses does.
    std::snprintf(Buf, sizeof(Buf), "; a short region (its arms cost %.0f units): nvcc likely "
                  "predicates it", F.ArmCostTrue.value_or(0) + F.ArmCostFalse.value_or(0));
    M += Buf;
    if (auto Loss = kernelLoss(F)) {
      std::snprintf(Buf, sizeof(Buf), ", and the kernel loses at most %.0f%% of its time",
                    std::max(0.0, Loss->second * 100));
      M += Buf;
    }
  } else if (NoLoss && !F.PredictedEfficiency) {
    // Efficiency 100%-100% whatever the data: nothing to report but the class.
    M += "; no time lost whichever way the data split it";
  } else if (F.PredictedEfficiency && F.PredictedSlowdown) {
    std::snprintf(Buf, sizeof(Buf), "; predicted efficiency %.0f%%, region slowdown %.2fx",
                  *F.PredictedEfficiency * 100, *F.PredictedSlowdown);
    M += Buf;
  } else if (F.DivergentWarps && (F.PredictedEfficiency || F.EfficiencyRange) &&
             (F.PredictedSlowdown || F.SlowdownRange)) {
    // The lanes' split is known, the arms' costs are not all (assumed work in them).
    auto Text = [&](const std::optional<double> &Point,
                    const std::optional<std::pair<double, double>> &Range, double Scale,
                    const char *Format) {
      double Low = Point ? *Point : Range->first, High = Point ? *Point : Range->second;
      std::snprintf(Buf, sizeof(Buf), Format, Low * Scale);
      std::string T = Buf;
      if (High != Low) {
        std::snprintf(Buf, sizeof(Buf), Format, High * Scale);
        T += std::string("-") + Buf;
      }
      return T;
    };
    M += "; predicted efficiency " + Text(F.PredictedEfficiency, F.EfficiencyRange, 100, "%.0f%%") +
         ", region slowdown " + Text(F.PredictedSlowdown, F.SlowdownRange, 1, "%.2fx") +
         " (over the costs divlint assumed)";
  } else if (F.EfficiencyRange && F.SlowdownRange) {
    // Data decides: what the arm costs allow, from no warp splitting to the worst split.
    std::snprintf(Buf, sizeof(Buf),
                  "; predicted efficiency %.0f%%-%.0f%% (decided by the data), region slowdown "
                  "%s%.2fx",
                  F.EfficiencyRange->first * 100, F.EfficiencyRange->second * 100,
                  F.SlowdownRange->second > F.SlowdownRange->first ? "up to " : "",
                  F.SlowdownRange->second);
    M += Buf;
  }
  if (F.LikelyPredicated)
    M += "; short side-effect-free arms: nvcc likely predicates this (a select, no branch)";
  else if (F.Sev == Severity::Note && !shortAndCheap(F) && leaderLanes(F))
    M += "; leader lanes: each warp's own work, which fewer warps could take over only through "
         "shared memory";
  else if (F.Sev == Severity::Note && !shortAndCheap(F) && dataDecidedNothingSerialised(F) &&
           !(NoLoss && !F.PredictedEfficiency)) {
    double Cheaper = std::min(F.ArmCostTrue.value_or(0), F.ArmCostFalse.value_or(0));
    if (isLoopConstruct(F.Construct)) {
      M += "; a warp runs the body as often as its busiest lane needs, nothing more";
    } else if (Cheaper > 0) {
      std::snprintf(Buf, sizeof(Buf), "; a warp that splits runs both arms, the cheaper one "
                    "short (%.0f units)", Cheaper);
      M += Buf;
    } else {
      M += "; a warp that splits runs its arm once, as it would if all its lanes took it";
    }
  } else if (F.Sev == Severity::Note && !shortAndCheap(F) && !R.SplitUnseen &&
             !(NoLoss && !F.PredictedEfficiency) && !tailLike(F, R) &&
             !costsTheKernel(F, Opts)) {
    // The one reason left for a note: what the split costs the whole kernel.
    if (auto Loss = kernelLoss(F)) {
      if (Loss->first == Loss->second)
        std::snprintf(Buf, sizeof(Buf), "; the kernel takes %.2fx as long (a warning from "
                      "%.2fx)", 1 + Loss->first, Opts.WarningSureSlowdown);
      else
        std::snprintf(Buf, sizeof(Buf), "; the kernel takes %.2fx-%.2fx as long (a warning "
                      "from %.2fx for sure, or %.2fx at worst)", 1 + Loss->first, 1 + Loss->second,
                      Opts.WarningSureSlowdown, Opts.WarningWorstSlowdown);
      M += Buf;
    }
  }
  return M;
}

Finding TranslationUnitAnalyzer::branchFinding(const FunctionDecl *FD, const BranchRecord &BR,
                                               llvm::ArrayRef<BranchRecord> Branches,
                                               bool Explain) {
  Finding F;
  F.Kernel = CurrentKernel;
  F.Function = FD->getNameAsString();
  F.Construct = constructAsWritten(BR);
  F.ConditionText = text(BR.Condition->getSourceRange());
  const EnumerationResult &R = BR.Result;
  F.Class = R.Class;
  if (R.Class == Uniformity::LaneVarying) {
    F.TheRule = Rule::DivergentBranch;
    F.Sev = Severity::Warning;
    F.Ext = R.Ext ? R.Ext : Extent::DataDependent;
    if (R.Enumerated) {
      F.DivergentWarps = R.DivergentWarps;
      F.TotalWarps = R.TotalWarps;
      F.TrueLanes = R.TrueLanes;
      F.ActiveLanes = R.ActiveLanes;
      F.LaneMap = R.LaneMap;
    }
  } else {
    F.TheRule = Rule::UniformBranch;
    F.Sev = Severity::Note;
  }
  F.BlockShapeText = joinedShapes();
  if (F.Class == Uniformity::LaneVarying) {
    // The lane-varying ifs around it (their whole conditions, as enumerated in this analysis).
    EnclosingArms Around = Costs.enclosingArms(FD, BR.Terminator, [&](const IfStmt *If) {
      std::optional<size_t> J = wholeConditionBranch(If, Branches);
      return J ? &Branches[*J].Result : nullptr;
    });
    Prediction P = Costs.predict(FD, BR.Terminator, BR.Condition, R, Opts.WarpSize, Around);
    Finding Where;
    bool Located = locate(BR.Condition->getBeginLoc(), Where);
    // --compiled: nvcc made no branch of this line, so no warp splits here.
    bool Predicated = Located && compiledWithoutBranch(Where);
    if (!RegionStack.empty() && !Predicated) {
      RegionRecord Region{FD, BR.Terminator, BR.Condition, P, R.Enumerated && !R.Sampled, "", ""};
      if (!R.Enumerated) {
        Region.WhyUndecided = "the data decide its split (" +
                              extentName(F.Ext.value_or(Extent::DataDependent)).str() + ")";
      } else if (R.Sampled) {
        // The split is that of sample values of block-uniform unknowns (blockIdx.x, a size):
        // the real values may split more warps, or worse, than the samples did, or none. Low:
        // every warp evaluation split one lane against the rest (unless the samples' split is
        // less efficient still); high: no splitting.
        Region.WhyUndecided = "its split depends on block-uniform values divlint sampled";
        // The same for the costs as priced and with nothing assumed.
        auto Bound = [&](const ArmCosts &Arms, Prediction::RegionTime &AsRun,
                         Prediction::RegionTime &Best) {
          double G = AsRun.Regrouped;
          Prediction::RegionTime Sampled = AsRun;
          Best = {G, G * blockLaneOccupancy(R.Shape, Opts.WarpSize), G};
          double Lanes = std::min<double>(Opts.WarpSize, R.Shape.threads());
          double Time = Arms.True + Arms.False;
          if (Arms.Ways == 2 && Time > 0 && Lanes > 1)
            for (double T : {1.0, Lanes - 1}) {
              double Useful = warpEfficiency(T, Lanes, Arms.True, Arms.False, Opts.WarpSize) * Time;
              if (Sampled.Issued <= 0 || Useful / Time <= Sampled.Useful / Sampled.Issued)
                AsRun = {Time, Useful, G};
            }
        };
        Bound(P.Arms, Region.P.AsRun, Region.P.Best);
        Bound(P.KnownArms, Region.P.KnownAsRun, Region.P.KnownBest);
      }
      addEarlyExit(FD, BR, R, Region);
      Region.Where = regionWhere(Where.Line, F);
      mergeRegions(RegionStack.back(), {Region});
    }
    auto Round = [](double V) { return std::round(V * 1000) / 1000; };
    if (R.Enumerated && R.DivergentEvaluations + R.UniformEvaluations) {
      // Thread indices decide the split: each number a point, or a range over the costs
      // divlint assumed (CostModel::predict).
      auto Set = [&](const Bounds &B, std::optional<double> &Point,
                     std::optional<std::pair<double, double>> &Range) {
        if (Round(B.Low) == Round(B.High))
          Point = Round(B.Low);
        else
          Range = std::make_pair(Round(B.Low), Round(B.High));
      };
      Set(P.Efficiency, F.PredictedEfficiency, F.EfficiencyRange);
      Set(P.RegionSlowdown, F.PredictedSlowdown, F.SlowdownRange);
      Set(P.KernelSlowdown, F.PredictedKernelSlowdown, F.KernelSlowdownRange);
    } else {
      F.EfficiencyRange = std::make_pair(Round(P.Efficiency.Low), Round(P.Efficiency.High));
      F.SlowdownRange = std::make_pair(Round(P.RegionSlowdown.Low), Round(P.RegionSlowdown.High));
      F.KernelSlowdownRange =
          std::make_pair(Round(P.KernelSlowdown.Low), Round(P.KernelSlowdown.High));
    }
    if (P.FirstLaneSlowdown)
      F.PredictedFirstLaneSlowdown = Round(*P.FirstLaneSlowdown);
    if (P.FirstLaneKernelSlowdown)
      F.PredictedFirstLaneKernelSlowdown = Round(*P.FirstLaneKernelSlowdown);
    F.ArmCostTrue = Round(P.Arms.True);
    F.ArmCostFalse = Round(P.Arms.False);
    F.ArmCostShared = Round(P.Arms.Shared);
    F.ArmWays = P.Arms.Ways;
    F.LoopDepth = P.LoopDepth;
    F.LikelyPredicated = P.LikelyPredicated;
    F.Score = Round(P.RegionSlowdown.High * (1 + P.LoopDepth));
    // What the prediction assumed (collect puts the context's assumptions before them).
    F.Assumptions = P.Assumptions;
    // Several shapes, or one divlint had to assume: name the one the numbers are for.
    if (R.Enumerated && (CurrentShapes.size() > 1 || !(R.Shape == CurrentShapes.front())))
      F.Assumptions.push_back(
          "warps and lanes computed for block shape " + R.Shape.str() +
          (R.Shape.Source == "unknown"
               ? " (the block shape is not known, and threadIdx.y/z change inside a warp of this one)"
               : " (the worst of the shapes " + joinedShapes() + ")"));
    // Cheap divergence is a note (docs/severity.md): bounds-check tails, arms nvcc turns into
    // selects or predicated instructions, and branches that cannot make the kernel take
    // WarningSureSlowdown times as long for sure or WarningWorstSlowdown at worst.
    // A split no evaluated value showed (SplitUnseen) has no witness and no numbers: a note,
    // as a barrier under it is a warning, not an error. So is one that only some of the
    // layouts an open launch allows show: the launch's real layout may split nothing.
    if (F.LikelyPredicated || shortAndCheap(F) || tailLike(F, R) ||
        dataDecidedNothingSerialised(F) || leaderLanes(F) || R.SplitUnseen ||
        R.LayoutDecidesSplit || !costsTheKernel(F, Opts))
      F.Sev = Severity::Note;
  }
  if (!Explain)
    return F;
  F.Message = branchMessage(F, BR.Result, Opts);
  if (F.Class != Uniformity::BlockUniform) // nothing to explain about a uniform value
    F.Why = Why.trace(BR.Condition, FD, BR.Value, F.Class);
  F.Fixes = suggestRewrites(F, BR.Terminator, Ctx);
  return F;
}

Finding TranslationUnitAnalyzer::syncFinding(const FunctionDecl *FD, const SyncRecord &SR) {
  Finding F;
  F.Kernel = CurrentKernel;
  F.Function = FD->getNameAsString();
  F.Construct = "call";
  F.TheRule = SR.IsBarrier ? Rule::BarrierDivergence : Rule::WarpSyncDivergence;
  // An error must be true: it needs a witness (values for which the condition splits). A
  // condition lane-varying only because the proof could not show it uniform is a warning, and
  // so is one that splits in some of the layouts an open launch allows and not in others.
  F.Sev = SR.Under->Result.SplitUnseen || SR.Under->Result.LayoutDecidesSplit ? Severity::Warning
                                                                               : Severity::Error;
  F.Class = SR.Under->Result.Class;
  F.ConditionText = text(SR.Call->getSourceRange());
  Finding Cond;
  locate(SR.Under->Condition->getBeginLoc(), Cond);
  std::string CondText = text(SR.Under->Condition->getSourceRange());
  // Why it diverges: who skips the call (whole warps when the condition is warp-uniform, else
  // single lanes) and what they do instead of exiting.
  bool Loop = isLoopConstruct(SR.Under->Construct);
  std::string Who = F.Class == Uniformity::WarpUniform ? "warps" : SR.IsBarrier ? "threads" : "lanes";
  std::string Skippers = Loop ? Who + " that run fewer trips of the loop ('" + CondText +
                                    "' turns false sooner for them)"
                              : Who + " for which '" + CondText + "' goes the other way";
  std::string Kind = SR.IsBarrier ? "barrier" : "warp-synchronous call";
  std::string What;
  if (SR.ReachedInstead == SR.Call) {
    What = "reach it again in a later iteration";
  } else if (SR.ReachedInstead) {
    Finding Other;
    locate(SR.ReachedInstead->getBeginLoc(), Other);
    What = "reach the " + Kind + " '" + text(SR.ReachedInstead->getSourceRange()) + "' (line " +
           std::to_string(Other.Line) + ") instead";
  } else {
    What = "go on running beside the lanes of their warp that wait here";
  }
  std::string Shape = F.Class == Uniformity::LaneVarying && SR.Under->Result.Enumerated
                          ? " for block shape " + joinedShapes()
                          : "";
  F.Message = (SR.IsBarrier ? "barrier '" : "full-mask warp-synchronous '") + F.ConditionText +
              "' is reached under a " + uniformityName(F.Class).str() + " condition '" +
              CondText + "' (line " + std::to_string(Cond.Line) + ")" + Shape + ": " + Skippers +
              " skip it and " + What +
              (SR.IsBarrier ? ", so the block's threads do not all wait at the same barrier "
                              "(only threads that have exited may miss one)"
                            : ", so lanes named in the mask do not all arrive (only lanes that "
                              "have exited may be missing)");
  F.Why.push_back({Cond.Line, Cond.Column, "'" + CondText + "' is " +
                                               uniformityName(F.Class).str()});
  return F;
}

std::string TranslationUnitAnalyzer::unprovenSyncMessage(const SyncRecord &SR) {
  Finding Cond;
  locate(SR.Under->Condition->getBeginLoc(), Cond);
  return std::string(SR.IsBarrier ? "barrier '" : "full-mask warp-synchronous '") +
         text(SR.Call->getSourceRange()) + "' is reached under '" +
         text(SR.Under->Condition->getSourceRange()) + "' (line " + std::to_string(Cond.Line) +
         "), which divlint cannot prove " + (SR.IsBarrier ? "block-uniform" : "warp-uniform") +
         ": the code it analyzed gives every " + (SR.IsBarrier ? "thread" : "lane of a warp") +
         " the same value there, which differs only if calls it did not analyze, or pointers it "
         "could not follow, give them different values (a note, not an error)";
}

} // namespace pipeline
} // namespace divlint
