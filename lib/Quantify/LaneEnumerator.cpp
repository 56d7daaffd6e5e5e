#include "divlint/Quantify/LaneEnumerator.h"

#include "divlint/Quantify/EnumerationMemo.h"
#include "divlint/Quantify/UniformityProof.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/bit.h"
#include <algorithm>
#include <map>
#include <set>

namespace divlint {

namespace {

// Values given to unknown block-uniform leaves: small, odd, warp-aligned and large, so that a
// threshold that can split a warp does so for at least one of them.
constexpr int64_t SampleValues[] = {17, 1, 64, 100, 3, 1000, 255, 0};
// Every value: with 6 a single unknown never took 0, and `blockIdx.x * blockDim.x +
// threadIdx.x == 0` (true in block 0 only) was reported block-uniform.
// One more sample: every unknown 0 at once (block 0 of a grid always exists; staggered values
// never make `blockIdx.x + gridDim.x * blockIdx.y == 0`).
constexpr unsigned NumSamples = std::size(SampleValues) + 1;
// Iterations enumerated for the loop whose induction variable the condition reads.
constexpr unsigned MaxIterationsExact = 1024;
constexpr unsigned MaxIterationsSampled = 64;
// Budget of lane evaluations per condition; past it the result says what it saw so far.
constexpr uint64_t MaxEvaluations = 4u << 20;
// Distinct value sets of a switch's warps kept for the cost model (more: only their mean size).
constexpr size_t MaxSwitchValueSets = 64;

struct Leaves {
  std::vector<uint64_t> UniformOpaques; ///< ids of block/warp-uniform opaque leaves
  std::vector<std::string> UniformLabels; ///< their names, for "for some values of ..."
  std::vector<uint64_t> LoopIds;        ///< loops of the IndVar leaves
  bool VaryingOpaque = false;
  bool VaryingDataDependent = false;
};

void collect(const SymRef &E, Leaves &L) {
  if (!E)
    return;
  forEachLeaf(E, [&](const SymExpr &Leaf) {
    if (Leaf.Kind == SymKind::Opaque) {
      if (Leaf.Class == Uniformity::LaneVarying) {
        L.VaryingOpaque = true;
        L.VaryingDataDependent |= Leaf.DataDependent;
      } else if (std::find(L.UniformOpaques.begin(), L.UniformOpaques.end(), Leaf.Id) ==
                 L.UniformOpaques.end()) {
        L.UniformOpaques.push_back(Leaf.Id);
        if (!Leaf.Label.empty() &&
            std::find(L.UniformLabels.begin(), L.UniformLabels.end(), Leaf.Label) ==
                L.UniformLabels.end())
          L.UniformLabels.push_back(Leaf.Label);
      }
    } else if (Leaf.Kind == SymKind::IndVar) {
      uint64_t Loop = static_cast<uint64_t>(Leaf.Value);
      if (std::find(L.LoopIds.begin(), L.LoopIds.end(), Loop) == L.LoopIds.end())
        L.LoopIds.push_back(Loop);
    }
  });
}

const SymExpr *stripCastsAndNot(const SymExpr *E, bool *Negated = nullptr) {
  while (E && E->Kind == SymKind::Unary && (E->Op == SymOp::Cast || E->Op == SymOp::LNot)) {
    if (E->Op == SymOp::LNot && Negated)
      *Negated = !*Negated;
    E = E->A.get();
  }
  return E;
}

bool isRelational(SymOp Op) {
  return Op == SymOp::LT || Op == SymOp::LE || Op == SymOp::GT || Op == SymOp::GE;
}

bool hasUnknownLeaf(const SymRef &E) {
  bool Unknown = false;
  forEachLeaf(E, [&](const SymExpr &Leaf) {
    Unknown |= Leaf.Kind == SymKind::Opaque || (Leaf.Kind == SymKind::IndVar && !Leaf.Evaluable);
  });
  return Unknown;
}

class Enumerator {
public:
  Enumerator(const EnumerationQuery &Q, const BlockShape &Shape) : Q(Q), Shape(Shape) {
    Env.BlockDim[0] = Shape.X;
    Env.BlockDim[1] = Shape.Y;
    Env.BlockDim[2] = Shape.Z;
    WarpSize = Q.WarpSize ? Q.WarpSize : 32;
    Threads = Shape.threads();
    Warps = Shape.warps(WarpSize);
    Env.LaneInvariant = &LaneInvariant;
  }

  EnumerationResult run();

private:
  /// A class-only query has its answer once a warp split.
  bool stopped() const { return Q.ClassOnly && !DivergentWarpSet.empty(); }

  const EnumerationQuery &Q;
  const BlockShape &Shape;
  EvalEnv Env;
  unsigned WarpSize = 32, Threads = 0, Warps = 0;
  uint64_t Evaluations = 0;

  // Aggregates.
  std::set<unsigned> DivergentWarpSet;
  std::set<std::pair<unsigned, unsigned>> Splits;
  double TrueFractionSum = 0;
  double DivergentTrueSum = 0, DivergentActiveSum = 0, UniformActiveSum = 0, DistinctSum = 0;
  std::map<std::vector<int64_t>, unsigned> ValueSets;
  bool ValueSetsComplete = true;
  unsigned DivergentObservations = 0, UniformObservations = 0, UniformTrue = 0, FirstLaneTrue = 0;
  bool WarpsDiffer = false, AnyEvaluated = false;
  double TruePasses = 0, FalsePasses = 0, RegroupedTruePasses = 0, RegroupedFalsePasses = 0;
  std::string LaneMap;
  // A loop's own condition, enumerated iteration by iteration: its trip counts.
  uint64_t TrueLanesTotal = 0, FirstActiveLanes = 0, FirstActiveWarps = 0, BlockEvaluations = 0;
  double FirstTruePasses = 0;
  bool LoopRanOut = false; ///< stopped at the iteration or evaluation cap
  /// A lane that reaches the condition had no value (division by zero, an unknown leaf):
  /// what the enumeration saw is then not every lane.
  bool LaneUnevaluated = false;

  /// Lanes are evaluated a warp at a time (evaluateLanes): each node of a tree once per warp.
  struct Warp {
    LaneBatch Batch;
    unsigned Lane[LaneBatch::MaxLanes]; ///< each batch entry's lane in the warp
  };
  /// Every warp's lanes, computed once (div/mod per lane adds up over samples and iterations).
  std::vector<Warp> FullWarps;
  /// The lanes of warp \p W that exist.
  const Warp &warp(unsigned W) {
    if (FullWarps.empty()) {
      FullWarps.resize(Warps);
      for (unsigned I = 0; I < Warps; ++I)
        fillWarp(I, FullWarps[I]);
    }
    return FullWarps[W];
  }
  /// Lanes of one warp, bit L for lane L (the lanes still inside a loop).
  using LaneMask = uint64_t;
  /// The lanes of warp \p W that exist and (with \p Alive, a mask per warp) are still alive;
  /// \p Scratch holds them when some are not.
  const Warp &warp(unsigned W, const std::vector<LaneMask> *Alive, Warp &Scratch) {
    const Warp &Full = warp(W);
    // A full warp's batch entry I is lane I (fillWarp), so its batch mask is its lane mask.
    if (!Alive || ((*Alive)[W] & Full.Batch.all()) == Full.Batch.all())
      return Full;
    Scratch.Batch.Size = 0;
    for (unsigned I = 0; I < Full.Batch.Size; ++I) {
      if (!((*Alive)[W] >> Full.Lane[I] & 1))
        continue;
      unsigned J = Scratch.Batch.Size++;
      for (unsigned D = 0; D < 3; ++D)
        Scratch.Batch.Tid[D][J] = Full.Batch.Tid[D][I];
      Scratch.Lane[J] = Full.Lane[I];
    }
    return Scratch;
  }
  void fillWarp(unsigned W, Warp &Out) const {
    Out.Batch.Size = 0;
    for (unsigned Lane = 0; Lane < WarpSize; ++Lane) {
      unsigned Linear = W * WarpSize + Lane;
      if (Linear >= Threads)
        break;
      if (Q.RemapGroup > 1)
        Linear = warpAlignedIndex(Linear, Q.RemapGroup, WarpSize);
      unsigned I = Out.Batch.Size++;
      Out.Batch.Tid[0][I] = Linear % Shape.X;
      Out.Batch.Tid[1][I] = (Linear / Shape.X) % Shape.Y;
      Out.Batch.Tid[2][I] = Linear / (Shape.X * Shape.Y);
      Out.Lane[I] = Lane;
    }
  }
  /// \p E for every lane of \p W; \p Counted lanes count against the evaluation budget.
  void eval(const SymRef &E, const Warp &W, LaneValues &Out, unsigned Counted) {
    Evaluations += Counted;
    if (Env.Opaques != InvariantOpaques || Env.Iteration != InvariantIteration) {
      LaneInvariant.clear(); // another sample or iteration: lane-invariant values change
      InvariantOpaques = Env.Opaques;
      InvariantIteration = Env.Iteration;
    }
    evaluateLanes(*E, Env, W.Batch, Out);
  }
  /// Values of the subtrees that read no thread index, for the current samples and iterations.
  llvm::DenseMap<const SymExpr *, std::optional<int64_t>> LaneInvariant;
  std::vector<std::pair<uint64_t, int64_t>> InvariantOpaques, InvariantIteration;
  /// The lanes of \p W that pass the guard; an unevaluable guard keeps the lane (the sound side).
  uint64_t guardHolds(const Warp &W) {
    if (!Q.Guard)
      return W.Batch.all();
    LaneValues G;
    eval(Q.Guard, W, G, W.Batch.Size);
    uint64_t Keep = W.Batch.all();
    for (unsigned I = 0; I < W.Batch.Size; ++I)
      if ((G.Valid >> I & 1) && G.Value[I] == 0)
        Keep &= ~(uint64_t(1) << I);
    return Keep;
  }
  /// The lane mask of the batch entries \p Entries of \p Lanes.
  static LaneMask laneMask(const Warp &Lanes, uint64_t Entries) {
    LaneMask M = 0;
    for (unsigned I = 0; I < Lanes.Batch.Size; ++I)
      M |= (Entries >> I & 1) << Lanes.Lane[I];
    return M;
  }
  /// Evaluates Cond over the block for the current Env. \p Alive restricts the lanes (loop exits).
  /// \p CondValues, when given, gets each warp's values of Cond.
  void evaluateBlock(const std::vector<LaneMask> *Alive,
                     std::vector<LaneValues> *CondValues = nullptr);
  /// Mean lanes per warp that pass the guard, over the warps with any (for results that are not
  /// enumerated lane by lane); an unevaluable guard keeps its lanes.
  std::optional<double> lanesPerWarp();
  /// +1 / -1 when \p Side never decreases / increases from lane to lane inside any warp (and
  /// varies); 0 otherwise.
  int monotoneDirection(const SymRef &Side);
  /// Whether \p Side takes two values inside one warp (else no threshold can split a warp).
  bool variesWithinWarp(const SymRef &Side);
};

void Enumerator::evaluateBlock(const std::vector<LaneMask> *Alive,
                               std::vector<LaneValues> *CondValues) {
  std::optional<int64_t> BlockValue;
  bool BlockMixed = false;
  unsigned BlockTrue = 0, BlockFalse = 0; // lanes, for the regrouped passes
  unsigned ActiveWarps = 0;
  Warp Scratch;
  LaneValues CondHere;
  for (unsigned W = 0; W < Warps && !stopped(); ++W) {
    unsigned Active = 0, True = 0;
    std::optional<bool> FirstTrue;
    std::optional<int64_t> FirstValue; // MultiWay: lanes agreeing with the warp's first lane
    std::vector<int64_t> Values;       // MultiWay: the warp's values
    uint64_t TrueLanes = 0;            // batch entries on the true side
    const Warp &Lanes = warp(W, Alive, Scratch);
    uint64_t Reach = guardHolds(Lanes);
    LaneValues &Cond = CondValues ? (*CondValues)[W] : CondHere;
    eval(Q.Cond, Lanes, Cond, llvm::popcount(Reach));
    uint64_t Known = Reach & Cond.Valid;
    LaneUnevaluated |= Known != Reach;
    if (!Q.MultiWay) {
      // Two-way: counts of the lane masks (whether the block mixes: from BlockTrue/False).
      for (unsigned I = 0; I < Lanes.Batch.Size; ++I)
        TrueLanes |= uint64_t(Cond.Value[I] != 0) << I;
      TrueLanes &= Known;
      Active = llvm::popcount(Known);
      True = llvm::popcount(TrueLanes);
      if (Active)
        FirstTrue = TrueLanes >> llvm::countr_zero(Known) & 1;
    }
    for (unsigned I = 0; Q.MultiWay && I < Lanes.Batch.Size; ++I) {
      if (!(Known >> I & 1))
        continue;
      int64_t V = Cond.Value[I];
      ++Active;
      if (!FirstValue)
        FirstValue = V;
      Values.push_back(V);
      bool T = V == *FirstValue;
      if (!FirstTrue)
        FirstTrue = T;
      True += T;
      TrueLanes |= uint64_t(T) << I;
      if (!BlockValue)
        BlockValue = V;
      else if (*BlockValue != V)
        BlockMixed = true;
    }
    if (Active) {
      AnyEvaluated = true;
      ++ActiveWarps;
    }
    TruePasses += True > 0;
    FalsePasses += True < Active;
    BlockTrue += True;
    BlockFalse += Active - True;
    if (True > 0 && True < Active) {
      DivergentWarpSet.insert(W);
      Splits.insert({True, Active});
      TrueFractionSum += double(True) / Active;
      DivergentTrueSum += True;
      DivergentActiveSum += Active;
      ++DivergentObservations;
      FirstLaneTrue += FirstTrue.value_or(false);
      if (LaneMap.empty()) {
        LaneMap.assign(WarpSize, '.');
        for (unsigned I = 0; I < Lanes.Batch.Size; ++I)
          if (Known >> I & 1)
            LaneMap[Lanes.Lane[I]] = TrueLanes >> I & 1 ? 'T' : 'F';
      }
      if (Q.MultiWay) {
        std::sort(Values.begin(), Values.end());
        Values.erase(std::unique(Values.begin(), Values.end()), Values.end());
        DistinctSum += Values.size();
        if (ValueSets.count(Values) || ValueSets.size() < MaxSwitchValueSets)
          ++ValueSets[Values];
        else
          ValueSetsComplete = false;
      }
    } else if (Active) {
      ++UniformObservations;
      UniformTrue += True == Active;
      UniformActiveSum += Active;
    }
  }
  WarpsDiffer |= Q.MultiWay ? BlockMixed : BlockTrue && BlockFalse;
  TrueLanesTotal += BlockTrue;
  if (!BlockEvaluations++) {
    FirstActiveLanes = BlockTrue + BlockFalse;
    FirstActiveWarps = ActiveWarps;
    FirstTruePasses = TruePasses;
  }
  RegroupedTruePasses += (BlockTrue + WarpSize - 1) / WarpSize;
  RegroupedFalsePasses += (BlockFalse + WarpSize - 1) / WarpSize;
}

std::optional<double> Enumerator::lanesPerWarp() {
  unsigned Lanes = 0, Reached = 0;
  for (unsigned W = 0; W < Warps; ++W) {
    unsigned Active = llvm::popcount(guardHolds(warp(W)));
    Lanes += Active;
    Reached += Active > 0;
  }
  if (!Reached)
    return std::nullopt;
  return double(Lanes) / Reached;
}

int Enumerator::monotoneDirection(const SymRef &Side) {
  // Monotone inside each warp is enough: a threshold then splits each warp at most once, and
  // which warps it splits depends on where the threshold falls (`i < n` with i a global column
  // index in 32x8 blocks: every warp holds columns 32 bx .. 32 bx + 31). Rows may also count
  // apart (ByRow): in 16x16 blocks a warp holds two rows of `ix = 16 bx + x`, each split at most
  // once by `ix < w`, and only in the blocks where w falls.
  auto Direction = [&](bool ByRow) {
    bool Up = true, Down = true, Varies = false;
    LaneValues Values;
    for (unsigned W = 0; W < Warps; ++W) {
      const Warp &Lanes = warp(W);
      eval(Side, Lanes, Values, Lanes.Batch.Size);
      if (Values.Valid != Lanes.Batch.all())
        return 0;
      for (unsigned I = 1; I < Lanes.Batch.Size; ++I) {
        if (ByRow && Lanes.Batch.Tid[0][I] == 0)
          continue; // a new row
        int64_t Prev = Values.Value[I - 1], V = Values.Value[I];
        Up &= V >= Prev;
        Down &= V <= Prev;
        Varies |= V != Prev;
      }
    }
    if (!Varies)
      return 0;
    return Up ? 1 : Down ? -1 : 0;
  };
  int Dir = Direction(/*ByRow=*/false);
  return Dir ? Dir : Direction(/*ByRow=*/true);
}

bool Enumerator::variesWithinWarp(const SymRef &Side) {
  LaneValues Values;
  for (unsigned W = 0; W < Warps; ++W) {
    const Warp &Lanes = warp(W);
    eval(Side, Lanes, Values, Lanes.Batch.Size);
    if (Values.Valid != Lanes.Batch.all())
      return true; // not evaluable: assume it may
    for (unsigned I = 1; I < Lanes.Batch.Size; ++I)
      if (Values.Value[I] != Values.Value[0])
        return true;
  }
  return false;
}

EnumerationResult Enumerator::run() {
  EnumerationResult R;
  Leaves L;
  collect(Q.Cond, L);
  // 1. Data-dependent: the condition reads lane-varying values we cannot see through.
  if (L.VaryingOpaque || !Q.Cond->Evaluable) {
    R.Class = Q.Cond->Class;
    if (R.Class == Uniformity::LaneVarying) {
      R.Ext = Extent::DataDependent;
      R.LanesPerWarp = lanesPerWarp();
    }
    return R;
  }
  // 2. No thread index: as uniform as the leaves.
  if (!Q.Cond->HasThread) {
    R.Class = Q.Cond->Class;
    return R;
  }
  // Unknowns that only the guard reads stay unknown: sampling them together with the
  // condition's can leave out exactly the lanes that split a warp (`j > 0` under
  // `i > 0 && j < nj - 1`), and a guard that cannot be evaluated keeps its lane (sound).
  Leaves GuardLeaves;
  collect(Q.Guard, GuardLeaves);
  for (const LoopContext &Loop : Q.Loops)
    if (Loop.Cond)
      collect(Loop.Cond, GuardLeaves);

  // The loop enumerated iteration by iteration: the innermost whose induction variables appear.
  const LoopContext *Exact = nullptr;
  for (const LoopContext &Loop : Q.Loops) {
    bool Used = std::find(L.LoopIds.begin(), L.LoopIds.end(), Loop.LoopId) != L.LoopIds.end() ||
                (Q.IsLoopCondition && &Loop == &Q.Loops.front());
    if (Used) {
      Exact = &Loop;
      break;
    }
  }
  std::vector<uint64_t> OtherLoops;
  for (uint64_t Id : L.LoopIds)
    if (!Exact || Id != Exact->LoopId)
      OtherLoops.push_back(Id);
  for (uint64_t Id : GuardLeaves.LoopIds)
    if ((!Exact || Id != Exact->LoopId) &&
        std::find(OtherLoops.begin(), OtherLoops.end(), Id) == OtherLoops.end())
      OtherLoops.push_back(Id);

  unsigned Samples = L.UniformOpaques.empty() && OtherLoops.empty() ? 1 : NumSamples;
  R.Sampled = Samples > 1;
  auto SetSample = [&](unsigned S) {
    Env.Opaques.clear();
    for (size_t J = 0; J < L.UniformOpaques.size(); ++J)
      Env.Opaques.push_back(
          {L.UniformOpaques[J], S == NumSamples - 1
                                    ? 0
                                    : SampleValues[(S + 3 * J) % std::size(SampleValues)]});
    Env.Iteration.clear();
    for (size_t J = 0; J < OtherLoops.size(); ++J)
      Env.Iteration.push_back({OtherLoops[J], static_cast<int64_t>((S + J) % 4)});
  };

  // 3. Tail: a monotone thread index against an unknown uniform threshold, unless the proof
  // shows that no threshold value can fall inside a warp (`i < 128 * n` in 128-thread blocks).
  // Called again below for a condition that no sample split but that is not proved uniform
  // (`i < 5000`: the threshold is known, the block where it falls is not).
  auto Tail = [&](bool KnownThreshold) -> std::optional<EnumerationResult> {
    bool Negated = false;
    const SymExpr *C = Q.MultiWay ? nullptr : stripCastsAndNot(Q.Cond.get(), &Negated);
    if (!C || C->Kind != SymKind::Binary || !isRelational(C->Op))
      return std::nullopt;
    const SymRef *ThreadSide = nullptr, *Threshold = nullptr;
    if (C->A->HasThread && !C->B->HasThread) {
      ThreadSide = &C->A;
      Threshold = &C->B;
    } else if (C->B->HasThread && !C->A->HasThread) {
      ThreadSide = &C->B;
      Threshold = &C->A;
    }
    if (!ThreadSide ||
        !(hasUnknownLeaf(*Threshold) || (KnownThreshold && hasUnknownLeaf(*ThreadSide))))
      return std::nullopt;
    int Direction = 0;
    bool Monotone = true;
    for (unsigned S = 0; S < Samples && Monotone; ++S) {
      SetSample(S);
      if (Exact)
        Env.Iteration.push_back({Exact->LoopId, static_cast<int64_t>(S % 4)});
      // A side that is constant inside every warp (`threadIdx.x / 32 + 8 * k`) is
      // warp-uniform, not a tail: the lane-by-lane evaluation below says so.
      int Dir = variesWithinWarp(*ThreadSide) ? monotoneDirection(*ThreadSide) : 0;
      Monotone = Dir != 0 && (Direction == 0 || Dir == Direction);
      Direction = Dir;
    }
    if (!Monotone ||
        (!KnownThreshold &&
         proveUniformity(Q.Cond, Q.Guard, Shape, WarpSize, Q.MultiWay).WarpUniform))
      return std::nullopt;
    EnumerationResult T;
    T.Class = Uniformity::LaneVarying;
    T.Ext = Extent::Tail;
    // Low indices are on the true side of `low < threshold` (thread side growing, on the
    // left of < or <=), and so on by symmetry.
    bool ThreadLeft = ThreadSide == &C->A;
    bool LessThan = C->Op == SymOp::LT || C->Op == SymOp::LE;
    bool LowTrue = (Direction > 0) == (ThreadLeft == LessThan);
    T.TailTrueAtLowIndex = Negated ? !LowTrue : LowTrue;
    Env.Opaques.clear(); // the guard's lanes, with no sampled value (unknowns keep lanes)
    Env.Iteration.clear();
    T.LanesPerWarp = lanesPerWarp();
    return T;
  };
  if (std::optional<EnumerationResult> T = Tail(/*KnownThreshold=*/false))
    return *T;

  // Whether the enumeration can see every value (below: then no split proves uniformity). A
  // class-only query it cannot settle is lane-varying unless the proof says otherwise.
  bool MayBeExhaustive = !R.Sampled && (!Exact || Exact->Cond) && !Shape.assumed() &&
                         Shape.Source != "unknown" && Shape.FixedDims == 7;
  if (Q.ClassOnly && !MayBeExhaustive &&
      !proveUniformity(Q.Cond, Q.Guard, Shape, WarpSize, Q.MultiWay).WarpUniform) {
    R.Class = Uniformity::LaneVarying;
    R.Stopped = true;
    return R;
  }

  // 4. Evaluate every lane of the block, per sample and per loop iteration.
  // Diverging warp evaluations per sample: the numbers hold for every value only if the
  // samples agree on them.
  std::vector<unsigned> DivergentPerSample;
  for (unsigned S = 0; S < Samples && Evaluations < MaxEvaluations && !stopped(); ++S) {
    DivergentPerSample.push_back(DivergentObservations);
    SetSample(S);
    if (!Exact) {
      evaluateBlock(nullptr);
      continue;
    }
    // Lanes still in the loop: a lane whose loop condition failed has left it for good.
    std::vector<LaneMask> Alive(Warps);
    for (unsigned W = 0; W < Warps; ++W)
      Alive[W] = warp(W).Batch.all();
    unsigned MaxIter = Samples > 1 ? MaxIterationsSampled : MaxIterationsExact;
    // The loop's own condition: the advance below reads the values evaluateBlock computed for
    // the same lanes in the same iteration.
    bool CondIsLoopCond = Q.IsLoopCondition && Exact->Cond && symEqual(Exact->Cond, Q.Cond);
    std::vector<LaneValues> LoopCondValues(CondIsLoopCond ? Warps : 0);
    Env.Iteration.push_back({Exact->LoopId, 0});
    for (unsigned K = 0; K < MaxIter && Evaluations < MaxEvaluations && !stopped(); ++K) {
      Env.Iteration.back().second = K;
      if (Q.IsLoopCondition) {
        evaluateBlock(&Alive, CondIsLoopCond ? &LoopCondValues : nullptr);
      }
      // Advance the loop: who is still inside at iteration K?
      bool AnyInside = false;
      std::vector<LaneMask> Inside(Warps, 0);
      Warp Scratch;
      LaneValues Values;
      for (unsigned W = 0; W < Warps; ++W) {
        const Warp &Lanes = warp(W, &Alive, Scratch);
        uint64_t Stays = Lanes.Batch.all();
        if (Exact->Cond) {
          const LaneValues &In = CondIsLoopCond ? LoopCondValues[W] : Values;
          if (CondIsLoopCond)
            Evaluations += Lanes.Batch.Size; // counted as if evaluated again
          else
            eval(Exact->Cond, Lanes, Values, Lanes.Batch.Size);
          // An unevaluable condition keeps the lane inside (the sound side).
          uint64_t False = 0;
          for (unsigned I = 0; I < Lanes.Batch.Size; ++I)
            False |= uint64_t(In.Value[I] == 0) << I;
          Stays &= ~(In.Valid & False);
        }
        Inside[W] = &Lanes == &Scratch ? laneMask(Lanes, Stays) : Stays;
        AnyInside |= Stays != 0;
      }
      if (!Q.IsLoopCondition && AnyInside)
        evaluateBlock(&Inside);
      Alive.swap(Inside);
      if (!AnyInside || !Exact->Cond)
        break;
      LoopRanOut = K + 1 == MaxIter || Evaluations >= MaxEvaluations;
    }
    if (!Exact->Cond && !Q.IsLoopCondition) {
      // for (;;): a few iterations show the pattern.
      for (unsigned K = 1; K < 8 && !stopped(); ++K) {
        Env.Iteration.back().second = K;
        evaluateBlock(nullptr);
      }
    }
  }

  if (!AnyEvaluated) {
    // Nothing could be evaluated (division by zero everywhere, unreachable): stay sound.
    R.Class = Q.Cond->Class;
    if (R.Class == Uniformity::LaneVarying) {
      R.Ext = Extent::DataDependent;
      R.LanesPerWarp = lanesPerWarp();
    }
    return R;
  }
  R.Enumerated = true;
  R.TotalWarps = Warps;
  if (Q.IsLoopCondition && !R.Sampled && !LoopRanOut && FirstActiveLanes && FirstTruePasses) {
    // Every lane's trip count is the number of times it saw the condition true.
    R.MeanLaneTrips = double(TrueLanesTotal) / FirstActiveLanes;
    R.EvaluationsPerWarp =
        double(DivergentObservations + UniformObservations) / std::max<uint64_t>(1, FirstActiveWarps);
  }
  R.TruePasses = TruePasses;
  R.FalsePasses = FalsePasses;
  R.RegroupedTruePasses = RegroupedTruePasses;
  R.RegroupedFalsePasses = RegroupedFalsePasses;
  R.DivergentEvaluations = DivergentObservations;
  R.UniformEvaluations = UniformObservations;
  R.UniformTrueEvaluations = UniformTrue;
  R.FirstLaneTrueEvaluations = FirstLaneTrue;
  if (UniformObservations)
    R.MeanUniformActiveLanes = UniformActiveSum / UniformObservations;
  if (!DivergentWarpSet.empty()) {
    R.MeanDivergentTrueLanes = DivergentTrueSum / DivergentObservations;
    R.MeanDivergentActiveLanes = DivergentActiveSum / DivergentObservations;
    if (Q.MultiWay) {
      R.MeanDistinctValues = DistinctSum / DivergentObservations;
      R.SwitchValueSets.assign(ValueSets.begin(), ValueSets.end());
      R.SwitchValueSetsComplete = ValueSetsComplete;
    }
    R.Class = Uniformity::LaneVarying;
    R.Stopped = stopped();
    R.DivergentWarps = static_cast<unsigned>(DivergentWarpSet.size());
    R.Ext = DivergentWarpSet.size() == Warps ? Extent::EveryWarp : Extent::Partial;
    if (Splits.size() == 1) {
      R.TrueLanes = Splits.begin()->first;
      R.ActiveLanes = Splits.begin()->second;
    }
    R.MeanTrueFraction = TrueFractionSum / DivergentObservations;
    if (R.Sampled) {
      DivergentPerSample.push_back(DivergentObservations);
      bool Agree = true;
      for (size_t I = 2; I < DivergentPerSample.size(); ++I)
        Agree &= DivergentPerSample[I] - DivergentPerSample[I - 1] ==
                 DivergentPerSample[1] - DivergentPerSample[0];
      if (!Agree)
        R.ValuesDecideSplit = L.UniformLabels;
    }
    R.LaneMap = LaneMap;
    return R;
  }
  // No split was seen. That proves the class only when every lane was evaluated for every
  // value it can have (no sampled unknowns, every loop iteration, every lane evaluable);
  // otherwise the symbolic proof decides (DESIGN §6.1: uniform is proved, never sampled).
  // An assumed shape (or a candidate for an unknown one) is not the launch's: only a proof
  // covers every block the kernel may be launched with.
  bool Exhaustive =
      MayBeExhaustive && !LaneUnevaluated && !LoopRanOut && Evaluations < MaxEvaluations;
  if (!Exhaustive) {
    UniformityProof Proof = proveUniformity(Q.Cond, Q.Guard, Shape, WarpSize, Q.MultiWay);
    if (!Proof.WarpUniform) {
      // Some value of the unknowns may split a warp (`i == 5000` with i a global index splits
      // one warp of one block), but none of the samples did: no numbers to give.
      if (std::optional<EnumerationResult> T = Tail(/*KnownThreshold=*/true)) {
        T->SplitUnseen = true;
        T->ValuesDecideSplit = L.UniformLabels;
        return *T;
      }
      EnumerationResult Unproven;
      Unproven.Class = Uniformity::LaneVarying;
      Unproven.Ext = Extent::Partial;
      Unproven.Sampled = true;
      Unproven.SplitUnseen = true;
      Unproven.ValuesDecideSplit = L.UniformLabels;
      // The launch leaves the block's size open: the sizes decide too (`tid < blockDim.x / 2`).
      for (unsigned D = 0; D < 3; ++D)
        if (!(Shape.FixedDims & (1u << D)))
          Unproven.ValuesDecideSplit.push_back(std::string("blockDim.") + "xyz"[D]);
      if (Shape.FixedDims == 7 && (Shape.assumed() || Shape.Source == "unknown"))
        Unproven.ValuesDecideSplit.push_back("blockDim");
      Unproven.LanesPerWarp = lanesPerWarp();
      return Unproven;
    }
    WarpsDiffer |= !Proof.BlockUniform;
  }
  R.DivergentWarps = 0;
  // Leaves that are only warp-uniform (votes) keep the condition warp-uniform. The leaves', not
  // the tree's class: a warp index (`lin / 32`, LinearThreadId.h) is warp-uniform as a value
  // but evaluated lane by lane here, so a block where it is one value proves block-uniform.
  Uniformity Leaves = Uniformity::BlockUniform;
  forEachLeaf(Q.Cond, [&](const SymExpr &Leaf) { Leaves = join(Leaves, Leaf.Class); });
  R.Class = join(WarpsDiffer ? Uniformity::WarpUniform : Uniformity::BlockUniform,
                 Leaves == Uniformity::LaneVarying ? Uniformity::BlockUniform : Leaves);
  return R;
}

} // namespace

unsigned warpAlignedIndex(unsigned Linear, unsigned Group, unsigned WarpSize) {
  unsigned Run = Group * WarpSize;
  unsigned Inside = Linear % Run;
  return Linear - Inside + (Inside % WarpSize) * Group + Inside / WarpSize;
}

EnumerationResult enumerateCondition(const EnumerationQuery &Q, const BlockShape &Shape,
                                     llvm::StringRef QueryKey) {
  EnumerationResult R;
  if (!Q.Cond) {
    R.Ext = Extent::DataDependent;
  } else {
    // Template instantiations and calling contexts repeat queries (EnumerationMemo.h).
    thread_local EnumerationMemo Memo;
    std::string Key = canonicalEnumerationKey(QueryKey, Shape);
    if (const EnumerationResult *Known = Memo.find(Key, Q.ClassOnly)) {
      R = *Known;
    } else {
      R = Enumerator(Q, Shape).run();
      Memo.insert(Key, R);
    }
  }
  R.Shape = Shape;
  return R;
}

EnumerationResult enumerateCondition(const EnumerationQuery &Q, const BlockShape &Shape) {
  return enumerateCondition(Q, Shape, Q.Cond ? canonicalQueryKey(Q) : std::string());
}

} // namespace divlint
