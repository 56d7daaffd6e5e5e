//===- BarrierCheck.cpp - barriers and warp-sync calls under divergence ---===//
//
// During the data flow, StatementTransfer hands every call here; barriers (__syncthreads and
// the other IntrinsicKind::Barrier entries, thread_block::sync()) and full-mask warp-synchronous
// calls (a `*_sync` intrinsic whose mask is 0xffffffff or omitted) are recorded with their
// block. After it, a recorded call is reported under the first branch it is control dependent
// on that can split the threads that must all reach it (not block-uniform for a barrier,
// lane-varying for a warp-sync call), when the threads that branch sends past it matter.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "CudaBuiltins.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace divlint {

void BarrierCheck::clear() {
  SyncCalls.clear();
  BarrierCalls.clear();
}

void BarrierCheck::noteCall(const CallExpr *CE, const FunctionDecl *Callee, const CFGBlock *B,
                            State &S) {
  if (!Callee->getIdentifier())
    return;
  llvm::StringRef Name = Callee->getName();
  bool IsBarrier = false, IsWarpSync = false;
  if (inCooperativeGroups(Callee) && Name == "sync") {
    const Expr *G = nullptr;
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
      G = MCE->getImplicitObjectArgument();
    else if (CE->getNumArgs() > 0)
      G = CE->getArg(0);
    if (auto Kind = G ? groupTypeOf(G->getType()) : std::nullopt)
      IsBarrier = Kind->first == GroupKind::Block;
  } else if (!isa<CXXMethodDecl>(Callee)) {
    if (auto Info = lookupIntrinsic(Name)) {
      IsBarrier = Info->Kind == IntrinsicKind::Barrier;
      if (Info->MaskArg >= 0) {
        // Full-mask warp-synchronous intrinsics (an omitted mask means the whole warp).
        int64_t Mask = -1;
        if (unsigned(Info->MaskArg) < CE->getNumArgs() &&
            !isa<CXXDefaultArgExpr>(CE->getArg(Info->MaskArg)))
          if (!isConst(Eval.eval(CE->getArg(Info->MaskArg), S), &Mask))
            Mask = 0;
        IsWarpSync = (uint32_t(Mask) == 0xffffffffu);
      }
    }
  }
  if (IsBarrier || IsWarpSync) {
    SyncCalls[CE] = B;
    if (IsBarrier)
      BarrierCalls.insert(CE);
  }
}

std::vector<SyncRecord>
BarrierCheck::check(const std::vector<BranchRecord> &Branches,
                    const std::map<const CFGBlock *, size_t> &BranchIndex) const {
  std::vector<SyncRecord> Syncs;
  for (auto &[Call, Block] : SyncCalls) {
    bool IsBarrier = BarrierCalls.count(Call);
    const BranchRecord *Offender = nullptr;
    const CallExpr *ReachedInstead = nullptr;
    // Every branch the call is (transitively: see controlClass) control dependent on that can
    // split the threads that must reach it.
    std::vector<std::pair<const CFGBlock *, const BranchRecord *>> Splitting;
    for (CFGBlock *Dep : F.controlDeps().getControlDependencies(const_cast<CFGBlock *>(Block))) {
      auto It = BranchIndex.find(Dep);
      if (It == BranchIndex.end())
        continue;
      const BranchRecord &BR = Branches[It->second];
      // The branch's final class, as the quantifier gives it for the lanes that reach it (not
      // the fixpoint's running join, which may hold what an early round guessed).
      Uniformity C = BR.Result.Class;
      if (IsBarrier ? C == Uniformity::BlockUniform : C != Uniformity::LaneVarying)
        continue;
      Splitting.push_back({Dep, &BR});
    }
    // The outermost first: a branch that decides which threads reach the others is the cause
    // to name. (FasterTransformer's beam search calls `__syncthreads()` in a loop inside `if
    // (thread_id == 0)`; the loop's data-dependent `break`, which only thread 0 evaluates, was
    // named instead.) Branches with a witness (values that split) come before those without,
    // which make a warning, not an error (syncFinding).
    auto Witnessed = [](const BranchRecord *BR) {
      return !BR->Result.SplitUnseen && !BR->Result.LayoutDecidesSplit;
    };
    std::stable_partition(Splitting.begin(), Splitting.end(),
                          [&](const auto &X) { return Witnessed(X.second); });
    while (!Splitting.empty() && !Offender) {
      bool Group = Witnessed(Splitting.front().second);
      auto Outer = llvm::find_if(Splitting, [&](const auto &X) {
        return Witnessed(X.second) == Group && llvm::none_of(Splitting, [&](const auto &Y) {
                 return Y.first != X.first && Witnessed(Y.second) == Group &&
                        F.dominates(Y.first, X.first);
               });
      });
      if (Outer == Splitting.end()) // (blocks the dominator tree cannot reach dominate each other)
        Outer = Splitting.begin();
      auto [Dep, BR] = *Outer;
      Splitting.erase(Outer);
      if (skippingMatters(Dep, Block, IsBarrier, BR->Result.Class == Uniformity::LaneVarying,
                          ReachedInstead))
        Offender = BR;
    }
    if (Offender)
      Syncs.push_back({Call, IsBarrier, Offender, ReachedInstead});
  }
  return Syncs;
}

/// Whether the threads that \p Branch sends past the barrier (or full-mask warp-synchronous
/// call) in \p SyncBlock make it diverge. A thread that returns has exited, and exited threads
/// no longer hold up a barrier (PTX `exit`) nor need to arrive at a `*_sync` call whose mask
/// names them, so a skipping path matters only if it reaches a call of the same kind while the
/// thread still runs (another one, or this one in a later iteration) or, when lanes of one warp
/// split (\p LaneSplit), rejoins the code that runs after the call: the warp then executes it
/// with some of its live lanes elsewhere, which neither the aligned `bar.sync` of
/// `__syncthreads()` nor a full mask allows.
bool BarrierCheck::skippingMatters(const CFGBlock *Branch, const CFGBlock *SyncBlock,
                                   bool IsBarrier, bool LaneSplit,
                                   const CallExpr *&ReachedInstead) const {
  const CFGBlock *Exit = &F.Cfg->getExit();
  std::map<const CFGBlock *, const CallExpr *> BarrierIn;
  for (auto &[Call, Block] : SyncCalls)
    if (BarrierCalls.count(Call) == unsigned(IsBarrier))
      BarrierIn.emplace(Block, Call);
  // Breadth first, so that the call reported is the nearest one the skipping threads reach.
  auto Reachable = [&](std::vector<const CFGBlock *> Start, const CFGBlock *Stop) {
    std::vector<const CFGBlock *> Order;
    std::set<const CFGBlock *> Seen;
    for (size_t I = 0; I < Start.size(); ++I) {
      const CFGBlock *X = Start[I];
      if (!X || X == Exit || !Seen.insert(X).second)
        continue;
      Order.push_back(X);
      if (X != Stop)
        Start.insert(Start.end(), X->succ_begin(), X->succ_end());
    }
    return Order;
  };
  // The sides of the branch that skip the call: not the ones from which it is reached without
  // passing the branch again. Threads on such a side that miss it anyway (a loop around it
  // with no trips) do so by a later branch, which is judged by its own class.
  auto ReachesSync = [&](const CFGBlock *Side) {
    std::vector<const CFGBlock *> Work{Side};
    std::set<const CFGBlock *> Seen;
    while (!Work.empty()) {
      const CFGBlock *X = Work.back();
      Work.pop_back();
      if (!X || X == Branch || !Seen.insert(X).second)
        continue;
      if (X == SyncBlock)
        return true;
      Work.insert(Work.end(), X->succ_begin(), X->succ_end());
    }
    return false;
  };
  std::vector<const CFGBlock *> Skips;
  for (const CFGBlock *Succ : Branch->succs())
    if (Succ && Succ != SyncBlock && !F.postDominates(SyncBlock, Succ) && !ReachesSync(Succ))
      Skips.push_back(Succ);
  std::vector<const CFGBlock *> Skipped = Reachable(Skips, SyncBlock);
  for (const CFGBlock *X : Skipped)
    if (auto It = BarrierIn.find(X); It != BarrierIn.end()) {
      ReachedInstead = It->second;
      return true;
    }
  if (!LaneSplit)
    return false;
  std::vector<const CFGBlock *> After = Reachable(
      std::vector<const CFGBlock *>(SyncBlock->succ_begin(), SyncBlock->succ_end()), nullptr);
  std::set<const CFGBlock *> AfterBarrier(After.begin(), After.end());
  for (const CFGBlock *X : Skipped)
    if (AfterBarrier.count(X))
      return true;
  return false;
}
} // namespace divlint
