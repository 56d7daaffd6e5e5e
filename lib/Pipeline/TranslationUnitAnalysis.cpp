#include "divlint/Pipeline/TranslationUnitAnalysis.h"

#include "divlint/Quantify/CostModel.h"
#include "divlint/Quantify/KernelEfficiency.h"
#include "divlint/Quantify/LaunchShapes.h"
#include "divlint/Fix/WarpAlignedRemap.h"
#include "divlint/Fix/Rewrites.h"
#include "divlint/Report/WhyTrace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

using namespace clang;

namespace divlint {

namespace {

/// Context-sensitive callee analyses per kernel, and per translation unit (every function the
/// kernels leave unanalyzed is a root of its own), before calls fall back to lane-varying.
constexpr unsigned MaxCallContextsPerRoot = 1024;
constexpr unsigned MaxCallContextsPerUnit = 16384;

bool isKernel(const FunctionDecl *FD) { return FD->hasAttr<CUDAGlobalAttr>(); }

/// Where a kernel's lane-varying region is, for the reasons of its range: "line 12 ('i < n' in
/// f)", from the finding \p F reports it with, located at \p Line.
std::string regionWhere(unsigned Line, const Finding &F) {
  return "line " + std::to_string(Line) + " ('" + F.ConditionText + "' in " + F.Function + ")";
}
bool isDeviceFunction(const FunctionDecl *FD) {
  return FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>();
}
/// Declared in a system header (the CUDA and C++ headers), where its macro expansion puts it.
bool inSystemHeader(const SourceManager &SM, const Decl *D) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

/// Finds device functions with bodies and the block shapes of `<<<grid, block>>>` launches.
class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(ASTContext &Ctx) : Resolver(Ctx), SM(Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  std::vector<const FunctionDecl *> Functions;
  /// The block shapes of each kernel's launches in this translation unit.
  struct LaunchShapes {
    std::vector<BlockShape> Known;
    bool SomeUnknown = false; ///< a launch whose block argument is not a constant shape
  };
  std::map<const FunctionDecl *, LaunchShapes> Launches;

  std::vector<const FunctionDecl *> Invalid; ///< device functions clang marked invalid
  /// Some statement is a RecoveryExpr (clang's stand-in for an expression it rejected): only
  /// then are device bodies searched for the calls they hide.
  bool SawRecoveryExpr = false;

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !isDeviceFunction(FD) || FD->isDependentContext())
      return true;
    if (!Seen.insert(FD).second)
      return true;
    (FD->isInvalidDecl() ? Invalid : Functions).push_back(FD);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *CE) {
    const FunctionDecl *Kernel = CE->getDirectCallee();
    const CallExpr *Config = CE->getConfig();
    if (!Kernel || !Config || Config->getNumArgs() < 2)
      return true;
    auto &Shapes = Launches[Kernel->getCanonicalDecl()];
    if (auto Shape = Resolver.blockShape(Config->getArg(1))) {
      if (std::find(Shapes.Known.begin(), Shapes.Known.end(), *Shape) == Shapes.Known.end())
        Shapes.Known.push_back(*Shape);
    } else {
      Shapes.SomeUnknown = true;
    }
    return true;
  }

  /// Statements (function bodies, initializers) hold only two things the Collector looks for:
  /// launches, and declarations (lambdas, local classes) that may hold device functions. A walk
  /// of their children finds both without the visitor's walk of every type and name in them,
  /// most of a header's cost.
  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    if (auto *CE = dyn_cast<CUDAKernelCallExpr>(S))
      VisitCUDAKernelCallExpr(CE);
    SawRecoveryExpr |= isa<RecoveryExpr>(S);
    if (auto *DS = dyn_cast<DeclStmt>(S)) {
      for (Decl *D : DS->decls()) {
        if (auto *VD = dyn_cast<VarDecl>(D))
          TraverseStmt(VD->getInit());
        else
          TraverseDecl(D);
      }
      return true;
    }
    for (Stmt *Child : S->children())
      TraverseStmt(Child);
    if (auto *LE = dyn_cast<LambdaExpr>(S))
      TraverseDecl(LE->getLambdaClass());
    return true;
  }

  /// The bodies of the CUDA and C++ headers' functions (most statements of a translation unit)
  /// launch none of the user's kernels: their declarations are collected, their bodies not
  /// walked. A header's kernel template (a library's, instantiated with the user's functor) is
  /// still a kernel here; what it calls is analyzed through it.
  bool TraverseDecl(Decl *D) {
    if (auto *FD = dyn_cast_or_null<FunctionDecl>(D))
      if (FD->doesThisDeclarationHaveABody() && inSystemHeader(SM, FD))
        return VisitFunctionDecl(FD);
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  /// Types and names hold neither launches nor function bodies.
  bool TraverseTypeLoc(TypeLoc, bool = true) { return true; }
  bool TraverseType(QualType, bool = true) { return true; }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc) { return true; }

  LaunchShapeResolver Resolver;

private:
  const SourceManager &SM;
  std::set<const FunctionDecl *> Seen;
};

class TranslationUnitAnalyzer : public CallResolver {
public:
  TranslationUnitAnalyzer(ASTContext &Ctx, const AnalysisOptions &Opts)
      : Ctx(Ctx), Opts(Opts), Costs(Ctx), Why(Ctx) {}

  TranslationUnitResult run();

  CallSummary resolveCall(const FunctionDecl *Callee, std::vector<SymRef> Args, unsigned Depth,
                          const PrivateReach &Reach) override;

private:
  ASTContext &Ctx;
  const AnalysisOptions &Opts;
  Collector *Collected = nullptr;
  CostModel Costs;
  CallCounts Counts; ///< calls per thread of each kernel's callees (summarizeKernel)
  WhyTracer Why;

  // The kernel being analyzed: its name and block shapes are the context of every callee.
  std::string CurrentKernel;
  std::vector<BlockShape> CurrentShapes;

  std::map<uint64_t, CallSummary> Summaries;
  std::set<uint64_t> InProgress;
  /// Calling contexts the current kernel (or stand-alone function) may still analyze: each call
  /// with new argument values is a new analysis, so call trees that fan out with distinct
  /// arguments (`f(x + 1) + f(x * 3)`, twelve levels deep) would be exponential.
  unsigned ContextsLeft = 0;
  unsigned UnitContextsLeft = MaxCallContextsPerUnit;
  std::set<const FunctionDecl *> Analyzed;
  /// One report per source branch and rule: file, line, column, rule.
  using MergeKey = std::tuple<std::string, unsigned, unsigned, int>;
  static MergeKey mergeKey(const Finding &F);
  std::map<MergeKey, Finding> Merged;

  std::vector<BlockShape> shapesFor(const FunctionDecl *Kernel,
                                    std::vector<std::string> &Assumptions);
  void collect(const FunctionDecl *FD, const FunctionAnalysis &FA,
               const std::vector<std::string> &Assumptions);
  void add(Finding F);
  /// \p Branches: every branch of \p FD's analysis (the ifs around \p BR among them).
  /// \p Explain: build the message, why-trace and rewrites (not for a report add() drops).
  Finding branchFinding(const FunctionDecl *FD, const BranchRecord &BR,
                        llvm::ArrayRef<BranchRecord> Branches, bool Explain);
  Finding syncFinding(const FunctionDecl *FD, const SyncRecord &SR);
  bool locate(SourceLocation Loc, Finding &F);
  /// --compiled: nvcc emitted no branch on the line \p Located (a located finding) names.
  bool compiledWithoutBranch(const Finding &Located) const {
    return Opts.CompiledBranchAt && Opts.CompiledBranchAt(Located.File, Located.Line) == false;
  }
  void setRange(SourceRange R, Finding &F);
  std::string text(SourceRange R) const;
  std::string constructAsWritten(const BranchRecord &BR) const;
  /// The current kernel's block shapes, "256x1x1, 16x16x1".
  std::string joinedShapes() const;
  std::vector<std::string> CurrentAssumptions;
  std::vector<std::string> PredictionAssumptions; ///< of the last branchFinding
  /// Attaches the warp-aligned remap fix-it (lib/Fix/WarpAlignedRemap) to the kernel's branch it
  /// helps most; where there is none, the remap advice on the kernel's branches says why.
  void offerWarpAlignedRemap(const FunctionDecl *Kernel, const FunctionAnalysis &FA);

  /// The lane-varying branch regions met while analyzing the current kernel, for its predicted
  /// warp execution efficiency: one list per analysis in progress (the kernel, the callees it
  /// is analyzing), and the regions of each callee analysis, reused when its summary is.
  struct RegionRecord {
    const FunctionDecl *Function;
    const Stmt *Terminator;
    const Expr *Condition;
    Prediction P;
    bool Decided;
    std::string WhyUndecided, Where;
    bool Unpriced = false; ///< a slow path whose cost was not measured: named, not counted
  };
  std::vector<std::vector<RegionRecord>> RegionStack;
  /// Adds \p From to \p To, one record per branch (call trees that fan out reach the same
  /// callee branches many times): in several contexts, the least efficient split.
  static void mergeRegions(std::vector<RegionRecord> &To, const std::vector<RegionRecord> &From);
  std::set<const IfStmt *> ExitsCounted; ///< early exits already in the current kernel
  std::map<uint64_t, std::vector<RegionRecord>> CalleeRegions;
  /// The calls (callee and argument values) that fell back to an unknown result in the current
  /// kernel's analysis: each once, however often the data flow visits it.
  llvm::DenseSet<uint64_t> UnanalyzedCalls;
  /// `if (c) return;` at the top of a kernel's body: the lanes that leave sit idle through the
  /// rest of the kernel, which the branch's own arms do not show (KernelEfficiency.h).
  void addEarlyExit(const FunctionDecl *FD, const BranchRecord &BR, const EnumerationResult &R,
                    RegionRecord &Region);
  /// A lane-varying hidden branch (\p H, reported as \p F): its slow path as a region the data
  /// decide, or, where its cost was not measured, a named gap in the kernel's efficiency.
  void addSlowPathRegion(const FunctionDecl *FD, const HiddenBranchRecord &H, const Finding &F);
  KernelSummary summarizeKernel(const FunctionDecl *Kernel, std::vector<RegionRecord> Regions,
                                unsigned Unanalyzed);
};

std::string TranslationUnitAnalyzer::text(SourceRange R) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = SM.getExpansionRange(CharSourceRange::getTokenRange(R));
  return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
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

std::vector<BlockShape> TranslationUnitAnalyzer::shapesFor(const FunctionDecl *Kernel,
                                                           std::vector<std::string> &Assumptions) {
  // The user's word for this kernel wins over its launches: `--block-dim=KERNEL:X,Y,Z`.
  for (const std::string &Name : {Kernel->getNameAsString(), Kernel->getQualifiedNameAsString()})
    if (auto It = Opts.KernelBlockDims.find(Name); It != Opts.KernelBlockDims.end())
      return {It->second};
  std::vector<const FunctionDecl *> Keys{Kernel->getCanonicalDecl()};
  if (const FunctionDecl *Pattern = Kernel->getTemplateInstantiationPattern())
    Keys.push_back(Pattern->getCanonicalDecl());
  for (const FunctionDecl *K : Keys) {
    auto It = Collected->Launches.find(K);
    if (It == Collected->Launches.end())
      continue;
    if (It->second.Known.empty())
      continue;
    std::vector<BlockShape> Shapes = It->second.Known;
    if (It->second.SomeUnknown) {
      // Another launch's shape is not known: the default joins the launch shapes, assumed.
      BlockShape Default;
      Shapes.push_back(Default);
      Assumptions.push_back("block shape " + Default.str() +
                            " besides the launch shapes (a launch's block shape is not constant)");
    }
    return Shapes;
  }
  if (auto Asserted = Collected->Resolver.assertedShape(Kernel)) {
    if (Asserted->Source == "assert-x")
      Assumptions.push_back("blockDim.x == " + std::to_string(Asserted->X) +
                            " (the kernel asserts it); y and z unknown");
    return {*Asserted};
  }
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>()) {
    Expr::EvalResult R;
    if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent() &&
        LB->getMaxThreads()->EvaluateAsInt(R, Ctx)) {
      int64_t N = R.Val.getInt().getExtValue();
      if (N > 0 && N <= int64_t(MaxThreadsPerBlock)) {
        BlockShape S;
        S.X = static_cast<unsigned>(N);
        S.Source = "launch_bounds";
        Assumptions.push_back("a one-dimensional block of " + S.str() +
                              " threads from __launch_bounds__(" + std::to_string(N) + ")");
        return {S};
      }
    }
  }
  if (Opts.BlockDimOption)
    return {*Opts.BlockDimOption};
  BlockShape Default;
  Assumptions.push_back("block shape " + Default.str() +
                        " (the default: no launch in this file; set the block dim option)");
  return {Default};
}

CallSummary TranslationUnitAnalyzer::resolveCall(const FunctionDecl *Callee,
                                                 std::vector<SymRef> Args, unsigned Depth,
                                                 const PrivateReach &Reach) {
  uint64_t Key = llvm::hash_combine(Callee, CurrentShapes.size(),
                                    CurrentShapes.empty() ? 0 : CurrentShapes.front().X,
                                    Reach.hash());
  for (const SymRef &A : Args)
    Key = llvm::hash_combine(Key, A ? A->Hash : 0);
  auto It = Summaries.find(Key);
  if (It != Summaries.end()) {
    if (auto R = CalleeRegions.find(Key); R != CalleeRegions.end() && !RegionStack.empty())
      mergeRegions(RegionStack.back(), R->second);
    return It->second;
  }
  // Recursion, or out of budget: the sound fallback (a lane-varying result, and whatever
  // pointers and references it was given may now hold lane-varying values).
  auto Unknown = [&] {
    UnanalyzedCalls.insert(Key);
    CallSummary S;
    S.Return = sym::opaque(Key, Uniformity::LaneVarying, true, Callee->getNameAsString() + "()");
    S.StoredThrough.assign(Args.size(), Uniformity::LaneVarying);
    return S;
  };
  if (InProgress.count(Key) || Depth > 12 || ContextsLeft == 0 || UnitContextsLeft == 0)
    return Unknown();
  --ContextsLeft;
  --UnitContextsLeft;
  InProgress.insert(Key);
  RegionStack.emplace_back();
  FunctionAnalysis FA(Callee, Ctx, *this, Opts, CurrentShapes, std::move(Args), Depth, Reach);
  CallSummary Result;
  if (FA.run()) {
    Result.Return = FA.returnValue();
    Result.StoredThrough = FA.storedThroughParameters();
    Analyzed.insert(Callee);
    collect(Callee, FA, CurrentAssumptions);
  } else {
    Result = Unknown();
  }
  InProgress.erase(Key);
  std::vector<RegionRecord> Regions = std::move(RegionStack.back());
  RegionStack.pop_back();
  if (!RegionStack.empty())
    mergeRegions(RegionStack.back(), Regions);
  CalleeRegions[Key] = std::move(Regions);
  Summaries[Key] = Result;
  return Result;
}

/// "'if' condition 'tid % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes
/// true); predicted efficiency 50%, region slowdown 2.00x"
static std::string branchMessage(const Finding &F, const EnumerationResult &R) {
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
  if (F.PredictedEfficiency && F.PredictedSlowdown) {
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
    PredictionAssumptions = P.Assumptions;
    // Several shapes, or one divlint had to assume: name the one the numbers are for.
    if (R.Enumerated && (CurrentShapes.size() > 1 || !(R.Shape == CurrentShapes.front())))
      PredictionAssumptions.push_back(
          "warps and lanes computed for block shape " + R.Shape.str() +
          (R.Shape.Source == "unknown"
               ? " (the block shape is not known, and threadIdx.y/z change inside a warp of this one)"
               : " (the worst of the shapes " + joinedShapes() + ")"));
    // Cheap divergence is a note: bounds-check tails, arms nvcc turns into selects, and
    // branches whose lost time is under 1% of the function's even at worst.
    if (F.LikelyPredicated || F.Ext == Extent::Tail || P.KernelSlowdown.High < 1.01)
      F.Sev = Severity::Note;
  }
  if (!Explain)
    return F;
  F.Message = branchMessage(F, BR.Result);
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
  F.Sev = Severity::Error;
  F.Class = SR.Under->Result.Class;
  F.ConditionText = text(SR.Call->getSourceRange());
  Finding Cond;
  locate(SR.Under->Condition->getBeginLoc(), Cond);
  std::string CondText = text(SR.Under->Condition->getSourceRange());
  // Why it diverges: who skips the call (whole warps when the condition is warp-uniform, else
  // single lanes) and what they do instead of exiting.
  bool Loop = SR.Under->Construct == "for" || SR.Under->Construct == "while" ||
              SR.Under->Construct == "do";
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

/// The fraction of warps a finding's branch split: which of two reports of one branch is worse.
double divergentFraction(std::optional<unsigned> Divergent, std::optional<unsigned> Total) {
  return Divergent && Total && *Total ? double(*Divergent) / *Total : 0.0;
}

/// Whether a report of class \p C splitting \p Fraction of the warps replaces \p Old, a report
/// of the same branch from another context: the worst wins.
bool outranks(Uniformity C, double Fraction, const Finding &Old) {
  return C > Old.Class ||
         (C == Old.Class && Fraction > divergentFraction(Old.DivergentWarps, Old.TotalWarps));
}

TranslationUnitAnalyzer::MergeKey TranslationUnitAnalyzer::mergeKey(const Finding &F) {
  Rule R = F.TheRule == Rule::UniformBranch ? Rule::DivergentBranch : F.TheRule;
  return std::make_tuple(F.File, F.Line, F.Column, static_cast<int>(R));
}

void TranslationUnitAnalyzer::add(Finding F) {
  MergeKey Key = mergeKey(F);
  if (!F.Kernel.empty())
    F.Kernels = {F.Kernel};
  auto It = Merged.find(Key);
  if (It == Merged.end()) {
    Merged.emplace(Key, std::move(F));
    return;
  }
  // The same source branch seen in another context (call site, instantiation): the worst wins,
  // and the finding names every kernel that reaches it.
  Finding &Old = It->second;
  std::vector<std::string> Kernels = Old.Kernels;
  for (const std::string &K : F.Kernels)
    if (std::find(Kernels.begin(), Kernels.end(), K) == Kernels.end())
      Kernels.push_back(K);
  std::sort(Kernels.begin(), Kernels.end());
  F.Kernels = Kernels;
  Old.Kernels = std::move(Kernels);
  if (outranks(F.Class, divergentFraction(F.DivergentWarps, F.TotalWarps), Old))
    Old = std::move(F);
}

void TranslationUnitAnalyzer::collect(const FunctionDecl *FD, const FunctionAnalysis &FA,
                                      const std::vector<std::string> &Assumptions) {
  for (const BranchRecord &BR : FA.branches()) {
    // A branch that another context (an instantiation, a call site) already reported at least
    // as badly adds only its kernel's name (add): its message, why-trace and rewrites are not
    // built. Its prediction still is: the kernel's summary needs it.
    bool Explain = true;
    Finding Where;
    bool Located = locate(BR.Condition->getBeginLoc(), Where);
    if (Located) {
      Where.TheRule = Rule::DivergentBranch;
      if (auto It = Merged.find(mergeKey(Where)); It != Merged.end()) {
        const EnumerationResult &R = BR.Result;
        bool Counted = R.Class == Uniformity::LaneVarying && R.Enumerated;
        Explain = outranks(R.Class,
                           Counted ? divergentFraction(R.DivergentWarps, R.TotalWarps) : 0.0,
                           It->second);
      }
    }
    Finding F = branchFinding(FD, BR, FA.branches(), Explain);
    if (!Located)
      continue;
    F.File = Where.File;
    F.Line = Where.Line;
    F.Column = Where.Column;
    for (FixSuggestion &Fix : F.Fixes)
      for (Replacement &Rep : Fix.Replacements)
        Rep.File = F.File;
    setRange(BR.Condition->getSourceRange(), F);
    // Seeds synthesized from a call (lane id, group ranks) point at the condition itself.
    for (SourcePoint &P : F.Why)
      if (P.Line == 0) {
        P.Line = F.Line;
        P.Column = F.Column;
      }
    F.Assumptions = Assumptions;
    F.Assumptions.insert(F.Assumptions.end(), PredictionAssumptions.begin(),
                         PredictionAssumptions.end());
    PredictionAssumptions.clear();
    add(std::move(F));
  }
  for (const HiddenBranchRecord &H : FA.hiddenBranches()) {
    // Only where lanes can disagree: a uniform slow path is a branch every lane takes together.
    if (H.Class != Uniformity::LaneVarying)
      continue;
    Finding F;
    F.Kernel = CurrentKernel;
    F.Function = FD->getNameAsString();
    F.TheRule = Rule::HiddenBranch;
    F.Construct = "op";
    F.Class = Uniformity::LaneVarying;
    F.Ext = H.Structural ? Extent::Partial : Extent::DataDependent;
    F.Sev = Severity::Note;
    F.ConditionText = text(H.Site->getSourceRange());
    if (F.ConditionText.size() > 60)
      F.ConditionText = F.ConditionText.substr(0, 57) + "...";
    F.Message = "'" + F.ConditionText + "': " + H.Operation +
                (H.Structural ? ": nvcc compiles it to a branch that splits the warp"
                              : ": nvcc compiles it to a branch on lane-varying operands, so "
                                "the warp can split here");
    if (!locate(H.Site->getExprLoc(), F))
      continue;
    setRange(H.Site->getSourceRange(), F);
    F.Assumptions = Assumptions;
    addSlowPathRegion(FD, H, F);
    add(std::move(F));
  }
  for (const SyncRecord &SR : FA.syncs()) {
    Finding F = syncFinding(FD, SR);
    if (!locate(SR.Call->getBeginLoc(), F))
      continue;
    setRange(SR.Call->getSourceRange(), F);
    F.Assumptions = Assumptions;
    add(std::move(F));
  }
}

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
  std::map<std::tuple<const FunctionDecl *, const Stmt *, const Expr *>, RegionRecord> Unique;
  for (RegionRecord &R : Regions) {
    auto Key = std::make_tuple(R.Function->getCanonicalDecl(), R.Terminator, R.Condition);
    auto It = Unique.find(Key);
    if (It == Unique.end())
      Unique.emplace(Key, std::move(R));
    else if (Eff(R) < Eff(It->second))
      It->second = std::move(R);
  }
  std::map<const FunctionDecl *, bool> CallTripsAssumed;
  KernelCost Cost;
  std::map<const FunctionDecl *, double> Calls =
      Counts.callsPerThread(Costs, Kernel, CallTripsAssumed, &Cost.OpaqueCalls);
  std::vector<KernelRegion> KR;
  std::vector<std::string> Unpriced;
  for (auto &[Key, R] : Unique) {
    if (R.Unpriced) {
      Unpriced.push_back(R.Where);
      continue;
    }
    const FunctionDecl *Function = std::get<0>(Key);
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

TranslationUnitResult TranslationUnitAnalyzer::run() {
  Collector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  Collected = &C;
  TranslationUnitResult Result;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *FD : C.Functions) {
    if (!isKernel(FD))
      continue;
    CurrentKernel = FD->getNameAsString();
    CurrentAssumptions.clear();
    CurrentShapes = shapesFor(FD, CurrentAssumptions);
    ContextsLeft = MaxCallContextsPerRoot;
    RegionStack.assign(1, {});
    ExitsCounted.clear();
    UnanalyzedCalls.clear();
    FunctionAnalysis FA(FD, Ctx, *this, Opts, CurrentShapes, kernelParamValues(FD), 0);
    if (!FA.run()) {
      RegionStack.clear();
      continue;
    }
    Analyzed.insert(FD);
    collect(FD, FA, CurrentAssumptions);
    offerWarpAlignedRemap(FD, FA);
    std::vector<RegionRecord> Regions = std::move(RegionStack.back());
    RegionStack.clear();
    KernelSummary K = summarizeKernel(FD, std::move(Regions), UnanalyzedCalls.size());
    if (!K.File.empty())
      Result.Kernels.push_back(std::move(K));
  }
  // Device functions no kernel here calls: analyzed alone, parameters lane-varying. A
  // __host__ __device__ function no device code reaches is host code in this translation unit.
  for (const FunctionDecl *FD : C.Functions) {
    if (Analyzed.count(FD) || isKernel(FD) || FD->hasAttr<CUDAHostAttr>() ||
        inSystemHeader(SM, FD))
      continue;
    CurrentKernel = "";
    CurrentAssumptions.clear();
    CurrentShapes = {Opts.BlockDimOption ? *Opts.BlockDimOption : BlockShape{}};
    if (!Opts.BlockDimOption)
      CurrentAssumptions.push_back("block shape " + CurrentShapes.front().str() +
                                   " (the default; set the block dim option)");
    CurrentAssumptions.push_back("lane-varying parameters (no call site in this file)");
    ContextsLeft = MaxCallContextsPerRoot;
    FunctionAnalysis FA(FD, Ctx, *this, Opts, CurrentShapes, unknownCallerParamValues(FD), 0);
    if (!FA.run())
      continue;
    Analyzed.insert(FD);
    collect(FD, FA, CurrentAssumptions);
  }
  for (const FunctionDecl *FD : Analyzed)
    if (!inSystemHeader(SM, FD))
      ++Result.DeviceFunctions;
  // Calls clang could not resolve inside device code (a RecoveryExpr: a call whose argument was
  // an invalid declaration, say): whatever they call is not analyzed.
  struct Unresolved : RecursiveASTVisitor<Unresolved> {
    std::vector<const RecoveryExpr *> Found;
    bool VisitRecoveryExpr(RecoveryExpr *E) {
      Found.push_back(E);
      return true;
    }
  };
  for (const FunctionDecl *FD : C.Functions) {
    if (!C.SawRecoveryExpr || inSystemHeader(SM, FD) || !FD->getBody())
      continue;
    Unresolved U;
    U.TraverseStmt(FD->getBody());
    for (const RecoveryExpr *E : U.Found) {
      PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(E->getBeginLoc()));
      if (PL.isValid())
        Result.NotAnalyzed.push_back(
            std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine()) + ": '" +
            text(E->getSourceRange()) +
            "' uses a declaration clang rejected (an error nvcc accepts): calls through it are "
            "not analyzed and their branches are not reported");
    }
  }
  for (const FunctionDecl *FD : C.Invalid) {
    SourceLocation Loc = SM.getExpansionLoc(FD->getLocation());
    PresumedLoc PL = SM.getPresumedLoc(Loc);
    if (SM.isInSystemHeader(Loc) || PL.isInvalid())
      continue;
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
    Result.NotAnalyzed.push_back(std::string(PL.getFilename()) + ":" +
                                 std::to_string(PL.getLine()) + ": device function '" + Name +
                                 "' was not analyzed: clang marked it invalid after an error "
                                 "nvcc accepts; its branches are not reported");
  }
  for (auto &KV : Merged) {
    Finding &F = KV.second;
    if (F.Kernels.size() > 1) {
      std::string Names;
      for (size_t I = 0; I < F.Kernels.size() && I < 4; ++I)
        Names += (I ? ", " : "") + F.Kernels[I];
      if (F.Kernels.size() > 4)
        Names += " and " + std::to_string(F.Kernels.size() - 4) + " more";
      F.Message += "; reached from kernels " + Names;
    }
    Result.Findings.push_back(std::move(F));
  }
  std::sort(Result.Findings.begin(), Result.Findings.end(), findingLess);
  return Result;
}

} // namespace

TranslationUnitResult analyzeTranslationUnit(ASTContext &Ctx, const AnalysisOptions &Opts) {
  return TranslationUnitAnalyzer(Ctx, Opts).run();
}

} // namespace divlint
