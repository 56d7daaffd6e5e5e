//===- TranslationUnitAnalysis.cpp - every device function of a TU --------===//
//
// The orchestration (TranslationUnitAnalyzer.h): kernels with their block shapes, callees in
// their callers' contexts, the functions no kernel reaches on their own; one finding per place.
//
//===----------------------------------------------------------------------===//

#include "TranslationUnitAnalyzer.h"

#include "divlint/Support/PhaseTimes.h"

#include "clang/AST/Mangle.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

namespace divlint {
namespace pipeline {

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
    if (It->second.Known.empty() && It->second.Partial.empty() && !It->second.SomeUnknown)
      continue;
    std::vector<BlockShape> Shapes = It->second.Known;
    // A launch that fixes no dimension (a dim3 divlint cannot follow, a launch through a
    // pointer that may change) allows every layout: ?x?x?, whose sample proves no thread index
    // (its 40x4 blocks split `threadIdx.x / 32`), the same as any launch that leaves x open.
    std::vector<PartialBlockShape> Partial = It->second.Partial;
    if (It->second.SomeUnknown)
      Partial.push_back(PartialBlockShape{});
    if (!Partial.empty()) {
      // Launches that fix some dimensions: layouts that cover every shape they allow, or a
      // sample of them (BlockShape::Sampled), with the blockDim components they leave open
      // kept open (BlockShape::FixedDims).
      std::string Text;
      for (const PartialBlockShape &P : Partial)
        Text += (Text.empty() ? "" : ", ") + P.str();
      ShapeCandidates Candidates = candidateShapes(Partial);
      for (const BlockShape &C : Candidates.Shapes)
        if (std::none_of(Shapes.begin(), Shapes.end(), [&](const BlockShape &S) {
              return S == C && S.FixedDims == C.FixedDims && S.Sampled == C.Sampled;
            }))
          Shapes.push_back(C);
      const char *Why = !It->second.SomeUnknown ? " (a launch fixes only some dimensions): "
                        : It->second.Partial.empty()
                            ? " (the launch's block shape is not constant): "
                            : " (launches fix only some dimensions, or none): ";
      Assumptions.push_back("block shape " + Text + Why +
                            (Candidates.CoversLayouts
                                 ? "every layout it allows"
                                 : "thread indices the launch leaves open are not proved") +
                            (It->second.SomeUnknown ? "; set the block dim option" : ""));
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
  // The callee and what its context holds besides the argument values (the reuse key's part
  // too), then the values.
  uint64_t Context = llvm::hash_combine(Callee, CurrentShapes.size(),
                                        CurrentShapes.empty() ? 0 : CurrentShapes.front().X,
                                        Reach.hash());
  uint64_t Key = Context;
  for (const SymRef &A : Args)
    Key = llvm::hash_combine(Key, A ? A->Hash : 0);
  ++CallsResolved;
  // The analysis in progress may be reused for another context, which then makes this call
  // again with its own arguments (ContextReuse.cpp).
  std::vector<LoggedCall> *Log = CallLogs.empty() ? nullptr : CallLogs.back();
  size_t LogIndex = 0;
  if (Log) {
    LogIndex = Log->size();
    Log->push_back({Callee, Args, Depth, Reach, {}});
  }
  CallSummary Result =
      InWitness ? resolveWitnessCall(Callee, std::move(Args), Depth, Reach,
                                     llvm::hash_combine(Key, 0x3177e55), Key, Context)
                : resolveUnlogged(Callee, std::move(Args), Depth, Reach, Key, Context);
  if (Log)
    (*Log)[LogIndex].Result = Result;
  return Result;
}

CallSummary TranslationUnitAnalyzer::resolveUnlogged(const FunctionDecl *Callee,
                                                     std::vector<SymRef> Args, unsigned Depth,
                                                     const PrivateReach &Reach, uint64_t Key,
                                                     uint64_t Context) {
  auto It = Summaries.find(Key);
  if (It != Summaries.end()) {
    if (auto R = CalleeRegions.find(Key); R != CalleeRegions.end() && !RegionStack.empty())
      mergeRegions(RegionStack.back(), R->second);
    if (auto S = ShownByContext.find(Key); S != ShownByContext.end() && !ShownStack.empty())
      ShownStack.back().insert(ShownStack.back().end(), S->second.begin(), S->second.end());
    return It->second;
  }
  // Recursion, or out of budget: the sound fallback (a lane-varying result, and whatever
  // pointers and references it was given may now hold lane-varying values).
  auto Unknown = [&] {
    ++UnknownsTaken;
    UnanalyzedCalls.insert(Key);
    ReachedUnanalyzed.insert(Callee);
    CallSummary S;
    S.Return = sym::opaque(Key, Uniformity::LaneVarying, true, Callee->getNameAsString() + "()");
    S.StoredThrough = unknownStoredThrough(Callee, Args.size());
    S.StoredAnywhere = Uniformity::LaneVarying;
    return S;
  };
  if (InProgress.count(Key) || Depth >= MaxAnalyzedCallDepth || ContextsLeft == 0 ||
      UnitContextsLeft == 0)
    return Unknown();
  --ContextsLeft;
  --UnitContextsLeft;
  InProgress.insert(Key);
  RegionStack.emplace_back();
  openShown();
  CallSummary Result;
  std::optional<uint64_t> ReuseKey = reuseKey(Context, Args);
  if (!ReuseKey || !reuse(*ReuseKey, Callee, Args, Depth, Key, Result)) {
    HeaderTimer Timing(*this, Callee);
    bool Ran = analyzeForReuse(Callee, std::move(Args), Depth, Reach, ReuseKey, Result,
                               [&](const FunctionAnalysis &FA) {
                                 Analyzed.insert(Callee);
                                 collect(Callee, FA, CurrentAssumptions);
                                 addShown(FA, ShownStack.back());
                               });
    if (!Ran)
      Result = Unknown();
  }
  closeShown(Key, Result);
  InProgress.erase(Key);
  std::vector<RegionRecord> Regions = std::move(RegionStack.back());
  RegionStack.pop_back();
  if (!RegionStack.empty())
    mergeRegions(RegionStack.back(), Regions);
  CalleeRegions[Key] = std::move(Regions);
  Summaries[Key] = Result;
  return Result;
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
  if (Root != RootKind::Kernel && !judgeWithoutCaller(F))
    return;
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
  // Reached from a kernel: judged in the kernels' contexts, not again without a caller.
  if (Root != RootKind::Kernel && KernelReached && KernelReached->count(FD))
    return;
  for (const BranchRecord &BR : FA.branches()) {
    // A branch that another context (an instantiation, a call site) already reported at least
    // as badly adds only its kernel's name (add): its message, why-trace and rewrites are not
    // built. Nor are they for a branch no finding reports (in a system header: CCCL's and
    // libcu++'s headers declare themselves system headers). Its prediction still is: the
    // kernel's summary needs it.
    Finding Where;
    bool Located = locate(BR.Condition->getBeginLoc(), Where);
    bool Explain = Located;
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
    F.Assumptions.insert(F.Assumptions.begin(), Assumptions.begin(), Assumptions.end());
    if (F.Sev == Severity::Warning && F.TheRule == Rule::DivergentBranch)
      needWitness(F, BR.Condition);
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
    F.ConditionText = text(H.Site->getSourceRange(), 60);
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
    if (F.Sev == Severity::Error)
      needWitness(F, SR.Call, unprovenSyncMessage(SR));
    add(std::move(F));
  }
}

bool instantiatedByTheCompiler(const FunctionDecl *FD) {
  for (const DeclContext *DC = FD; DC; DC = DC->getParent()) {
    if (const auto *F = dyn_cast<FunctionDecl>(DC);
        F && F->getTemplateSpecializationKind() == TSK_ImplicitInstantiation)
      return true;
    if (const auto *R = dyn_cast<CXXRecordDecl>(DC);
        R && R->getTemplateSpecializationKind() == TSK_ImplicitInstantiation)
      return true;
  }
  return false;
}

/// The values of a function's parameters (`this` first) when every caller passes the same
/// value to all threads: block-uniform unknowns.
static std::vector<SymRef> uniformCallerParamValues(const FunctionDecl *FD) {
  std::vector<SymRef> V;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance())
    V.push_back(sym::opaque(llvm::hash_combine(FD, 0x716), Uniformity::BlockUniform, false,
                            "this"));
  for (SymRef &P : kernelParamValues(FD))
    V.push_back(std::move(P));
  return V;
}

void TranslationUnitAnalyzer::analyzeWithoutCaller(const FunctionDecl *FD,
                                                   const std::set<const FunctionDecl *> &Judged) {
  CurrentKernel = "";
  KernelReached = &Judged;
  // Twice: with arguments the same in every thread, then lane-varying. What is lane-varying
  // whatever the arguments (thread indices, loaded data) is a warning; what only lane-varying
  // arguments make so is a note that says it.
  for (RootKind Kind : {RootKind::UncalledUniformArgs, RootKind::UncalledVaryingArgs}) {
    Root = Kind;
    CurrentAssumptions.clear();
    CurrentShapes = {Opts.BlockDimOption ? *Opts.BlockDimOption : BlockShape{}};
    if (!Opts.BlockDimOption)
      CurrentAssumptions.push_back("block shape " + CurrentShapes.front().str() +
                                   " (the default; set the block dim option)");
    // A kernel's call that fell back to an unknown result (recursion, the call depth, the
    // budget) reached it.
    std::string Why = ReachedUnanalyzed.count(FD)
                          ? "not analyzed in its callers' contexts (recursion, the call depth "
                            "or the budget)"
                          : "no device caller in this file";
    CurrentAssumptions.push_back(Why + (Kind == RootKind::UncalledUniformArgs
                                            ? ": parameters unknown, lane-varying whatever the "
                                              "arguments"
                                            : ": lane-varying only if a caller passes "
                                              "lane-varying arguments"));
    startRootBudget(/*Kernel=*/false);
    RootClaims.clear();
    HeaderTimer Timing(*this, FD);
    FunctionAnalysis FA(FD, Ctx, *this, Opts, CurrentShapes,
                        Kind == RootKind::UncalledUniformArgs ? uniformCallerParamValues(FD)
                                                              : unknownCallerParamValues(FD),
                        0);
    if (!FA.run())
      return;
    Analyzed.insert(FD);
    collect(FD, FA, CurrentAssumptions);
    if (!RootClaims.empty()) // only the first pass's findings can be warnings
      witnessRoot(FD, uniformCallerParamValues(FD), FA.reliesOnUnseen());
  }
}

bool TranslationUnitAnalyzer::judgeWithoutCaller(Finding &F) {
  if (F.Sev == Severity::Error)
    F.Sev = Severity::Warning; // no caller here: whether threads skip it is not known
  bool Varying = F.Class == Uniformity::LaneVarying;
  if (Root == RootKind::UncalledUniformArgs) {
    if (Varying)
      VaryingWhateverTheArguments.insert(mergeKey(F));
    return true;
  }
  // Lane-varying only with lane-varying arguments: a note; what the first pass found stays.
  if (Varying && !VaryingWhateverTheArguments.count(mergeKey(F))) {
    F.Sev = Severity::Note;
    return true;
  }
  return !Varying; // reported by the first pass already
}

TranslationUnitAnalyzer::HeaderTimer::HeaderTimer(TranslationUnitAnalyzer &A,
                                                 const FunctionDecl *FD)
    : A(A) {
  if (!PhaseTimes::enabled())
    return;
  ++currentPhaseTimes().Analyses;
  const SourceManager &SM = A.Ctx.getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
    return;
  ++currentPhaseTimes().HeaderAnalyses;
  InHeader = true;
  if (A.InHeaderAnalysis++ == 0) { // a header function's callees count with it
    Start = threadCpuSeconds();
    Outermost = FD;
  }
}

TranslationUnitAnalyzer::HeaderTimer::~HeaderTimer() {
  if (!InHeader || --A.InHeaderAnalysis != 0)
    return;
  double Seconds = threadCpuSeconds() - Start;
  currentPhaseTimes().HeaderAnalysis += Seconds;
  if (headerLogEnabled()) { // the outermost timer: the one that set Outermost
    const SourceManager &SM = A.Ctx.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    logHeaderAnalysis(Main ? Main->getName() : "", ASTNameGenerator(A.Ctx).getName(Outermost),
                      Seconds);
  }
}

TranslationUnitResult TranslationUnitAnalyzer::run() {
  PhaseTimes &Times = currentPhaseTimes();
  Collector C(Ctx);
  {
    PhaseTimer Timing(&Times.Collect);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    C.finish();
  }
  PhaseTimer Timing(&Times.Analysis);
  Collected = &C;
  // The cost model asks clang for a statement's parents where the function's body does not
  // hold it (a constructor's member initializers, the default member initializers it runs):
  // the parents within the device functions and those initializers, not a map of the whole
  // translation unit (most of it host code and types; a tenth of a template-heavy unit's time).
  std::vector<Decl *> WholeScope = Ctx.getTraversalScope();
  std::vector<Decl *> DeviceScope;
  llvm::DenseSet<const CXXRecordDecl *> Constructed;
  for (const FunctionDecl *FD : C.Functions) {
    DeviceScope.push_back(const_cast<FunctionDecl *>(FD));
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD);
        Ctor && Constructed.insert(Ctor->getParent()).second)
      for (FieldDecl *Field : Ctor->getParent()->fields())
        if (Field->hasInClassInitializer())
          DeviceScope.push_back(Field);
  }
  Ctx.setTraversalScope(DeviceScope);
  llvm::scope_exit RestoreScope([&] { Ctx.setTraversalScope(WholeScope); });
  TranslationUnitResult Result;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *FD : C.Functions) {
    if (!isKernel(FD))
      continue;
    CurrentKernel = FD->getNameAsString();
    CurrentAssumptions.clear();
    CurrentShapes = shapesFor(FD, CurrentAssumptions);
    startRootBudget(/*Kernel=*/true);
    RegionStack.assign(1, {});
    ExitsCounted.clear();
    UnanalyzedCalls.clear();
    RootClaims.clear();
    HeaderTimer Timing(*this, FD);
    FunctionAnalysis FA(FD, Ctx, *this, Opts, CurrentShapes, kernelParamValues(FD), 0);
    if (!FA.run()) {
      RegionStack.clear();
      continue;
    }
    Analyzed.insert(FD);
    collect(FD, FA, CurrentAssumptions);
    offerWarpAlignedRemap(FD, FA);
    if (!RootClaims.empty())
      witnessRoot(FD, kernelParamValues(FD), FA.reliesOnUnseen());
    std::vector<RegionRecord> Regions = std::move(RegionStack.back());
    RegionStack.clear();
    KernelSummary K = summarizeKernel(FD, std::move(Regions), UnanalyzedCalls.size());
    if (!K.File.empty())
      Result.Kernels.push_back(std::move(K));
  }
  // Device functions no kernel here calls (DESIGN §6.3): analyzed alone, with unknown
  // parameters, and never an error. A __host__ __device__ function no device code reaches is
  // host code in this translation unit; a template instantiation no kernel reaches (only
  // through code a template argument makes dead) is no context that exists.
  std::set<const FunctionDecl *> KernelReached = Analyzed;
  PhaseTimer WithoutCallerTiming(&Times.WithoutCaller);
  for (const FunctionDecl *FD : C.Functions) {
    // (An instantiation a kernel's call reached but fell back on, recursion or the budget, is
    // still analysed alone.)
    if (Analyzed.count(FD) || isKernel(FD) || FD->hasAttr<CUDAHostAttr>() ||
        inSystemHeader(SM, FD) ||
        (instantiatedByTheCompiler(FD) && !ReachedUnanalyzed.count(FD)))
      continue;
    // A header's function no device code of this unit calls is analysed in the units that
    // call it (DESIGN §6.3: the contexts that exist); here it has none. A function of the
    // main file is the user's own code under review: analysed alone, its findings notes.
    if (!ReachedUnanalyzed.count(FD) &&
        !SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      continue;
    analyzeWithoutCaller(FD, KernelReached);
  }
  WithoutCallerTiming.stop();
  Root = RootKind::Kernel;
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
  demoteUnwitnessed();
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

} // namespace pipeline

TranslationUnitResult analyzeTranslationUnit(clang::ASTContext &Ctx, const AnalysisOptions &Opts) {
  return pipeline::TranslationUnitAnalyzer(Ctx, Opts).run();
}

} // namespace divlint

