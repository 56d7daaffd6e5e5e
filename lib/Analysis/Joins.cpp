//===- Joins.cpp - the state at merge points and loop headers ------------===//
//
// Equal values stay; different values become an opaque leaf of the joined class (the leaf's id
// is salted with the block and the path, so a join is the same leaf on every visit). At a loop
// header, a variable the loop assigns whose back-edge values all read `v op step` (the same
// step) becomes an induction variable with its entry value as the start; one that holds the same
// time-invariant value on entry and on every back edge keeps it; anything else the loop assigns
// is the join of everything it has been. Past the visit budget (Widen) headers
// are joined as plain merges, which guarantees termination.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

void Joins::prepare(unsigned NumBlocks) { AssignedInLoop.assign(NumBlocks, std::nullopt); }

const std::set<AccessPath> &Joins::assignedInLoop(const CFGBlock *Header) {
  auto &Slot = AssignedInLoop[Header->getBlockID()];
  if (Slot)
    return *Slot;
  Slot.emplace();
  // The natural loop: blocks that reach a back edge into the header without passing it.
  std::vector<const CFGBlock *> BackEdgeSources;
  for (const CFGBlock *Pred : Header->preds())
    if (Pred && F.dominates(Header, Pred))
      BackEdgeSources.push_back(Pred);
  collectAssigned(M, Header, *Slot);
  auto Predecessors = [](const CFGBlock *X, std::vector<const CFGBlock *> &Work) {
    for (const CFGBlock *Pred : X->preds())
      if (Pred)
        Work.push_back(Pred);
  };
  collectAssignedInWalk(M, BackEdgeSources, {Header}, Predecessors, *Slot);
  return *Slot;
}

/// Recognizes `Back == IV op Step` for the induction variable (LoopId, VarId).
static bool matchUpdate(const SymRef &Back, uint64_t LoopId, uint64_t VarId, SymOp &Op,
                        SymRef &Step) {
  const SymExpr *E = Back.get();
  while (E && E->Kind == SymKind::Unary && E->Op == SymOp::Cast)
    E = E->A.get();
  if (!E || E->Kind != SymKind::Binary)
    return false;
  switch (E->Op) {
  case SymOp::Add: case SymOp::Sub: case SymOp::Mul: case SymOp::Div: case SymOp::Shl:
  case SymOp::Shr: break;
  default: return false;
  }
  const SymExpr *L = E->A.get();
  while (L && L->Kind == SymKind::Unary && L->Op == SymOp::Cast)
    L = L->A.get();
  uint64_t Want = llvm::hash_combine(LoopId, VarId);
  if (!L || L->Kind != SymKind::IndVar || L->Id != Want)
    return false;
  if (containsIndVar(E->B, LoopId, VarId))
    return false;
  Op = E->Op;
  Step = E->B;
  return true;
}

/// Equal but for the versions of induction variables. An enclosing loop's induction variable
/// gains its step once its header has seen the back edge; an inner loop's body computed before
/// still holds the stepless version until the worklist revisits it. Joining the two versions
/// into a leaf would stick: the leaf reaches the outer back edge and the variable stops being an
/// induction variable (`for (bin = tid; bin < 256; bin += 192) { for (i ...) ... }`).
static bool equalButInductionVersions(const SymRef &A, const SymRef &B) {
  if (symEqual(A, B))
    return true;
  if (!A || !B || A->Kind != B->Kind || !(A->Ty == B->Ty) || A->Id != B->Id)
    return false;
  if (A->Kind == SymKind::IndVar)
    return true;
  return A->Op == B->Op && A->Value == B->Value && A->Dim == B->Dim &&
         equalButInductionVersions(A->A, B->A) && equalButInductionVersions(A->B, B->B) &&
         equalButInductionVersions(A->C, B->C);
}

State Joins::join(const CFGBlock *B) {
  struct Incoming {
    const CFGBlock *Pred;
    const State *Out;
    bool BackEdge;             ///< at a loop header: from inside the loop
    State::const_iterator Pos; ///< the merge's position in Out
  };
  llvm::SmallVector<Incoming, 4> Ins;
  for (const CFGBlock *Pred : B->preds())
    if (Pred && F.Out[Pred->getBlockID()])
      Ins.push_back({Pred, &*F.Out[Pred->getBlockID()], false, {}});
  if (Ins.empty())
    return State();
  bool Header = F.IsLoopHeader[B->getBlockID()] && !F.Widen;
  if (Ins.size() == 1 && !Header)
    return *Ins.front().Out;
  for (Incoming &In : Ins) {
    In.BackEdge = Header && F.dominates(B, In.Pred);
    In.Pos = In.Out->begin();
  }
  const std::set<AccessPath> *LoopVars = Header ? &assignedInLoop(B) : nullptr;
  State Result;
  size_t Largest = 0;
  for (const Incoming &In : Ins)
    Largest = std::max(Largest, In.Out->size());
  Result.reserve(Largest);
  // Every path of any incoming state, in order: a merge of the sorted states.
  while (true) {
    const AccessPath *Next = nullptr;
    for (const Incoming &In : Ins)
      if (In.Pos != In.Out->end() && (!Next || In.Pos->first < *Next))
        Next = &In.Pos->first;
    if (!Next)
      break;
    const AccessPath &K = *Next; // stays valid: the states are not changed here
    llvm::SmallVector<Incoming *, 4> Holding; // the edges whose state has K
    for (Incoming &In : Ins)
      if (In.Pos != In.Out->end() && In.Pos->first == K)
        Holding.push_back(&In);
    const SymRef &First = Holding.front()->Pos->second;
    // Most paths hold the very same value on every edge (nothing on the way assigned them):
    // what joinValues would return, without copying the values out. A header's loop variables
    // and paths some edge lacks take the full join.
    bool Identical = llvm::all_of(
        Holding, [&](const Incoming *In) { return In->Pos->second.get() == First.get(); });
    if (Identical && (!Header || (Holding.size() == Ins.size() && !LoopVars->count(K)))) {
      Result.append(K, First);
    } else {
      llvm::SmallVector<SymRef, 4> Entry, Back;
      for (const Incoming *In : Holding)
        (In->BackEdge ? Back : Entry).push_back(In->Pos->second);
      Result.append(K, joinValues(B, K, Entry, Back, Header, LoopVars, Ins.size()));
    }
    for (Incoming *In : Holding)
      ++In->Pos;
  }
  return Result;
}

SymRef Joins::joinValues(const CFGBlock *B, const AccessPath &K, llvm::ArrayRef<SymRef> Entry,
                         llvm::ArrayRef<SymRef> Back, bool Header,
                         const std::set<AccessPath> *LoopVars, size_t NumIncoming) {
  llvm::SmallVector<SymRef, 4> All(Entry.begin(), Entry.end());
  All.append(Back.begin(), Back.end());
  // The id of a joined leaf, hashed only when one is made (most paths agree on every edge).
  auto JoinId = [&] { return uint64_t(llvm::hash_combine(F.Salt, B->getBlockID(), F.pathHash(K))); };
  // (A struct's value is no induction variable: it is joined as any other value below.)
  if (Header && LoopVars->count(K) && !Entry.empty() && Entry.front()->Kind != SymKind::Record) {
    // Assigned in the loop, but on entry and around every back edge to one value that each
    // thread computes the same at every iteration (`x = n * 2;` before the loop and in it):
    // that value at every iteration, and at every exit (SyncDependence keeps it there).
    if (!Back.empty() && NumIncoming == All.size() && All.front() &&
        timeInvariant(*All.front()) &&
        llvm::all_of(All, [&](const SymRef &V) { return symEqual(V, All.front()); }))
      return All.front();
    SymRef Init = Entry.front();
    for (const SymRef &E : Entry)
      if (!symEqual(E, Init))
        Init = sym::joinLeaf(JoinId() ^ 0x1, Entry, F.pathName(K));
    uint64_t Loop = F.loopId(B), Var = F.pathHash(K);
    IntType Ty = Init->Ty;
    if (Back.empty())
      return F.withDeclOrigin(
          sym::indVar(Loop, Var, Init, SymOp::None, nullptr, Ty, F.pathName(K)), K);
    SymOp Op = SymOp::None, Op2;
    SymRef Step, Step2;
    bool Ok = true;
    for (const SymRef &BV : Back) {
      if (!matchUpdate(BV, Loop, Var, Op2, Step2) ||
          (Step && (Op2 != Op || !symEqual(Step, Step2)))) {
        Ok = false;
        break;
      }
      Op = Op2;
      Step = Step2;
    }
    if (Ok && Init->Kind != SymKind::Group && Init->Kind != SymKind::Dim3)
      return F.withDeclOrigin(sym::indVar(Loop, Var, Init, Op, Step, Ty, F.pathName(K)), K);
    // Not an induction variable: the class of everything it has been.
    return sym::joinLeaf(JoinId(), All, F.pathName(K));
  }
  bool Same = true;
  for (const SymRef &V : All)
    Same &= symEqual(V, All.front());
  if (Same && (NumIncoming == All.size() || !Header))
    return All.front();
  // A loop that does not assign the variable: what comes around the back edge is what came in,
  // unless another version of an enclosing loop's induction variable is still on its way.
  if (Header && !Entry.empty() && NumIncoming == All.size()) {
    bool EntrySame = true, BackStale = true;
    for (const SymRef &V : Entry)
      EntrySame &= symEqual(V, Entry.front());
    for (const SymRef &V : Back)
      BackStale &= equalButInductionVersions(V, Entry.front());
    if (EntrySame && BackStale)
      return Entry.front();
  }
  if (All.front()->Kind == SymKind::Group)
    return All.front();
  return sym::joinLeaf(JoinId(), All, F.pathName(K));
}

} // namespace divlint
