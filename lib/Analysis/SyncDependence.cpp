//===- SyncDependence.cpp - divergence that flows out of a region --------===//
//
// After a branch that is not block-uniform, a variable its region assigned may hold different
// values in lanes that took different sides, although each side assigned something uniform:
// at the branch's immediate post-dominator (CFGPostDomTree) every path assigned in the region
// takes at least the branch's class. A loop whose exit condition is lane-varying is such a
// branch too: lanes leave it in different iterations (temporal divergence). So is a divergent
// `return`, for the code after it. A time-invariant value (constants, block dimensions, thread
// indices, blockIdx, gridDim, parameters on entry: timeInvariant()) is each thread's own
// wherever it was assigned: it keeps its own class.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

void SyncDependence::prepare(unsigned NumBlocks) {
  AssignedInRegion.assign(NumBlocks, std::nullopt);
  BranchesEndingAt.assign(NumBlocks, {});
  for (const CFGBlock *B : *F.Cfg)
    if (B->succ_size() >= 2)
      if (const CFGBlock *Join = F.ipdom(B))
        BranchesEndingAt[Join->getBlockID()].push_back(B);
}

const std::set<AccessPath> &SyncDependence::assignedInRegion(const CFGBlock *B) {
  auto &Slot = AssignedInRegion[B->getBlockID()];
  if (Slot)
    return *Slot;
  Slot.emplace();
  // The region: the blocks between the branch and its immediate post-dominator.
  const CFGBlock *Stop = F.ipdom(B);
  auto Successors = [Stop](const CFGBlock *X, std::vector<const CFGBlock *> &Work) {
    for (const CFGBlock *Succ : X->succs())
      if (Succ && Succ != Stop)
        Work.push_back(Succ);
  };
  std::vector<const CFGBlock *> Start;
  Successors(B, Start);
  collectAssignedInWalk(M, Start, {}, Successors, *Slot);
  return *Slot;
}

/// A value built of constants, block dimensions, thread indices, blockIdx, gridDim and the
/// parameters' values on entry alone (timeInvariant): each thread's value of it is the same
/// whenever and on whichever path the thread computed it. Held on every edge
/// into the join, it is what every lane that arrives holds, its own class and no more, whichever
/// side it took and whichever iteration it left a loop in (`x = 3; if (c) x = 3;`, `w =
/// threadIdx.x / 32` on both sides, `if (d) { k = 7; break; }` on every exit, `x = n * 2` in a
/// loop that started with it).
bool SyncDependence::heldOnEveryEdge(const CFGBlock *B, const AccessPath &P, const SymRef &V) {
  if (!timeInvariant(*V))
    return false;
  // On every edge the join took (an edge without the path: a lane that never assigned it).
  for (const CFGBlock *Pred : B->preds()) {
    if (!Pred || !F.Out[Pred->getBlockID()])
      continue;
    const State &In = *F.Out[Pred->getBlockID()];
    auto It = In.find(P);
    if (It == In.end() || !symEqual(It->second, V))
      return false;
  }
  return true;
}

void SyncDependence::apply(const CFGBlock *B, State &S) {
  // Every non-block-uniform branch whose region ends here: what it assigned now differs
  // between the lanes that took different sides (or left a loop at different iterations).
  for (const CFGBlock *Br : BranchesEndingAt[B->getBlockID()]) {
    if (F.CondClassNow[Br->getBlockID()] == Uniformity::BlockUniform)
      continue;
    Uniformity C = F.CondClassNow[Br->getBlockID()];
    const SymRef &CondV = F.CondValue[Br->getBlockID()];
    for (const AccessPath &P : assignedInRegion(Br)) {
      // The path and every field of it the state holds apart (`st.b` after `st.b = 0`, when a
      // call in the region was given `st`).
      auto Under = [&](const AccessPath &Q) {
        return P.size() <= Q.size() && std::equal(P.begin(), P.end(), Q.begin());
      };
      for (auto It = S.lower_bound(P); It != S.end() && Under(It->first); ++It) {
        if (!It->second || It->second->Kind == SymKind::Group ||
            heldOnEveryEdge(B, It->first, It->second))
          continue;
        const SymRef &Old = It->second;
        It->second =
            sym::opaque(llvm::hash_combine(F.Salt, Br->getBlockID(), F.pathHash(It->first), 0x5d),
                        join(Old->Class, C), Old->DataDependent || (CondV && CondV->DataDependent),
                        F.pathName(It->first), Old->Ty);
      }
    }
  }
}

} // namespace divlint
