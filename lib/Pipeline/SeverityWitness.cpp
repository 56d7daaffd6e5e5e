//===- SeverityWitness.cpp - errors and warnings only where the analyzed code shows them -===//
//
// An engineer who gets one false error stops running the tool, and one who reads false warnings
// stops reading them. The data flow is sound, not exact: what it cannot see (a call it does not
// analyze, a store through a pointer it cannot follow) may hold anything, so a condition can be
// lane-varying only because of that. Such a condition is rightly not called uniform, but a
// barrier under it is no proven bug, and a split of it no proven cost.
//
// The witness analysis asks whether the code divlint did analyze shows the split: it runs the
// kernel again with AnalysisOptions::UnseenIsUniform (what divlint cannot see is the same in
// every thread). An error whose call it still finds under a branch that splits the threads,
// and a warning whose condition it still finds lane-varying with values that split a warp,
// stand; the others are notes that say why: the analyzed code gives no thread a value of its
// own there, which is weaker evidence than a condition on thread indices that no value tried
// split (SplitUnseen: an error becomes a warning). The witness only ever lowers a severity: every class, every number and so every uniform
// claim comes from the sound analysis.
//
//===----------------------------------------------------------------------===//

#include "TranslationUnitAnalyzer.h"

#include "divlint/Support/PhaseTimes.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

namespace divlint {
namespace pipeline {

void TranslationUnitAnalyzer::addShown(const FunctionAnalysis &FA,
                                       std::vector<const Stmt *> &To) {
  for (const SyncRecord &SR : FA.syncs())
    if (!SR.Under->Result.SplitUnseen)
      To.push_back(SR.Call);
  for (const BranchRecord &BR : FA.branches())
    if (BR.Result.Class == Uniformity::LaneVarying && !BR.Result.SplitUnseen)
      To.push_back(BR.Condition);
}

void TranslationUnitAnalyzer::noteShown(const FunctionAnalysis &FA) {
  std::vector<const Stmt *> Shown;
  addShown(FA, Shown);
  Witnessed.insert(Shown.begin(), Shown.end());
}

void TranslationUnitAnalyzer::closeShown(uint64_t Key, const CallSummary &Result) {
  std::vector<const Stmt *> Shown = std::move(ShownStack.back());
  ShownStack.pop_back();
  // A context that relied on something unseen makes its callers rely on it too: neither is
  // ever taken by the witness.
  if (Result.ReliesOnUnseen)
    return;
  llvm::sort(Shown);
  Shown.erase(std::unique(Shown.begin(), Shown.end()), Shown.end());
  if (!ShownStack.empty())
    ShownStack.back().insert(ShownStack.back().end(), Shown.begin(), Shown.end());
  ShownByContext[Key] = std::move(Shown);
}

void TranslationUnitAnalyzer::needWitness(const Finding &F, const Stmt *Shown,
                                          std::string UnprovenMessage) {
  // A function without caller analysed with lane-varying arguments reports notes only.
  if (Root == RootKind::UncalledVaryingArgs || InWitness)
    return;
  RootClaims.push_back({mergeKey(F), Shown});
  WitnessKept.try_emplace(mergeKey(F), false);
  if (!UnprovenMessage.empty())
    UnprovenMessages.try_emplace(mergeKey(F), std::move(UnprovenMessage));
}

void TranslationUnitAnalyzer::witnessRoot(const FunctionDecl *FD, std::vector<SymRef> ParamValues,
                                          bool ReliesOnUnseen) {
  // Nothing assumed the worst of what divlint cannot see: the witness would find the same.
  if (!ReliesOnUnseen) {
    for (const auto &Claim : RootClaims)
      WitnessKept[Claim.first] = true;
    return;
  }
  // Another root's witness (an instance of the same template, say) kept every claim already:
  // this one can keep no more.
  if (llvm::all_of(RootClaims, [&](const auto &Claim) { return WitnessKept[Claim.first]; }))
    return;
  // Its own budget (WitnessContexts: as much as a kernel had; for a function without a caller,
  // no more than the unit's budget had left). What runs out of it is taken to be uniform too,
  // so the budget can only lower severities, and the sound analysis's findings do not depend
  // on it (UnitContextsLeft is left alone).
  PhaseTimer Timing(&currentPhaseTimes().Witness);
  unsigned SavedContexts = ContextsLeft;
  InWitness = true;
  ContextsLeft = WitnessContexts;
  Witnessed.clear();
  llvm::scope_exit Restore([&] {
    InWitness = false;
    ContextsLeft = SavedContexts;
  });
  FunctionAnalysis FA(FD, Ctx, *this, WitnessOpts, CurrentShapes, std::move(ParamValues), 0);
  if (!FA.run())
    return;
  noteShown(FA);
  for (const auto &[Key, Shown] : RootClaims)
    if (Witnessed.count(Shown))
      WitnessKept[Key] = true;
}

CallSummary TranslationUnitAnalyzer::resolveWitnessCall(const FunctionDecl *Callee,
                                                        std::vector<SymRef> Args, unsigned Depth,
                                                        const PrivateReach &Reach, uint64_t Key,
                                                        uint64_t MainKey, uint64_t Context) {
  if (auto It = Summaries.find(Key); It != Summaries.end())
    return It->second;
  // The sound analysis of this very context relied on nothing unseen: a witness analysis of
  // it finds the same summary and shows what that one and its callees' show.
  if (auto Shown = ShownByContext.find(MainKey); Shown != ShownByContext.end()) {
    Witnessed.insert(Shown->second.begin(), Shown->second.end());
    CallSummary Result = Summaries.at(MainKey);
    Summaries[Key] = Result;
    return Result;
  }
  // Not analyzed (recursion, depth, budget): a block-uniform result that stores nothing.
  auto Unseen = [&] {
    ++UnknownsTaken;
    CallSummary S;
    S.Return = sym::opaque(Key, Uniformity::BlockUniform, false, Callee->getNameAsString() + "()");
    S.StoredThrough.resize(Args.size());
    S.ReturnsAnywhere = true;
    S.ReturnedPlace = Uniformity::BlockUniform;
    return S;
  };
  if (InProgress.count(Key) || Depth >= MaxAnalyzedCallDepth || ContextsLeft == 0)
    return Unseen();
  --ContextsLeft;
  InProgress.insert(Key);
  CallSummary Result;
  // A context equal to an earlier witness context up to renaming (ContextReuse.h).
  std::optional<uint64_t> ReuseKey = reuseKey(Context, Args);
  if (!ReuseKey || !reuse(*ReuseKey, Callee, Args, Depth, Key, Result)) {
    ++currentPhaseTimes().WitnessAnalyses;
    if (!analyzeForReuse(Callee, std::move(Args), Depth, Reach, ReuseKey, Result,
                         [&](const FunctionAnalysis &FA) { noteShown(FA); }))
      Result = Unseen();
  }
  InProgress.erase(Key);
  Summaries[Key] = Result;
  return Result;
}

void TranslationUnitAnalyzer::demoteUnwitnessed() {
  for (const auto &[Key, Kept] : WitnessKept) {
    auto It = Merged.find(Key);
    if (Kept || It == Merged.end() || It->second.Sev == Severity::Note)
      continue;
    Finding &F = It->second;
    if (auto M = UnprovenMessages.find(Key); M != UnprovenMessages.end())
      F.Message = M->second;
    else
      F.Message += "; a note, not a warning: the code divlint analyzed gives every lane of a "
                   "warp the same condition, which differs only if calls it did not analyze, or "
                   "pointers it could not follow, give lanes different values";
    F.Sev = Severity::Note;
  }
}

} // namespace pipeline
} // namespace divlint
