//===- FunctionAnalysis.cpp - the driver of one function's data flow -----===//
//
// Builds the CFG (every statement its own element), its dominator and post-dominator trees and
// control dependences, then runs the forward data flow to a fixpoint over
// ForwardDataflowWorklist. Each block: join the predecessors (Joins), apply sync dependence
// (SyncDependence), transfer its statements (StatementTransfer; HiddenBranches notes the
// operations nvcc compiles to branches), evaluate and classify its condition
// (BranchClassifier); a block whose condition class grew makes its join point run again.
// Escaped locals are flow-insensitive, so the whole fixpoint reruns while a class grows after
// the round read it. Finally every branch is classified with its guard, barriers are checked
// (BarrierCheck) and the returns are joined into the value callers see.
//
// The parts and the state they share: FunctionAnalysisImpl.h.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

namespace {

bool statesEqual(const State &A, const State &B) {
  if (A.size() != B.size())
    return false;
  for (auto IA = A.begin(), IB = B.begin(); IA != A.end(); ++IA, ++IB)
    if (IA->first != IB->first || !symEqual(IA->second, IB->second))
      return false;
  return true;
}

} // namespace

class FunctionAnalysis::Impl {
public:
  Impl(const FunctionDecl *FD, ASTContext &Ctx, CallResolver &Calls, const AnalysisOptions &Opts,
       std::vector<BlockShape> Shapes, std::vector<SymRef> ParamValues, unsigned Depth,
       PrivateReach Reach)
      : F(FD, Ctx, Calls, Opts, std::move(Shapes), std::move(ParamValues), Depth,
          std::move(Reach)),
        M(F),
        Eval(F, M), Barriers(F, Eval), Transfer(F, M, Eval, Barriers), Joiner(F, M),
        SyncDep(F, M), Classifier(F), Hidden(F, M, Eval), Collectives(F, M) {}

  bool run();
  const std::vector<std::optional<ObjectContents>> &storedThrough() const {
    return M.storedThrough();
  }
  const Memory &memory() const { return M; }
  std::optional<Uniformity> storedAnywhere() const { return M.storedAnywhere(); }
  bool reliesOnUnseen() const { return F.ReliesOnUnseen; }
  SymRef ReturnValue;
  std::vector<BranchRecord> Branches;
  std::vector<SyncRecord> Syncs;
  std::vector<HiddenBranchRecord> HiddenRecords;

private:
  State entryState();
  void transfer(const CFGBlock *B, State &S);
  bool fixpoint();
  void finish();
  void joinReturns();

  FunctionState F;
  Memory M;
  ExprEvaluator Eval;
  BarrierCheck Barriers;
  StatementTransfer Transfer;
  Joins Joiner;
  SyncDependence SyncDep;
  BranchClassifier Classifier;
  HiddenBranches Hidden;
  WarpCollectives Collectives;
  bool ClassChanged = false; ///< a condition class grew in the block just transferred
};

bool FunctionAnalysis::Impl::run() {
  const FunctionDecl *FD = F.FD;
  if (!FD->hasBody() || FD->isInvalidDecl() || FD->isDependentContext())
    return false;
  // The CFG and its trees: the resolver's, shared by every context of the function.
  const FunctionStructure *Structure;
  if (FunctionStructures *Shared = F.Calls.structures()) {
    Structure = &Shared->get(FD, F.Ctx);
  } else {
    F.OwnStructure = FunctionStructure::build(FD, F.Ctx);
    Structure = F.OwnStructure.get();
  }
  if (!Structure->Cfg)
    return false;
  F.Structure = Structure;
  F.ADC = Structure->ADC;
  F.Cfg = Structure->Cfg;

  M.findEscapes();

  unsigned N = F.Cfg->getNumBlockIDs();
  F.CondValue.assign(N, nullptr);
  F.CondClassNow.assign(N, Uniformity::BlockUniform);
  F.IsLoopHeader.assign(N, 0);
  if (!Structure->Acyclic) // (without a cycle no edge goes back: no dominator tree to build)
    for (const CFGBlock *B : *F.Cfg)
      for (const CFGBlock *Pred : B->preds())
        if (Pred && F.dominates(B, Pred))
          F.IsLoopHeader[B->getBlockID()] = 1;
  Joiner.prepare(N);
  SyncDep.prepare(N);
  Collectives.prepare();

  // Memory objects are flow-insensitive: rerun until no class grows after a read of it.
  bool Converged = false;
  for (unsigned Round = 0; Round < 4; ++Round) {
    M.clearChanged();
    Barriers.clear();
    Converged = fixpoint();
    if (!M.changed() && Converged)
      break;
  }
  if (!Converged || M.changed()) {
    M.giveUp();
    F.Widen = true;
    Barriers.clear();
    fixpoint();
  }
  finish();
  return true;
}

bool FunctionAnalysis::Impl::fixpoint() {
  unsigned N = F.Cfg->getNumBlockIDs();
  F.Out.assign(N, std::nullopt);
  F.Visits.assign(N, 0);
  F.Returns.clear();
  F.CurrentBlock = nullptr;
  ForwardDataflowWorklist Worklist(*F.Cfg, *F.ADC);
  Worklist.enqueueBlock(&F.Cfg->getEntry());
  while (const CFGBlock *B = Worklist.dequeue()) {
    unsigned Id = B->getBlockID();
    if (++F.Visits[Id] > MaxBlockVisitsPerBlock)
      F.Widen = true; // guarantees termination: joins stop building induction variables
    State S = B == &F.Cfg->getEntry() ? entryState() : Joiner.join(B);
    SyncDep.apply(B, S);
    Collectives.atBlockEntry(B, S);
    ClassChanged = false;
    transfer(B, S);
    bool Changed = !F.Out[Id] || !statesEqual(*F.Out[Id], S);
    if (Changed)
      F.Out[Id] = std::move(S);
    if (Changed || F.Visits[Id] == 1)
      Worklist.enqueueSuccessors(B);
    if (ClassChanged)
      if (const CFGBlock *Join = F.ipdom(B))
        Worklist.enqueueBlock(Join);
    for (const CFGBlock *Stale : M.takeStaleReaders())
      Worklist.enqueueBlock(Stale);
    if (F.Visits[Id] > 4 * MaxBlockVisitsPerBlock)
      return false;
  }
  F.CurrentBlock = nullptr;
  return true;
}

State FunctionAnalysis::Impl::entryState() {
  State S;
  unsigned Index = 0;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(F.FD); MD && MD->isInstance())
    ++Index; // ParamValues[0] is `this`
  for (const ParmVarDecl *P : F.FD->parameters()) {
    SymRef V = Index < F.ParamValues.size() && F.ParamValues[Index]
                   ? F.ParamValues[Index]
                   : sym::opaque(F.idFor(P), Uniformity::LaneVarying, true, P->getNameAsString());
    ++Index;
    if (M.isEscaped(P)) {
      M.noteEntryValue(P, V);
      continue;
    }
    S[AccessPath{P}] = V;
  }
  return S;
}

void FunctionAnalysis::Impl::transfer(const CFGBlock *B, State &S) {
  F.CurrentBlock = B;
  for (const CFGElement &El : *B)
    if (auto CS = El.getAs<CFGStmt>()) {
      Hidden.note(CS->getStmt(), S);
      Transfer.transfer(CS->getStmt(), B, S);
      Collectives.afterStatement(CS->getStmt(), S);
    } else if (auto Init = El.getAs<CFGInitializer>()) {
      Transfer.transferInitializer(Init->getInitializer(), B, S);
    }
  std::string Construct;
  if (const Expr *Cond = BranchClassifier::leafCondition(B, Construct)) {
    SymRef V = Eval.eval(Cond, S);
    F.CondValue[B->getBlockID()] = V;
    Uniformity Before = F.CondClassNow[B->getBlockID()];
    Uniformity Now = join(Before, Classifier.classify(B, /*WithGuard=*/false).Class);
    F.CondClassNow[B->getBlockID()] = Now;
    if (Now != Before)
      ClassChanged = true;
  }
}

void FunctionAnalysis::Impl::finish() {
  Classifier.freezeGuards();
  HiddenRecords = Hidden.records();
  // Branch records, classified with the lanes that actually reach them.
  std::map<const CFGBlock *, size_t> BranchIndex;
  for (const CFGBlock *B : *F.Cfg) {
    std::string Construct;
    const Expr *Cond = BranchClassifier::leafCondition(B, Construct);
    if (!Cond || !F.Out[B->getBlockID()])
      continue;
    BranchRecord R;
    R.Condition = Cond;
    R.Terminator = B->getTerminatorStmt();
    R.Construct = Construct;
    R.Value = F.CondValue[B->getBlockID()];
    R.Result = Classifier.classify(B, /*WithGuard=*/true, &R.Query);
    // The class from the guarded enumeration never goes below what the fixpoint used.
    BranchIndex[B] = Branches.size();
    Branches.push_back(std::move(R));
  }
  // Barriers and full-mask warp-synchronous calls under divergent branches.
  Syncs = Barriers.check(Branches, BranchIndex);
  joinReturns();
}

/// The returned value: one expression if every return agrees under uniform control.
void FunctionAnalysis::Impl::joinReturns() {
  if (F.Returns.empty())
    return;
  SymRef First = F.Returns.front().first;
  bool Same = true;
  Uniformity Control = Uniformity::BlockUniform;
  std::vector<SymRef> All;
  for (auto &[V, B] : F.Returns) {
    Same &= symEqual(V, First);
    Control = join(Control, F.controlClass(B));
    All.push_back(V);
  }
  // One value at every return: it is the function's value, whichever return a lane took, when
  // the returns are not divergent or the value is each lane's own whenever computed.
  if (Same && (Control == Uniformity::BlockUniform || (First && timeInvariant(*First)))) {
    ReturnValue = First;
    return;
  }
  SymRef J =
      sym::joinLeaf(llvm::hash_combine(F.Salt, 0x7e7), All, F.FD->getNameAsString() + "()");
  if (join(J->Class, Control) != J->Class)
    J = sym::opaque(llvm::hash_combine(F.Salt, 0x7e8), join(J->Class, Control), J->DataDependent,
                    J->Label, J->Ty);
  ReturnValue = J;
}

//===----------------------------------------------------------------------===//
// FunctionAnalysis
//===----------------------------------------------------------------------===//

FunctionAnalysis::FunctionAnalysis(const FunctionDecl *FD, ASTContext &Ctx, CallResolver &Calls,
                                   const AnalysisOptions &Opts, std::vector<BlockShape> Shapes,
                                   std::vector<SymRef> ParamValues, unsigned Depth,
                                   PrivateReach Reach)
    : P(std::make_unique<Impl>(FD, Ctx, Calls, Opts, std::move(Shapes), std::move(ParamValues),
                               Depth, std::move(Reach))) {}
FunctionAnalysis::~FunctionAnalysis() = default;
bool FunctionAnalysis::run() { return P->run(); }
SymRef FunctionAnalysis::returnValue() const { return P->ReturnValue; }
const std::vector<ReturnPlace> &FunctionAnalysis::returnsInto() const {
  return P->memory().returnsInto();
}
bool FunctionAnalysis::returnsAnywhere() const { return P->memory().returnsAnywhere(); }
Uniformity FunctionAnalysis::returnedPlace() const { return P->memory().returnedPlace(); }
bool FunctionAnalysis::reliesOnUnseen() const { return P->reliesOnUnseen(); }
CallSummary FunctionAnalysis::summary() const {
  CallSummary S;
  S.Return = returnValue();
  S.StoredThrough = storedThroughParameters();
  S.StoredAnywhere = storedAnywhere();
  S.ReturnsInto = returnsInto();
  S.ReturnsAnywhere = returnsAnywhere();
  S.ReturnedPlace = returnedPlace();
  S.ReliesOnUnseen = reliesOnUnseen();
  return S;
}
const std::vector<std::optional<ObjectContents>> &FunctionAnalysis::storedThroughParameters() const {
  return P->storedThrough();
}
std::optional<Uniformity> FunctionAnalysis::storedAnywhere() const {
  return P->storedAnywhere();
}
const std::vector<BranchRecord> &FunctionAnalysis::branches() const { return P->Branches; }

std::optional<size_t> wholeConditionBranch(const clang::IfStmt *If,
                                           llvm::ArrayRef<BranchRecord> Branches) {
  const clang::Expr *Cond = If->getCond()->IgnoreParenImpCasts();
  for (size_t I = 0; I < Branches.size(); ++I)
    if (Branches[I].Terminator == If && Branches[I].Condition &&
        Branches[I].Condition->IgnoreParenImpCasts() == Cond)
      return I;
  return std::nullopt;
}
const std::vector<SyncRecord> &FunctionAnalysis::syncs() const { return P->Syncs; }
const std::vector<HiddenBranchRecord> &FunctionAnalysis::hiddenBranches() const {
  return P->HiddenRecords;
}

std::vector<SymRef> kernelParamValues(const FunctionDecl *FD) {
  std::vector<SymRef> V;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    IntType Ty{32, true};
    if (T->isIntegralOrEnumerationType())
      Ty = {static_cast<unsigned>(FD->getASTContext().getIntWidth(T)),
            T->isSignedIntegerOrEnumerationType()};
    auto G = groupTypeOf(T);
    V.push_back(G ? sym::group(G->first, G->second)
                  : sym::timeInvariantOpaque(llvm::hash_combine(P, 0xa7),
                                             Uniformity::BlockUniform, P->getNameAsString(), Ty));
  }
  return V;
}

std::vector<SymRef> unknownCallerParamValues(const FunctionDecl *FD) {
  std::vector<SymRef> V;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance())
    V.push_back(sym::opaque(llvm::hash_combine(FD, 0x715), Uniformity::LaneVarying, true, "this"));
  for (const ParmVarDecl *P : FD->parameters()) {
    auto G = groupTypeOf(P->getType());
    V.push_back(G ? sym::group(G->first, G->second)
                  : sym::opaque(llvm::hash_combine(P, 0xa8), Uniformity::LaneVarying, true,
                                P->getNameAsString() + " (parameter, caller unknown)"));
  }
  return V;
}

} // namespace divlint
