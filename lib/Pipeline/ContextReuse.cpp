//===- ContextReuse.cpp - one analysis for contexts equal up to renaming ------===//
//
// The renaming of leaves between two calling contexts (ContextReuse.h says when
// TranslationUnitAnalyzer::resolveCall uses it).
//
//===----------------------------------------------------------------------===//

#include "ContextReuse.h"
#include "TranslationUnitAnalyzer.h"

#include "divlint/Support/PhaseTimes.h"
#include "llvm/ADT/Hashing.h"

namespace divlint {
namespace pipeline {

namespace {

/// Leaves an analysis reused for another context renames: the opaque ones whose id names the
/// context they were made in, and induction variables (whose ids name their loop and the
/// context it runs in).
bool renamable(const SymExpr &E) {
  return (E.Kind == SymKind::Opaque && !E.ContextFree) || E.Kind == SymKind::IndVar;
}

/// One step of canonicalHash: a multiply-xorshift mix, several times cheaper than
/// llvm::hash_combine of every field of every node (a twentieth of `sort.cu`'s analysis went
/// to the reuse keys). A collision costs only a reuse: matchArguments compares the trees.
void mix(uint64_t &H, uint64_t V) {
  H = (H ^ V) * 0x9ddfea08eb382d69ULL;
  H ^= H >> 47;
}

/// A hash of trees with renamable leaves, and induction variables' loops, numbered in order
/// of appearance.
struct CanonicalHash {
  llvm::DenseMap<uint64_t, unsigned> Leaves, Loops;
  uint64_t H = 0;

  /// False where a leaf stands for a value it cannot rename (canonicalArguments).
  bool add(const SymRef &E) {
    if (!E) {
      mix(H, 0xff);
      return true;
    }
    uint64_t Id = E->Id, Value = static_cast<uint64_t>(E->Value);
    if (renamable(*E))
      Id = Leaves.try_emplace(E->Id, Leaves.size()).first->second;
    if (E->Kind == SymKind::IndVar) // the loop's id
      Value = Loops.try_emplace(Value, Loops.size()).first->second;
    mix(H, static_cast<uint64_t>(E->Kind) | static_cast<uint64_t>(E->Op) << 8 |
               static_cast<uint64_t>(E->Ty.Bits) << 16 | uint64_t(E->Ty.Signed) << 32 |
               static_cast<uint64_t>(E->Dim) << 33 | static_cast<uint64_t>(E->Class) << 40 |
               uint64_t(E->DataDependent) << 48 | uint64_t(E->Evaluable) << 49 |
               uint64_t(E->TimeInvariant) << 50);
    mix(H, Value);
    mix(H, Id);
    if (E->Kind == SymKind::Opaque || E->Kind == SymKind::IndVar) {
      mix(H, llvm::hash_value(llvm::StringRef(E->Label)));
      mix(H, static_cast<uint64_t>(E->OriginLine) << 32 | E->OriginColumn);
      mix(H, static_cast<uint64_t>(E->Derived) ^ E->OfPath);
      if (E->Derived != SymExpr::Derivation::None && renamable(*E) && (!E->Of || !add(E->Of)))
        return false;
    }
    if (E->Kind == SymKind::Record)
      for (const auto &[Field, V] : *E->Fields) {
        mix(H, reinterpret_cast<uintptr_t>(Field));
        if (!add(V))
          return false;
      }
    return add(E->A) && add(E->B) && add(E->C);
  }
};

/// Maps \p Then to \p Now in \p Map unless one of them is mapped otherwise already: one to
/// one, or the data flow would see two values equal in one context and not in the other.
bool mapOneToOne(uint64_t Then, uint64_t Now, llvm::DenseMap<uint64_t, uint64_t> &Map,
                 llvm::DenseSet<uint64_t> &Taken) {
  auto [It, New] = Map.try_emplace(Then, Now);
  if (!New)
    return It->second == Now;
  return Taken.insert(Now).second;
}

/// Whether \p Now is \p Then up to renaming (see matchArguments).
bool match(const SymRef &Then, const SymRef &Now, LeafRenaming &Renaming) {
  if (!Then || !Now)
    return Then == Now;
  const SymExpr &T = *Then, &N = *Now;
  bool IndVar = T.Kind == SymKind::IndVar;
  if (T.Kind != N.Kind || T.Op != N.Op || !(T.Ty == N.Ty) || T.Dim != N.Dim ||
      (T.Value != N.Value && !IndVar) || T.Class != N.Class ||
      T.DataDependent != N.DataDependent || T.Evaluable != N.Evaluable ||
      T.HasThread != N.HasThread || T.ContextFree != N.ContextFree ||
      T.TimeInvariant != N.TimeInvariant || T.Group != N.Group)
    return false;
  if (T.Kind == SymKind::Opaque || IndVar) {
    if (T.Label != N.Label || T.OriginLine != N.OriginLine || T.OriginColumn != N.OriginColumn ||
        T.Derived != N.Derived || T.OfPath != N.OfPath)
      return false;
    if (!renamable(T))
      return T.Id == N.Id;
    // A leaf computed from another value's hash: the callee may compute it again from that
    // value, so the values must match too.
    if (T.Derived != SymExpr::Derivation::None && (!T.Of || !match(T.Of, N.Of, Renaming)))
      return false;
    // An induction variable's loop is one loop of the other context throughout.
    if (IndVar && !mapOneToOne(static_cast<uint64_t>(T.Value), static_cast<uint64_t>(N.Value),
                               Renaming.Loops, Renaming.NowLoops))
      return false;
    // One leaf of Then is one leaf of Now throughout, and no two of Then's share one of Now's
    // (the data flow would see them equal in one context and not in the other).
    auto [It, New] = Renaming.Leaves.try_emplace(T.Id, RenamedLeaf{Then, Now});
    if (!New)
      return It->second.Now->Id == N.Id;
    if (!Renaming.NowIds.insert(N.Id).second)
      return false;
    // An induction variable's start and step (its children) match as any tree does.
    return !IndVar || (match(T.A, N.A, Renaming) && match(T.B, N.B, Renaming));
  }
  if (T.Id != N.Id)
    return false;
  if (T.Kind == SymKind::Record) {
    if (T.Fields->size() != N.Fields->size())
      return false;
    for (size_t I = 0; I < T.Fields->size(); ++I)
      if ((*T.Fields)[I].first != (*N.Fields)[I].first ||
          !match((*T.Fields)[I].second, (*N.Fields)[I].second, Renaming))
        return false;
  }
  return match(T.A, N.A, Renaming) && match(T.B, N.B, Renaming) && match(T.C, N.C, Renaming);
}

} // namespace

std::optional<uint64_t> canonicalArguments(llvm::ArrayRef<SymRef> Args) {
  CanonicalHash C;
  for (const SymRef &A : Args)
    if (!C.add(A))
      return std::nullopt;
  return C.H;
}

bool matchArguments(llvm::ArrayRef<SymRef> Then, llvm::ArrayRef<SymRef> Now,
                    LeafRenaming &Renaming) {
  if (Then.size() != Now.size())
    return false;
  for (size_t I = 0; I < Then.size(); ++I)
    if (!match(Then[I], Now[I], Renaming))
      return false;
  return true;
}

bool renamableResult(const SymRef &E, const LeafRenaming &Renaming) {
  if (!E || E->ContextFree)
    return true;
  if (E->Kind == SymKind::Opaque || E->Kind == SymKind::IndVar) {
    if (auto It = Renaming.Leaves.find(E->Id); It != Renaming.Leaves.end()) {
      // The argument's leaf (perhaps with a source position of the callee's), not a leaf
      // remade with the argument's id and a joined class.
      const SymExpr &Then = *It->second.Then;
      return E->Hash == Then.Hash && E->Class == Then.Class && E->Ty == Then.Ty &&
             E->DataDependent == Then.DataDependent && E->Evaluable == Then.Evaluable &&
             E->Derived == Then.Derived && E->TimeInvariant == Then.TimeInvariant;
    }
    // An induction variable of the callee's own loops (an argument's loop has no others).
    if (E->Kind == SymKind::IndVar)
      return !Renaming.Loops.count(static_cast<uint64_t>(E->Value)) &&
             renamableResult(E->A, Renaming) && renamableResult(E->B, Renaming);
    // A leaf the callee made, or one computed again from a value that renames.
    return E->Derived == SymExpr::Derivation::None ||
           (E->Of && renamableResult(E->Of, Renaming));
  }
  if (E->Kind == SymKind::Record)
    for (const auto &Field : *E->Fields)
      if (!renamableResult(Field.second, Renaming))
        return false;
  return renamableResult(E->A, Renaming) && renamableResult(E->B, Renaming) &&
         renamableResult(E->C, Renaming);
}

namespace {

/// \p Leaf with \p Like's label and source position.
SymRef placedLike(SymRef Leaf, const SymExpr &Like) {
  if (Leaf->Label == Like.Label && Leaf->OriginLine == Like.OriginLine &&
      Leaf->OriginColumn == Like.OriginColumn)
    return Leaf;
  auto Copy = makeLocal<SymExpr>(*Leaf);
  Copy->Label = Like.Label;
  Copy->OriginLine = Like.OriginLine;
  Copy->OriginColumn = Like.OriginColumn;
  return Copy;
}

} // namespace

SymRef renamed(const SymRef &E, const LeafRenaming &Renaming, uint64_t Salt) {
  if (!E || E->ContextFree)
    return E;
  if (E->Kind == SymKind::Opaque || E->Kind == SymKind::IndVar) {
    // An argument's leaf (or loop variable): the other context's, placed where the callee
    // placed this one.
    if (auto It = Renaming.Leaves.find(E->Id); It != Renaming.Leaves.end())
      return placedLike(It->second.Now, *E);
    // A leaf whose id is another value's hash: made again from that value, renamed.
    if (E->Derived != SymExpr::Derivation::None) {
      SymRef Of = renamed(E->Of, Renaming, Salt);
      if (Of == E->Of)
        return E;
      SymRef Again = E->Derived == SymExpr::Derivation::StandsFor
                         ? sym::opaqueOf(Of, E->Label)
                         : sym::fieldOf(Of, E->OfPath, E->Ty, E->Label);
      return placedLike(std::move(Again), *E);
    }
    // A leaf the callee made, or a variable of one of its own loops, whose id mixes in its
    // context (FunctionState::Salt): one of the other context's own. A loop's id is renamed
    // the same way, so that the loop's variables stay those of one loop.
    auto Copy = makeLocal<SymExpr>(*E);
    Copy->Id = llvm::hash_combine(E->Id, Salt);
    if (E->Kind == SymKind::IndVar) {
      Copy->Value = static_cast<int64_t>(llvm::hash_combine(uint64_t(E->Value), Salt));
      Copy->A = renamed(E->A, Renaming, Salt);
      Copy->B = renamed(E->B, Renaming, Salt);
    }
    Copy->Hash = nodeHash(*Copy);
    return Copy;
  }
  // A tree none of whose leaves rename is itself (no copy).
  if (E->Kind == SymKind::Record) {
    std::vector<std::pair<const void *, SymRef>> Fields = *E->Fields;
    bool Same = true;
    for (auto &Field : Fields) {
      SymRef Was = Field.second;
      Field.second = renamed(Field.second, Renaming, Salt);
      Same &= Field.second == Was;
    }
    SymRef A = renamed(E->A, Renaming, Salt);
    if (Same && A == E->A)
      return E;
    return sym::record(std::move(Fields), std::move(A), E->Label);
  }
  SymRef A = renamed(E->A, Renaming, Salt), B = renamed(E->B, Renaming, Salt),
         C = renamed(E->C, Renaming, Salt);
  if (A == E->A && B == E->B && C == E->C)
    return E;
  auto Copy = makeLocal<SymExpr>(*E);
  Copy->A = std::move(A);
  Copy->B = std::move(B);
  Copy->C = std::move(C);
  Copy->Hash = nodeHash(*Copy);
  return Copy;
}

namespace {

/// Whether \p Now is \p Then's result up to \p Renaming (which it extends with the leaves
/// the result brings).
bool sameResult(const CallSummary &Then, const CallSummary &Now, LeafRenaming &Renaming) {
  if (Then.StoredThrough != Now.StoredThrough || Then.StoredAnywhere != Now.StoredAnywhere ||
      Then.ReturnsAnywhere != Now.ReturnsAnywhere || Then.ReturnedPlace != Now.ReturnedPlace ||
      Then.ReliesOnUnseen != Now.ReliesOnUnseen ||
      Then.ReturnsInto.size() != Now.ReturnsInto.size())
    return false;
  for (size_t I = 0; I < Then.ReturnsInto.size(); ++I)
    if (Then.ReturnsInto[I].Arg != Now.ReturnsInto[I].Arg ||
        Then.ReturnsInto[I].Path != Now.ReturnsInto[I].Path)
      return false;
  return matchArguments({Then.Return}, {Now.Return}, Renaming);
}

} // namespace

std::optional<uint64_t> TranslationUnitAnalyzer::reuseKey(uint64_t Context,
                                                          const std::vector<SymRef> &Args) const {
  std::optional<uint64_t> Canonical = canonicalArguments(Args);
  if (!Canonical)
    return std::nullopt;
  // As resolveCall's key, with the arguments numbered.
  return llvm::hash_combine(Context, *Canonical);
}

namespace {
/// The key of an analysis reusable at its own depth only.
uint64_t atDepth(uint64_t ReuseKey, unsigned Depth) {
  return llvm::hash_combine(ReuseKey, Depth, 0xde97);
}
} // namespace

bool TranslationUnitAnalyzer::reuse(uint64_t ReuseKey, const FunctionDecl *Callee,
                                    const std::vector<SymRef> &Args, unsigned Depth,
                                    uint64_t Key, CallSummary &Result) {
  auto &Kept = InWitness ? WitnessReusable : Reusable;
  // An analysis under which the depth cut no call, where none would be cut at this depth
  // either (a new analysis here makes the same calls, each as much deeper or shallower); else
  // one made at this very depth.
  auto It = Kept.find(ReuseKey);
  if (It == Kept.end() || !depthFree(Depth, It->second.Height))
    It = Kept.find(atDepth(ReuseKey, Depth));
  if (It == Kept.end())
    return false;
  const ReusableAnalysis &Earlier = It->second;
  // Its calls ask at most this many contexts: with fewer left, a call the earlier analysis got
  // a summary for would fall back to an unknown result here.
  if (ContextsLeft < Earlier.CallsAsked || (!InWitness && UnitContextsLeft < Earlier.CallsAsked))
    return false;
  LeafRenaming Renaming;
  if (!matchArguments(Earlier.Args, Args, Renaming))
    return false;
  CallLogs.push_back(nullptr);
  for (const LoggedCall &Call : Earlier.Calls) {
    std::vector<SymRef> CallArgs;
    CallArgs.reserve(Call.Args.size());
    for (const SymRef &A : Call.Args)
      CallArgs.push_back(renamed(A, Renaming, Key));
    unsigned CallDepth = Call.Depth - Earlier.Depth + Depth;
    CallSummary Got = resolveCall(Call.Callee, std::move(CallArgs), CallDepth, Call.Reach);
    if (!sameResult(Call.Result, Got, Renaming)) {
      CallLogs.pop_back();
      return false;
    }
  }
  CallLogs.pop_back();
  DeepestAnalysis = std::max(DeepestAnalysis, Depth + Earlier.Height);
  if (PhaseTimes::enabled())
    ++currentPhaseTimes().Reused;
  Result = Earlier.Summary;
  Result.Return = renamed(Result.Return, Renaming, Key);
  if (InWitness) { // what it shows, for the severities (SeverityWitness.cpp)
    if (Earlier.Records)
      noteShown(*Earlier.Records);
    return true;
  }
  Analyzed.insert(Callee);
  if (Earlier.Records) {
    collect(Callee, *Earlier.Records, CurrentAssumptions);
    addShown(*Earlier.Records, ShownStack.back());
  }
  return true;
}

bool TranslationUnitAnalyzer::analyzeForReuse(
    const FunctionDecl *Callee, std::vector<SymRef> Args, unsigned Depth,
    const PrivateReach &Reach, std::optional<uint64_t> ReuseKey, CallSummary &Result,
    llvm::function_ref<void(const FunctionAnalysis &)> Record) {
  std::vector<SymRef> ArgsKept;
  if (ReuseKey)
    ArgsKept = Args;
  std::vector<LoggedCall> Calls;
  CallLogs.push_back(ReuseKey ? &Calls : nullptr);
  unsigned CallsBefore = CallsResolved, UnknownsBefore = UnknownsTaken;
  unsigned DeepestBefore = DeepestAnalysis;
  DeepestAnalysis = Depth;
  auto FA = std::make_unique<FunctionAnalysis>(Callee, Ctx, *this, InWitness ? WitnessOpts : Opts,
                                               CurrentShapes, std::move(Args), Depth, Reach);
  bool Ran = FA->run();
  CallLogs.pop_back();
  unsigned Height = DeepestAnalysis - Depth;
  DeepestAnalysis = std::max(DeepestBefore, DeepestAnalysis);
  if (!Ran)
    return false;
  Result = FA->summary();
  Record(*FA);
  // Reusable only where no call it made fell back to an unknown result (another context's
  // might not).
  if (ReuseKey && UnknownsTaken == UnknownsBefore)
    keepForReuse(*ReuseKey, std::move(ArgsKept), Result, std::move(Calls),
                 CallsResolved - CallsBefore, Depth, Height, std::move(FA));
  return true;
}

void TranslationUnitAnalyzer::keepForReuse(uint64_t ReuseKey, std::vector<SymRef> Args,
                                           const CallSummary &Summary,
                                           std::vector<LoggedCall> Calls, unsigned CallsAsked,
                                           unsigned Depth, unsigned Height,
                                           std::unique_ptr<FunctionAnalysis> FA) {
  auto &Kept = InWitness ? WitnessReusable : Reusable;
  if (!depthFree(Depth, Height))
    ReuseKey = atDepth(ReuseKey, Depth);
  if (Kept.count(ReuseKey))
    return;
  // Every value it passed on or returned must be renamable into another context's: the
  // leaves of its arguments and of its calls' results can be told apart from its own.
  LeafRenaming Own;
  if (!matchArguments(Args, Args, Own))
    return;
  for (const LoggedCall &Call : Calls) {
    for (const SymRef &A : Call.Args)
      if (!renamableResult(A, Own))
        return;
    if (!matchArguments({Call.Result.Return}, {Call.Result.Return}, Own))
      return;
  }
  if (!renamableResult(Summary.Return, Own))
    return;
  ReusableAnalysis &R = Kept[ReuseKey];
  R.Args = std::move(Args);
  R.Calls = std::move(Calls);
  R.CallsAsked = CallsAsked;
  R.Depth = Depth;
  R.Height = Height;
  R.Summary = Summary;
  // Its findings are collected again for each context that reuses it (in the witness
  // analysis: what it shows).
  if (!FA->branches().empty() || !FA->hiddenBranches().empty() || !FA->syncs().empty())
    R.Records = std::move(FA);
}

} // namespace pipeline
} // namespace divlint
