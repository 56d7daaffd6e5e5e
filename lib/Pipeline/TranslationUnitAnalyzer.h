//===- TranslationUnitAnalyzer.h - the driver of a TU's analysis -*- C++ -*-===//
//
// Private to lib/Pipeline. The TranslationUnitAnalyzer runs every kernel's FunctionAnalysis,
// resolves calls in their callers' contexts and turns the records into Findings. Its parts:
//
//   TranslationUnitAnalysis.cpp  the orchestration: roots (kernels, functions no kernel
//                                reaches), calling contexts, merging one finding per place
//   FindingConstruction.cpp      a Finding from a branch or sync record: location, class,
//                                severity, numbers, message
//   KernelRegions.cpp            a kernel's lane-varying regions and its summary; the
//                                warp-aligned remap fix-it
//   SeverityWitness.cpp          an error or a warning stands only where the analyzed code
//                                shows it
//   ContextReuse.cpp             one analysis for calling contexts equal up to the renaming of
//                                their unknowns (ContextReuse.h)
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_PIPELINE_TRANSLATIONUNITANALYZER_H
#define DIVLINT_LIB_PIPELINE_TRANSLATIONUNITANALYZER_H

#include "divlint/Pipeline/TranslationUnitAnalysis.h"

#include "divlint/Analysis/FunctionStructure.h"
#include "divlint/Quantify/CostModel.h"
#include "divlint/Quantify/KernelEfficiency.h"
#include "divlint/Quantify/LaunchShapes.h"
#include "divlint/Report/WhyTrace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace divlint {
namespace pipeline {

using namespace clang;

/// Context-sensitive callee analyses per kernel, and per translation unit (every function the
/// kernels leave unanalyzed is a root of its own), before calls fall back to lane-varying.
constexpr unsigned MaxCallContextsPerRoot = 1024;
constexpr unsigned MaxCallContextsPerUnit = 16384;

inline bool isKernel(const FunctionDecl *FD) { return FD->hasAttr<CUDAGlobalAttr>(); }

/// Where a kernel's lane-varying region is, for the reasons of its range: "line 12 ('i < n' in
/// f)", from the finding \p F reports it with, located at \p Line.
inline std::string regionWhere(unsigned Line, const Finding &F) {
  return "line " + std::to_string(Line) + " ('" + F.ConditionText + "' in " + F.Function + ")";
}
inline bool isDeviceFunction(const FunctionDecl *FD) {
  return FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>();
}
/// Declared in a system header (the CUDA and C++ headers), where its macro expansion puts it.
inline bool inSystemHeader(const SourceManager &SM, const Decl *D) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}
/// An implicit template instantiation, or a function inside one (a member, a lambda).
bool instantiatedByTheCompiler(const FunctionDecl *FD);

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
    /// Launches whose block argument fixes some dimensions only (`dim3(32, nwarps)`).
    std::vector<PartialBlockShape> Partial;
    bool SomeUnknown = false; ///< a launch whose block argument fixes nothing divlint can use

    void add(const BlockShape &S) {
      if (!llvm::is_contained(Known, S))
        Known.push_back(S);
    }
    void add(const PartialBlockShape &P) {
      if (!llvm::is_contained(Partial, P))
        Partial.push_back(P);
    }
    /// Other launches' shapes join these.
    void join(const LaunchShapes &Other) {
      for (const BlockShape &S : Other.Known)
        add(S);
      for (const PartialBlockShape &P : Other.Partial)
        add(P);
      SomeUnknown |= Other.SomeUnknown;
    }
  };
  std::map<const FunctionDecl *, LaunchShapes> Launches;
  /// A launch whose kernel divlint cannot name (through a pointer that may change, an array of
  /// kernels): any kernel whose address is used elsewhere (Escaped) may be the one launched,
  /// with the shapes of those launches.
  bool UnresolvedLaunch = false;
  LaunchShapes UnresolvedShapes;
  std::set<const FunctionDecl *> Escaped;

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

  /// The kernel a launch calls: its direct callee, or the function a pointer that never changes
  /// was initialized with (`constexpr auto kernel_fn = attention_kernel<A>;`, or a local
  /// `auto kernel = &flash_fwd_kernel<...>;` that nothing assigns afterwards). A pointer that
  /// may be changed names no kernel.
  const FunctionDecl *launchedKernel(const CUDAKernelCallExpr *CE) {
    if (const FunctionDecl *Direct = CE->getDirectCallee())
      return Direct;
    return kernelNamed(CE->getCallee());
  }

  /// The function \p E names: `kern`, `&kern`, `(void *)kern`, or a pointer initialized with
  /// one of these that is const or a local nothing changes (one level: `p = p` is legal C++).
  const FunctionDecl *kernelNamed(const Expr *E, bool ThroughPointer = true) {
    E = E->IgnoreParenCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    if (const auto *Fn = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr)
      return Fn;
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!ThroughPointer || !VD || !VD->getInit() ||
        !(VD->isConstexpr() || VD->getType().isConstQualified() ||
          Resolver.unchangedAfterInit(VD)))
      return nullptr;
    return kernelNamed(VD->getInit(), false);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *CE) {
    // A template's own launch is looked at in its instantiations (a dependent callee names
    // none before).
    if (CE->isInstantiationDependent())
      return true;
    const FunctionDecl *Kernel = launchedKernel(CE);
    const CallExpr *Config = CE->getConfig();
    if (CE->getDirectCallee())
      LaunchCallees.insert(CE->getCallee()->IgnoreParenImpCasts());
    const Expr *Block = launchBlockArgument(Config);
    if (!Kernel) {
      UnresolvedLaunch = true;
      recordShape(UnresolvedShapes, Block);
    } else if (Block) {
      recordLaunch(Kernel, Block);
    }
    return true;
  }

  /// The block argument of a launch's configuration call: a host launch's
  /// `__cudaPushCallConfiguration(grid, block, ...)`, or a device-side launch's (dynamic
  /// parallelism) `cudaLaunchDevice(func, params, grid, block, ...)`.
  static const Expr *launchBlockArgument(const CallExpr *Config) {
    if (!Config)
      return nullptr;
    const FunctionDecl *Callee = Config->getDirectCallee();
    unsigned Index = Callee && Callee->getIdentifier() && Callee->getName() == "cudaLaunchDevice"
                         ? 3
                         : 1;
    return Config->getNumArgs() > Index ? Config->getArg(Index) : nullptr;
  }

  /// The runtime API's launches: `cudaLaunchKernel(func, grid, block, ...)` and
  /// `cudaLaunchCooperativeKernel` (the C functions and cuda_runtime.h's templates alike).
  void visitRuntimeLaunch(const CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || CE->getNumArgs() < 3 || !Callee->getIdentifier() ||
        CE->isInstantiationDependent() ||
        !(Callee->getName() == "cudaLaunchKernel" ||
          Callee->getName() == "cudaLaunchCooperativeKernel"))
      return;
    if (const FunctionDecl *Kernel = kernelNamed(CE->getArg(0))) {
      recordLaunch(Kernel, CE->getArg(2));
    } else {
      UnresolvedLaunch = true;
      recordShape(UnresolvedShapes, CE->getArg(2));
    }
  }

  /// When some launch names no kernel, the kernels whose address is used outside a launch may
  /// be the ones it launches: the shapes of such launches join theirs.
  void finish() {
    if (!UnresolvedLaunch)
      return;
    for (const FunctionDecl *K : Escaped)
      Launches[K].join(UnresolvedShapes);
  }

  void recordLaunch(const FunctionDecl *Kernel, const Expr *BlockArg) {
    if (isKernel(Kernel))
      recordShape(Launches[Kernel->getCanonicalDecl()], BlockArg);
  }

  /// Adds what a launch's block argument fixes to \p Shapes (no argument: nothing known).
  void recordShape(LaunchShapes &Shapes, const Expr *BlockArg) {
    if (!BlockArg) {
      Shapes.SomeUnknown = true;
      return;
    }
    if (auto Shape = Resolver.blockShape(BlockArg)) {
      Shapes.add(*Shape);
    } else {
      // What the launch fixes: its candidate layouts cover every shape it allows, or they are
      // a sample (BlockShape::Sampled) that still decides the indices the launch fixes (a
      // 40x?x? block's x). A launch that fixes no dimension leaves the layout unknown.
      PartialBlockShape P = Resolver.partialBlockShape(BlockArg);
      if (P.Dims[0] || P.Dims[1] || P.Dims[2])
        Shapes.add(P);
      else
        Shapes.SomeUnknown = true;
    }
  }

  /// Statements (function bodies, initializers) hold only two things the Collector looks for:
  /// launches, and declarations (lambdas, local classes) that may hold device functions. A walk
  /// of their children finds both without the visitor's walk of every type and name in them,
  /// most of a header's cost.
  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    // A lambda's body is a child of its LambdaExpr and the body of its class's call operator:
    // walked once (twice per level of nesting made nested lambdas exponential).
    if (isa<CompoundStmt>(S) && !LambdaBodies.empty() && LambdaBodies.contains(S))
      return true;
    if (auto *CE = dyn_cast<CUDAKernelCallExpr>(S))
      VisitCUDAKernelCallExpr(CE);
    else if (auto *Call = dyn_cast<CallExpr>(S))
      visitRuntimeLaunch(Call);
    SawRecoveryExpr |= isa<RecoveryExpr>(S);
    if (auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
          FD && isKernel(FD) && !LaunchCallees.contains(Ref))
        Escaped.insert(FD->getCanonicalDecl());
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
    if (auto *LE = dyn_cast<LambdaExpr>(S)) {
      LambdaBodies.insert(LE->getBody());
      TraverseDecl(LE->getLambdaClass());
    }
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
  llvm::DenseSet<const FunctionDecl *> Seen;
  llvm::DenseSet<const Stmt *> LambdaBodies; ///< walked through their LambdaExpr
  llvm::DenseSet<const Expr *> LaunchCallees; ///< `kern` in `kern<<<g, b>>>(...)`: no escape
};

class TranslationUnitAnalyzer : public CallResolver {
public:
  TranslationUnitAnalyzer(ASTContext &Ctx, const AnalysisOptions &Opts)
      : Ctx(Ctx), Opts(Opts), WitnessOpts(Opts), Costs(Ctx), Why(Ctx) {
    WitnessOpts.UnseenIsUniform = true;
  }

  TranslationUnitResult run();

  void noteCutCall(const FunctionDecl *Callee) override { ReachedUnanalyzed.insert(Callee); }
  CallSummary resolveCall(const FunctionDecl *Callee, std::vector<SymRef> Args, unsigned Depth,
                          const PrivateReach &Reach) override;
  FunctionStructures *structures() override { return &Structures; }

private:
  ASTContext &Ctx;
  const AnalysisOptions &Opts;
  AnalysisOptions WitnessOpts; ///< Opts with UnseenIsUniform: the witness analysis's
  Collector *Collected = nullptr;
  CostModel Costs;
  FunctionStructures Structures; ///< every analysis's CFG, once per function
  CallCounts Counts; ///< calls per thread of each kernel's callees (summarizeKernel)
  WhyTracer Why;

  // The kernel being analyzed: its name and block shapes are the context of every callee.
  std::string CurrentKernel;
  std::vector<BlockShape> CurrentShapes;

  /// DIVLINT_PHASE_TIMES: counts an analysis, and times it when its function is defined
  /// outside the main file (a header), callees included.
  class HeaderTimer {
  public:
    HeaderTimer(TranslationUnitAnalyzer &A, const FunctionDecl *FD);
    ~HeaderTimer();

  private:
    TranslationUnitAnalyzer &A;
    const FunctionDecl *Outermost = nullptr; ///< the header function timed, for the header log
    bool InHeader = false;
    double Start = 0;
  };
  unsigned InHeaderAnalysis = 0; ///< header analyses in progress

  // Keyed by a hash of the callee and its context; looked up on every call a data flow meets
  // (tens of thousands in template-heavy units): hashed, not ordered.
  std::unordered_map<uint64_t, CallSummary> Summaries;
  std::unordered_set<uint64_t> InProgress;
  /// resolveCall after its log entry: the summary, the analysis, or a reused one.
  /// (\p Key: the context's hash; \p Context: its part besides the argument values.)
  CallSummary resolveUnlogged(const FunctionDecl *Callee, std::vector<SymRef> Args,
                              unsigned Depth, const PrivateReach &Reach, uint64_t Key,
                              uint64_t Context);

  // Analyses reused for contexts equal up to the renaming of their leaves (ContextReuse.h).
  /// A call an analysis made, and what it got.
  struct LoggedCall {
    const FunctionDecl *Callee;
    std::vector<SymRef> Args;
    unsigned Depth;
    PrivateReach Reach;
    CallSummary Result;
  };
  /// An analysis another context may reuse: the arguments it was made for, the calls it made
  /// (in order), how many calls it and its callees' analyses asked for (what a reuse may cost
  /// of the budgets), its summary, and (when it has any) the analysis whose findings each
  /// reusing context collects again.
  struct ReusableAnalysis {
    std::vector<SymRef> Args;
    std::vector<LoggedCall> Calls;
    unsigned CallsAsked = 0;
    CallSummary Summary;
    std::unique_ptr<FunctionAnalysis> Records;
    /// The call depth it ran at, and how much deeper the deepest analysis under it ran.
    unsigned Depth = 0, Height = 0;
  };
  /// By a hash of the callee and its context with the arguments' leaves numbered; the witness
  /// analysis's apart (it assumes what it cannot see is uniform). An analysis under which no
  /// call was cut by the call depth is kept under that hash and reused at any depth where none
  /// would be (depthFree); the others under the hash with their depth mixed in, and reused at
  /// that depth only.
  std::unordered_map<uint64_t, ReusableAnalysis> Reusable, WitnessReusable;
  /// The deepest call depth an analysis ran at, in the current analysis's subtree.
  unsigned DeepestAnalysis = 0;
  /// Whether analyses at \p Depth and up to \p Height deeper make every call a function with a
  /// body they reach (CallEvaluator cuts calls from MaxAnalyzedCallDepth - 1 on).
  static bool depthFree(unsigned Depth, unsigned Height) {
    return Depth + Height + 1 < MaxAnalyzedCallDepth;
  }
  /// Per analysis in progress: where the calls it makes are logged (null: not logged).
  std::vector<std::vector<LoggedCall> *> CallLogs;
  unsigned CallsResolved = 0; ///< calls resolveCall was asked to resolve
  unsigned UnknownsTaken = 0; ///< calls that fell back to an unknown result
  /// The key under which an analysis of this context (\p Context: resolveCall's hash of it
  /// without the argument values) is kept and looked for; none where the arguments cannot be
  /// renamed (canonicalArguments).
  std::optional<uint64_t> reuseKey(uint64_t Context, const std::vector<SymRef> &Args) const;
  /// Reuses the analysis kept under \p ReuseKey for arguments \p Args (the context hashed to
  /// \p Key): makes its calls again with renamed arguments, collects its findings, and gives
  /// its renamed summary in \p Result. False (and nothing done but calls that a new analysis
  /// finds made) where there is none or a call's result does not match.
  bool reuse(uint64_t ReuseKey, const FunctionDecl *Callee, const std::vector<SymRef> &Args,
             unsigned Depth, uint64_t Key, CallSummary &Result);
  /// Analyzes \p Callee in its context (with the witness's options while InWitness), logging
  /// the calls it makes; \p Record takes what it found (findings, or what the witness shows)
  /// before the analysis is kept for reuse under \p ReuseKey. False: no CFG, nothing analyzed.
  bool analyzeForReuse(const FunctionDecl *Callee, std::vector<SymRef> Args, unsigned Depth,
                       const PrivateReach &Reach, std::optional<uint64_t> ReuseKey,
                       CallSummary &Result,
                       llvm::function_ref<void(const FunctionAnalysis &)> Record);
  void keepForReuse(uint64_t ReuseKey, std::vector<SymRef> Args, const CallSummary &Summary,
                    std::vector<LoggedCall> Calls, unsigned CallsAsked, unsigned Depth,
                    unsigned Height, std::unique_ptr<FunctionAnalysis> FA);
  /// Calling contexts the current kernel (or stand-alone function) may still analyze: each call
  /// with new argument values is a new analysis, so call trees that fan out with distinct
  /// arguments (`f(x + 1) + f(x * 3)`, twelve levels deep) would be exponential.
  unsigned ContextsLeft = 0;
  unsigned UnitContextsLeft = MaxCallContextsPerUnit;
  /// The contexts the current root's witness may analyze (SeverityWitness): a kernel's, as many
  /// as its own budget; a function analyzed without a caller, no more than the unit's budget had
  /// left when it began (see startRootBudget).
  unsigned WitnessContexts = 0;
  /// A root's budgets. A function without a caller is analyzed after every kernel, mostly
  /// because the unit's budget cut the kernels' calls to it; its sound analysis then cuts every
  /// call it makes, and a witness given a budget of its own would analyze in full the call trees
  /// the unit's budget cut (on a flash-attention unit, 89 such witnesses cost more than all the
  /// analyses of their functions). Its findings are warnings and notes, never errors.
  void startRootBudget(bool Kernel) {
    ContextsLeft = MaxCallContextsPerRoot;
    WitnessContexts = Kernel ? MaxCallContextsPerRoot
                             : std::min(MaxCallContextsPerRoot, UnitContextsLeft);
  }
  std::set<const FunctionDecl *> Analyzed;
  /// One report per source branch and rule: file, line, column, rule.
  using MergeKey = std::tuple<std::string, unsigned, unsigned, int>;
  static MergeKey mergeKey(const Finding &F);
  std::map<MergeKey, Finding> Merged;

  /// Errors must be true, warnings worth reading (docs/severity.md): a barrier or warp-sync
  /// error, or a lane-varying branch's warning, stands only if the witness analysis of a
  /// kernel that reaches it (AnalysisOptions::UnseenIsUniform: what divlint cannot see is the
  /// same in every thread) still shows the split; otherwise it is a note.
  /// WitnessKept: per such finding, whether a kernel's witness analysis confirmed it.
  std::map<MergeKey, bool> WitnessKept;
  /// The findings that need a witness the current root's analyses reported (a kernel's, or a
  /// function's without caller with uniform arguments): their key and the call (barriers,
  /// warp-sync calls) or condition (branches) the witness must show.
  std::vector<std::pair<MergeKey, const Stmt *>> RootClaims;
  void needWitness(const Finding &F, const Stmt *Shown, std::string UnprovenMessage = "");
  /// Per claim, the message it gets if no witness confirms it (none: the finding's own, with
  /// the reason appended).
  std::map<MergeKey, std::string> UnprovenMessages;
  bool InWitness = false; ///< the witness analysis is running: no findings, own summaries
  /// What it showed: calls under a split, lane-varying conditions with values that split.
  llvm::DenseSet<const Stmt *> Witnessed;
  /// Runs the witness analysis of the root \p FD (with \p ParamValues) for the findings its
  /// analyses reported that need one (SeverityWitness.cpp); none when its analysis did not
  /// rely on what it cannot see.
  void witnessRoot(const FunctionDecl *FD, std::vector<SymRef> ParamValues, bool ReliesOnUnseen);
  /// Records what \p FA (a witness analysis) shows in Witnessed: calls under a branch that
  /// splits the threads and lane-varying conditions, each with values for which it splits (as
  /// an error and a warning need).
  void noteShown(const FunctionAnalysis &FA);
  /// What \p FA shows (noteShown's statements), added to \p To.
  static void addShown(const FunctionAnalysis &FA, std::vector<const Stmt *> &To);
  /// What each context of the sound analysis that relied on nothing unseen shows, its
  /// callees' contexts included: the witness analysis of that context would find the same
  /// summary and show the same, so it takes both instead of analyzing it again (by
  /// resolveCall's key).
  std::unordered_map<uint64_t, std::vector<const Stmt *>> ShownByContext;
  /// Per context of the sound analysis in progress: what it and its callees show so far.
  std::vector<std::vector<const Stmt *>> ShownStack;
  /// Opens a context's entry of ShownStack; closes it with its \p Result (kept under \p Key
  /// when it relied on nothing unseen) and adds what it shows to its caller's.
  void openShown() { ShownStack.emplace_back(); }
  void closeShown(uint64_t Key, const CallSummary &Result);
  /// Makes the findings no witness analysis confirmed notes that say why.
  void demoteUnwitnessed();
  /// resolveCall in the witness analysis: its own summaries (\p Key), no findings, and calls
  /// it cannot analyze are taken to return a block-uniform value and store nothing.
  /// \p MainKey: the context's key in the sound analysis (ShownByContext).
  CallSummary resolveWitnessCall(const FunctionDecl *Callee, std::vector<SymRef> Args,
                                 unsigned Depth, const PrivateReach &Reach, uint64_t Key,
                                 uint64_t MainKey, uint64_t Context);

  /// Which root the current analysis started from: a kernel, or a device function no kernel
  /// reaches, analyzed with arguments the same in every thread, then lane-varying.
  enum class RootKind { Kernel, UncalledUniformArgs, UncalledVaryingArgs };
  RootKind Root = RootKind::Kernel;
  /// The functions the kernels' contexts judge (set while analyzing the others).
  const std::set<const FunctionDecl *> *KernelReached = nullptr;
  /// Functions some call reached but fell back to an unknown result for (recursion, budget).
  std::set<const FunctionDecl *> ReachedUnanalyzed;
  /// Places lane-varying in a function without caller even with uniform arguments.
  std::set<MergeKey> VaryingWhateverTheArguments;
  /// Analyzes \p FD, which no kernel reaches, on its own (DESIGN §6.3); \p Judged: the
  /// functions the kernels reach.
  void analyzeWithoutCaller(const FunctionDecl *FD, const std::set<const FunctionDecl *> &Judged);
  /// The severity of \p F, found without a caller: never an error; a note where only
  /// lane-varying arguments make it lane-varying. False: drop it (reported already).
  bool judgeWithoutCaller(Finding &F);

  std::vector<BlockShape> shapesFor(const FunctionDecl *Kernel,
                                    std::vector<std::string> &Assumptions);
  void collect(const FunctionDecl *FD, const FunctionAnalysis &FA,
               const std::vector<std::string> &Assumptions);
  void add(Finding F);
  /// \p Branches: every branch of \p FD's analysis (the ifs around \p BR among them).
  /// \p Explain: build the message, why-trace and rewrites (not for a report add() drops).
  /// Its assumptions are its prediction's only: the caller adds the context's.
  Finding branchFinding(const FunctionDecl *FD, const BranchRecord &BR,
                        llvm::ArrayRef<BranchRecord> Branches, bool Explain);
  Finding syncFinding(const FunctionDecl *FD, const SyncRecord &SR);
  /// The message of \p SR's finding when the witness analysis does not confirm it.
  std::string unprovenSyncMessage(const SyncRecord &SR);
  bool locate(SourceLocation Loc, Finding &F);
  /// --compiled: nvcc emitted no branch on the line \p Located (a located finding) names.
  bool compiledWithoutBranch(const Finding &Located) const {
    return Opts.CompiledBranchAt && Opts.CompiledBranchAt(Located.File, Located.Line) == false;
  }
  void setRange(SourceRange R, Finding &F);
  std::string text(SourceRange R, size_t MaxChars = 0) const;
  std::string constructAsWritten(const BranchRecord &BR) const;
  /// The current kernel's block shapes, "256x1x1, 16x16x1".
  std::string joinedShapes() const;
  std::vector<std::string> CurrentAssumptions;
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
  std::unordered_map<uint64_t, std::vector<RegionRecord>> CalleeRegions;
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

} // namespace pipeline
} // namespace divlint

#endif
