//===- UniformityProof.cpp - symbolic proof that a condition is uniform --===//
//
// See UniformityProof.h for the value form S + K[lane]. Everything here errs one way: a value
// the form cannot represent is Unknown, and an Unknown condition is not proved uniform.
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/UniformityProof.h"

#include "divlint/Analysis/LinearThreadId.h"
#include "divlint/Analysis/SymOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"
#include <array>
#include <numeric>

namespace divlint {

namespace {

/// One term of the shared part: Coef * atom.
struct Term {
  uint64_t Atom;
  int64_t Coef;
  bool operator==(const Term &O) const { return Atom == O.Atom && Coef == O.Coef; }
};
llvm::hash_code hash_value(const Term &T) { return llvm::hash_combine(T.Atom, T.Coef); }

/// value(lane) = sum(S) + K[lane], or Unknown.
struct Value {
  bool Unknown = false;
  llvm::SmallVector<Term, 4> S; ///< sorted by atom, no zero coefficient
  llvm::SmallVector<int64_t, 32> K;

  bool exact() const { return !Unknown && S.empty(); }
  /// The same on every lane of the group (S is shared by construction).
  bool laneInvariant() const {
    return !Unknown && std::all_of(K.begin(), K.end(), [&](int64_t V) { return V == K[0]; });
  }
  int64_t minK() const { return *std::min_element(K.begin(), K.end()); }
  int64_t maxK() const { return *std::max_element(K.begin(), K.end()); }
};

Value unknown(size_t Lanes) {
  Value V;
  V.Unknown = true;
  V.K.assign(Lanes, 0);
  return V;
}

/// a + b, a - b, c * a on 64 bits; std::nullopt on overflow (then the value is Unknown).
std::optional<int64_t> add(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_add_overflow(A, B, &R) ? std::nullopt : std::optional<int64_t>(R);
}
std::optional<int64_t> mul(int64_t A, int64_t B) {
  int64_t R;
  return __builtin_mul_overflow(A, B, &R) ? std::nullopt : std::optional<int64_t>(R);
}

int64_t floorDiv(int64_t A, int64_t D) {
  int64_t Q = A / D;
  return (A % D != 0 && ((A < 0) != (D < 0))) ? Q - 1 : Q;
}
int64_t floorMod(int64_t A, int64_t D) { return A - floorDiv(A, D) * D; }

class Prover {
public:
  /// \p LayoutX, \p LayoutY: the layout \p Lanes' thread indices come from; \p ZIsOne: every
  /// block the proof covers has blockDim.z == 1.
  Prover(const BlockShape &Shape, unsigned KnownDims,
         llvm::ArrayRef<std::array<unsigned, 3>> Lanes, bool BlockLevel, unsigned LayoutX,
         unsigned LayoutY, bool ZIsOne)
      : Shape(Shape), KnownDims(KnownDims), Lanes(Lanes), BlockLevel(BlockLevel),
        LayoutX(LayoutX), LayoutY(LayoutY), ZIsOne(ZIsOne) {}

  /// Whether \p Cond is proved to have one truth (one value when \p MultiWay) on every lane.
  bool uniform(const SymExpr &Cond, bool MultiWay) {
    Value V = eval(Cond);
    if (V.Unknown)
      return false;
    if (MultiWay)
      return V.laneInvariant();
    if (V.exact()) {
      bool First = V.K[0] != 0;
      return std::all_of(V.K.begin(), V.K.end(), [&](int64_t X) { return (X != 0) == First; });
    }
    if (V.laneInvariant())
      return true;
    // A truth value of a non-boolean expression: is it ever 0 on some lanes only?
    Value Zero = constant(0);
    return !compare(SymOp::NE, V, Zero, Cond.Ty).Unknown;
  }

  /// The lanes that may pass \p Guard: those where it is not proved false.
  llvm::SmallVector<bool, 32> mayPass(const SymExpr &Guard) {
    Value G = eval(Guard);
    llvm::SmallVector<bool, 32> Keep(Lanes.size(), true);
    if (G.exact())
      for (size_t L = 0; L < Lanes.size(); ++L)
        Keep[L] = G.K[L] != 0;
    return Keep;
  }

private:
  const BlockShape &Shape;
  unsigned KnownDims; ///< bit D: blockDim's component D is the shape's (else an unknown)
  llvm::ArrayRef<std::array<unsigned, 3>> Lanes;
  bool BlockLevel;
  unsigned LayoutX, LayoutY;
  bool ZIsOne;
  llvm::DenseMap<const SymExpr *, Value> Memo;
  llvm::DenseMap<uint64_t, bool> NonNegAtoms; ///< atom -> whether its value is >= 0

  size_t size() const { return Lanes.size(); }

  Value constant(int64_t C) {
    Value V;
    V.K.assign(size(), C);
    return V;
  }
  Value atom(uint64_t Id, bool NonNeg, int64_t Coef = 1) {
    NonNegAtoms[Id] = NonNeg;
    Value V = constant(0);
    if (Coef != 0)
      V.S.push_back({Id, Coef});
    return V;
  }
  /// A fresh atom for a group-uniform value computed by node \p E (its structural hash: equal
  /// subtrees are the same atom, so they cancel in differences).
  Value uniformAtom(const SymExpr &E, bool NonNeg, int64_t Multiple = 1) {
    if (Multiple == 0)
      return constant(0);
    return atom(llvm::hash_combine(E.Hash, 0x0a70u), NonNeg, Multiple);
  }

  bool atomNonNeg(uint64_t Id) const {
    auto It = NonNegAtoms.find(Id);
    return It != NonNegAtoms.end() && It->second;
  }
  /// Whether the value is >= 0 on every lane for every value of the atoms.
  bool nonNegative(const Value &V) const {
    return !V.Unknown && (V.S.empty() || sharedSign(V) > 0) && V.minK() >= 0;
  }
  /// +1 when S cannot be negative, -1 when it cannot be positive, 0 when it may be either.
  int sharedSign(const Value &V) const {
    bool Pos = true, Neg = true;
    for (const Term &T : V.S) {
      bool NonNegAtom = atomNonNeg(T.Atom);
      Pos &= NonNegAtom && T.Coef > 0;
      Neg &= NonNegAtom && T.Coef < 0;
    }
    return Pos ? 1 : Neg ? -1 : 0;
  }
  /// gcd of the coefficients: S only takes multiples of it (0: S is empty).
  static int64_t modulus(const Value &V) {
    int64_t G = 0;
    for (const Term &T : V.S)
      G = std::gcd(G, T.Coef < 0 ? -T.Coef : T.Coef);
    return G;
  }
  /// gcd of everything the value is made of, for a lane-invariant value: it is a multiple of this.
  static int64_t content(const Value &V) {
    int64_t K = V.K.empty() ? 0 : V.K[0];
    return std::gcd(modulus(V), K < 0 ? -K : K);
  }

  static bool linear(Value &Out, const Value &A, const Value &B, int64_t ScaleB) {
    // Out = A + ScaleB * B (terms merged by atom).
    Out.S.clear();
    size_t I = 0, J = 0;
    while (I < A.S.size() || J < B.S.size()) {
      if (J == B.S.size() || (I < A.S.size() && A.S[I].Atom < B.S[J].Atom)) {
        Out.S.push_back(A.S[I++]);
        continue;
      }
      auto Scaled = mul(B.S[J].Coef, ScaleB);
      if (!Scaled)
        return false;
      if (I < A.S.size() && A.S[I].Atom == B.S[J].Atom) {
        auto Sum = add(A.S[I].Coef, *Scaled);
        if (!Sum)
          return false;
        if (*Sum != 0)
          Out.S.push_back({A.S[I].Atom, *Sum});
        ++I;
        ++J;
        continue;
      }
      Out.S.push_back({B.S[J].Atom, *Scaled});
      ++J;
    }
    Out.K.resize(A.K.size());
    for (size_t L = 0; L < A.K.size(); ++L) {
      auto P = mul(B.K[L], ScaleB);
      auto Sum = P ? add(A.K[L], *P) : std::nullopt;
      if (!Sum)
        return false;
      Out.K[L] = *Sum;
    }
    // INT64_MIN has no negation: a value that holds it is unknown (never in real indices).
    for (const Term &T : Out.S)
      if (T.Coef == INT64_MIN)
        return false;
    return std::none_of(Out.K.begin(), Out.K.end(), [](int64_t V) { return V == INT64_MIN; });
  }
  Value combine(const Value &A, const Value &B, int64_t ScaleB) {
    Value Out;
    if (!linear(Out, A, B, ScaleB))
      return unknown(size());
    return Out;
  }
  Value scale(const Value &A, int64_t C) { return combine(constant(0), A, C); }

  /// A value that is the same on every lane of the group, from two lane-invariant operands.
  Value uniformResult(const SymExpr &E, const Value &A, const Value *B) {
    bool NonNeg = !E.Ty.Signed || isSymComparison(E.Op) ||
                  ((E.Op == SymOp::Mul || E.Op == SymOp::Div || E.Op == SymOp::Rem ||
                    E.Op == SymOp::Shr || E.Op == SymOp::And || E.Op == SymOp::Min ||
                    E.Op == SymOp::Max || E.Op == SymOp::Or) &&
                   nonNegative(A) && (!B || nonNegative(*B)));
    int64_t Multiple = 1;
    if (E.Kind == SymKind::Binary && E.Op == SymOp::Mul && B) {
      auto M = mul(content(A), content(*B));
      Multiple = M ? *M : 1;
    }
    return uniformAtom(E, NonNeg, Multiple);
  }

  Value eval(const SymExpr &E) {
    if (auto It = Memo.find(&E); It != Memo.end())
      return It->second;
    Value V = isLinearThreadId(E) ? linearThreadIds() : evalNode(E);
    if (V.K.size() != size())
      V = unknown(size());
    Memo[&E] = V;
    return V;
  }

  /// The linear thread id, however the code wrote it (LinearThreadId.h): each lane's own, the
  /// same in every block shape, where blockDim's unknown sizes would leave it Unknown.
  bool isLinearThreadId(const SymExpr &E) const {
    if (E.Kind != SymKind::Binary)
      return false;
    unsigned Dims = linearThreadIdDims(E);
    return Dims == 3 || (Dims == 2 && ZIsOne);
  }
  Value linearThreadIds() {
    Value V = constant(0);
    for (size_t L = 0; L < size(); ++L)
      V.K[L] = Lanes[L][0] + int64_t(LayoutX) * (Lanes[L][1] + int64_t(LayoutY) * Lanes[L][2]);
    return V;
  }
  Value evalNode(const SymExpr &E);
  Value evalIndVar(const SymExpr &E);
  Value evalUnary(const SymExpr &E);
  Value evalBinary(const SymExpr &E);
  Value evalSelect(const SymExpr &E);
  Value compare(SymOp Op, const Value &A, const Value &B, IntType OperandTy);
  Value exactBinary(const SymExpr &E, const Value &A, const Value &B);
  /// Whether per-lane offsets keep \p V clear of an unsigned wrap in the math of S + K.
  bool noWrap(const Value &V, IntType Ty) const {
    if (V.exact() || V.laneInvariant())
      return true;
    unsigned Bits = std::min(Ty.Bits, 64u);
    int64_t Limit = Bits >= 64 ? INT64_MAX : (int64_t(1) << (Bits - 1));
    for (int64_t X : V.K)
      if (X >= Limit || X <= -Limit)
        return false;
    return Ty.Signed || nonNegative(V);
  }
};

Value Prover::evalNode(const SymExpr &E) {
  switch (E.Kind) {
  case SymKind::Const: return constant(E.Value);
  case SymKind::ThreadIdx: {
    Value V = constant(0);
    for (size_t L = 0; L < size(); ++L)
      V.K[L] = Lanes[L][E.Dim % 3];
    return V;
  }
  case SymKind::BlockDim: {
    unsigned Dims[3] = {Shape.X, Shape.Y, Shape.Z};
    if (KnownDims >> (E.Dim % 3) & 1)
      return constant(Dims[E.Dim % 3]);
    return atom(llvm::hash_combine(0xb10cd1u, E.Dim), /*NonNeg=*/true);
  }
  case SymKind::Opaque:
    if (E.Class == Uniformity::BlockUniform ||
        (E.Class == Uniformity::WarpUniform && !BlockLevel))
      return atom(E.Id, !E.Ty.Signed);
    return unknown(size());
  case SymKind::IndVar: return evalIndVar(E);
  case SymKind::Unary: return evalUnary(E);
  case SymKind::Binary: return evalBinary(E);
  case SymKind::Select: return evalSelect(E);
  case SymKind::Dim3:
  case SymKind::Group:
  case SymKind::Record: return unknown(size());
  }
  return unknown(size());
}

Value Prover::evalIndVar(const SymExpr &E) {
  if (!E.A || !E.B)
    return unknown(size());
  Value Init = eval(*E.A), Step = eval(*E.B);
  if (Init.Unknown || Step.Unknown || !Step.laneInvariant())
    return unknown(size());
  // The iteration number of the loop: any value >= 0, the same for the lanes evaluating together.
  uint64_t Iteration = llvm::hash_combine(static_cast<uint64_t>(E.Value), 0x17e4u);
  if (E.Op == SymOp::Add || E.Op == SymOp::Sub) {
    int64_t Sign = E.Op == SymOp::Add ? 1 : -1;
    if (Step.exact())
      return combine(Init, atom(Iteration, true), Sign * Step.K[0]);
    // Iteration * Step is uniform, and a multiple of the step's content.
    Value Product = atom(llvm::hash_combine(E.Hash, 0x57e9u), false, content(Step));
    return combine(Init, Product, Sign);
  }
  if (Init.laneInvariant())
    return uniformAtom(E, !E.Ty.Signed);
  return unknown(size());
}

Value Prover::evalUnary(const SymExpr &E) {
  Value A = eval(*E.A);
  if (A.Unknown)
    return A;
  if (A.exact()) {
    Value R = constant(0);
    for (size_t L = 0; L < size(); ++L) {
      auto X = applySymUnary(E.Op, A.K[L], E.Ty);
      if (!X)
        return unknown(size());
      R.K[L] = *X;
    }
    return R;
  }
  if (A.laneInvariant() && E.Op != SymOp::Cast)
    return uniformResult(E, A, nullptr);
  switch (E.Op) {
  case SymOp::Neg: return scale(A, -1);
  case SymOp::BitNot: return combine(scale(A, -1), constant(-1), 1); // ~x == -x - 1
  case SymOp::Cast: {
    // Widening, or the same width, keeps the value where it is not negative or the sign stays.
    IntType From = E.A->Ty;
    bool Keeps = E.Ty.Bits > From.Bits || (E.Ty.Bits == From.Bits && E.Ty.Signed == From.Signed);
    if (Keeps || (E.Ty.Bits >= From.Bits && nonNegative(A)))
      return A;
    if (A.laneInvariant())
      return uniformResult(E, A, nullptr);
    return unknown(size());
  }
  default: return unknown(size());
  }
}

Value Prover::exactBinary(const SymExpr &E, const Value &A, const Value &B) {
  Value R = constant(0);
  IntType OperandTy = symOperandType(E);
  for (size_t L = 0; L < size(); ++L) {
    auto X = applySymBinary(E.Op, A.K[L], B.K[L], OperandTy, E.Ty);
    if (!X)
      return unknown(size());
    R.K[L] = *X;
  }
  return R;
}

Value Prover::compare(SymOp Op, const Value &A, const Value &B, IntType OperandTy) {
  if (A.Unknown || B.Unknown)
    return unknown(size());
  if (!noWrap(A, OperandTy) || !noWrap(B, OperandTy))
    return unknown(size());
  Value D = combine(A, B, -1); // the lanes compare D with 0 (never INT64_MIN: see linear)
  if (D.Unknown)
    return D;
  if (D.exact()) {
    Value R = constant(0);
    for (size_t L = 0; L < size(); ++L) {
      int64_t X = D.K[L];
      bool T = Op == SymOp::LT ? X < 0 : Op == SymOp::LE ? X <= 0 : Op == SymOp::GT ? X > 0
             : Op == SymOp::GE ? X >= 0 : Op == SymOp::EQ ? X == 0 : X != 0;
      R.K[L] = T;
    }
    return R;
  }
  if (D.laneInvariant())
    return atom(llvm::hash_combine(0xc0aeu, static_cast<unsigned>(Op), D.K[0],
                                   llvm::hash_combine_range(D.S.begin(), D.S.end())),
                true);
  // Lane L is true when s (the shared part) is on one side of -K[L]. Two lanes disagree for
  // some s in [Low, High]; s takes multiples of M only, and only s >= 0 when S cannot be
  // negative. A multiple of M in that window is a value of the unknowns that splits a warp.
  int64_t M = modulus(D);
  int64_t Low, High;
  int Sign = sharedSign(D);
  auto CheckWindow = [&](int64_t Lo, int64_t Hi) {
    if (Sign > 0)
      Lo = std::max<int64_t>(Lo, 0);
    if (Sign < 0)
      Hi = std::min<int64_t>(Hi, 0);
    if (Lo > Hi)
      return false;
    int64_t First = floorDiv(Lo + M - 1, M) * M; // smallest multiple of M >= Lo (M > 0)
    return First <= Hi;
  };
  bool Splits = false;
  if (Op == SymOp::EQ || Op == SymOp::NE) {
    for (int64_t X : D.K)
      Splits |= CheckWindow(-X, -X);
  } else {
    Low = -D.maxK();
    High = -D.minK();
    // LT/GE: lane true/false when s < -K[L]: lanes disagree for s in [Low, High - 1].
    // LE/GT: s <= -K[L]: lanes disagree for s in [Low + 1, High].
    Splits = (Op == SymOp::LT || Op == SymOp::GE) ? CheckWindow(Low, High - 1)
                                                  : CheckWindow(Low + 1, High);
  }
  if (Splits)
    return unknown(size());
  return atom(llvm::hash_combine(0xc0afu, static_cast<unsigned>(Op), D.K[0],
                                 llvm::hash_combine_range(D.S.begin(), D.S.end())),
              true);
}

Value Prover::evalBinary(const SymExpr &E) {
  Value A = eval(*E.A);
  if (E.Op == SymOp::LAnd || E.Op == SymOp::LOr) {
    // Per lane: a decided left side decides alone; else the right side's truth.
    Value B = eval(*E.B);
    if (A.exact()) {
      bool Short = E.Op == SymOp::LAnd ? false : true;
      bool AllDecided = true, NoneDecided = true;
      for (int64_t X : A.K) {
        bool Decides = (X != 0) == Short;
        AllDecided &= Decides;
        NoneDecided &= !Decides;
      }
      if (AllDecided)
        return constant(Short);
      if (NoneDecided)
        return B.exact() ? exactBinary(E, constant(1), B) : compare(SymOp::NE, B, constant(0), E.B->Ty);
      if (B.exact())
        return exactBinary(E, A, B);
      return unknown(size());
    }
    if (A.Unknown || B.Unknown)
      return unknown(size());
    if (A.laneInvariant() && B.laneInvariant())
      return uniformResult(E, A, &B);
    if (B.exact() && std::all_of(B.K.begin(), B.K.end(), [&](int64_t X) {
          return (X != 0) == (E.Op == SymOp::LOr);
        }))
      return constant(E.Op == SymOp::LOr);
    return unknown(size());
  }
  Value B = eval(*E.B);
  if (A.Unknown || B.Unknown)
    return unknown(size());
  if (A.exact() && B.exact())
    return exactBinary(E, A, B);
  if (isSymComparison(E.Op))
    return compare(E.Op, A, B, symOperandType(E));
  auto ConstOf = [](const Value &V) -> std::optional<int64_t> {
    if (V.exact() && V.laneInvariant())
      return V.K[0];
    return std::nullopt;
  };
  std::optional<int64_t> CB = ConstOf(B), CA = ConstOf(A);
  // Sums and products by constants stay linear (so that equal parts cancel in a comparison);
  // any other operation on values the same on every lane is the same on every lane.
  bool Linear = E.Op == SymOp::Add || E.Op == SymOp::Sub ||
                ((E.Op == SymOp::Mul || E.Op == SymOp::Shl) && (CB || (CA && E.Op == SymOp::Mul)));
  if (!Linear && A.laneInvariant() && B.laneInvariant())
    return uniformResult(E, A, &B);
  int64_t M = modulus(A);
  switch (E.Op) {
  case SymOp::Add: return combine(A, B, 1);
  case SymOp::Sub: return combine(A, B, -1);
  case SymOp::Mul:
    if (CB)
      return scale(A, *CB);
    if (CA)
      return scale(B, *CA);
    return unknown(size());
  case SymOp::Shl:
    if (CB && *CB >= 0 && *CB < 62)
      return scale(A, int64_t(1) << *CB);
    return unknown(size());
  case SymOp::Div:
  case SymOp::Rem:
  case SymOp::Shr: {
    // Exact when the divisor divides every coefficient of S and the value is not negative:
    // (M q + k) / d == (M/d) q + floor(k / d), (M q + k) % d == k mod d.
    if (!CB || *CB <= 0 || (E.Op == SymOp::Shr && *CB >= 62))
      return unknown(size());
    int64_t D = E.Op == SymOp::Shr ? int64_t(1) << *CB : *CB;
    if (M % D != 0 || !nonNegative(A) || !noWrap(A, E.Ty))
      return unknown(size());
    Value R;
    R.K.resize(size());
    for (size_t L = 0; L < size(); ++L)
      R.K[L] = E.Op == SymOp::Rem ? floorMod(A.K[L], D) : floorDiv(A.K[L], D);
    if (E.Op != SymOp::Rem)
      for (const Term &T : A.S)
        R.S.push_back({T.Atom, T.Coef / D});
    return R;
  }
  case SymOp::And:
  case SymOp::Or:
  case SymOp::Xor: {
    // Masks and low-bit operations by a constant below 2^n, where 2^n divides every
    // coefficient of S: the low n bits are K's alone (two's complement), the rest are S's.
    std::optional<int64_t> C = CB ? CB : CA;
    const Value &X = CB ? A : B;
    int64_t MX = modulus(X);
    if (!C || MX == 0)
      return unknown(size());
    unsigned N = llvm::countr_zero(static_cast<uint64_t>(MX));
    if (N == 0 || N >= 62)
      return unknown(size());
    int64_t Low = (int64_t(1) << N) - 1;
    bool CLow = *C >= 0 && *C <= Low;
    bool KLow = std::all_of(X.K.begin(), X.K.end(), [&](int64_t V) { return V >= 0 && V <= Low; });
    Value R = X;
    if (E.Op == SymOp::And && CLow) { // x & c: S's bits are masked off
      R.S.clear();
      for (size_t L = 0; L < size(); ++L)
        R.K[L] = X.K[L] & *C;
      return R;
    }
    if (E.Op == SymOp::And && (*C | Low) == -1) { // x & ~(2^n - 1)-like: clears low bits only
      for (size_t L = 0; L < size(); ++L)
        R.K[L] = X.K[L] & *C;
      return R;
    }
    if ((E.Op == SymOp::Or || E.Op == SymOp::Xor) && CLow && KLow) {
      for (size_t L = 0; L < size(); ++L)
        R.K[L] = E.Op == SymOp::Or ? (X.K[L] | *C) : (X.K[L] ^ *C);
      return R;
    }
    return unknown(size());
  }
  default: return unknown(size());
  }
}

Value Prover::evalSelect(const SymExpr &E) {
  Value C = eval(*E.A), T = eval(*E.B), F = eval(*E.C);
  if (T.Unknown || F.Unknown)
    return unknown(size());
  bool SameShared = T.S == F.S;
  if (C.exact()) {
    if (!SameShared) {
      bool AllT = std::all_of(C.K.begin(), C.K.end(), [](int64_t X) { return X != 0; });
      bool AllF = std::all_of(C.K.begin(), C.K.end(), [](int64_t X) { return X == 0; });
      return AllT ? T : AllF ? F : unknown(size());
    }
    Value R = T;
    for (size_t L = 0; L < size(); ++L)
      R.K[L] = C.K[L] ? T.K[L] : F.K[L];
    return R;
  }
  if (SameShared && T.K == F.K)
    return T; // both sides alike
  if (!C.Unknown && C.laneInvariant() && T.laneInvariant() && F.laneInvariant())
    return uniformAtom(E, !E.Ty.Signed);
  return unknown(size());
}

/// The thread indices of linear ids [Begin, End) of a block of shape X x Y x Z.
std::vector<std::array<unsigned, 3>> threadsOf(unsigned Begin, unsigned End, unsigned X,
                                               unsigned Y) {
  std::vector<std::array<unsigned, 3>> T;
  for (unsigned I = Begin; I < End; ++I)
    T.push_back({I % X, (I / X) % Y, I / (X * Y)});
  return T;
}

} // namespace

UniformityProof proveUniformity(const SymRef &Cond, const SymRef &Guard, const BlockShape &Shape,
                                unsigned WarpSize, bool MultiWay) {
  UniformityProof P;
  if (!Cond)
    return P;
  WarpSize = WarpSize ? WarpSize : 32;
  // What the shape fixes. A launch, --block-dim or an assertion: the layout and blockDim. An
  // assumed shape (no launch): nothing, so a 1-D block of up to 1024 threads (up to
  // __launch_bounds__) with blockDim unknown. "assert-x": x alone is known. A candidate layout
  // for unknown y/z ("unknown"), or for a partly known launch ("partial"): its layout is
  // proved over, the sizes the code does not fix stay unknown.
  bool OneD = Shape.Source == "default" || Shape.Source == "launch_bounds";
  unsigned KnownDims = Shape.knownDims();
  unsigned X = OneD ? (Shape.Source == "default" ? MaxThreadsPerBlock : Shape.threads()) : Shape.X;
  unsigned Y = OneD ? 1 : Shape.Y, Z = OneD ? 1 : Shape.Z;
  unsigned Threads = X * Y * Z;
  bool ZIsOne = (KnownDims & 4u) && Shape.Z == 1;
  auto Proves = [&](unsigned Begin, unsigned End, bool BlockLevel) {
    std::vector<std::array<unsigned, 3>> All = threadsOf(Begin, End, X, Y);
    std::vector<std::array<unsigned, 3>> Reach;
    if (Guard) {
      Prover G(Shape, KnownDims, All, BlockLevel, X, Y, ZIsOne);
      auto Keep = G.mayPass(*Guard);
      for (size_t I = 0; I < All.size(); ++I)
        if (Keep[I])
          Reach.push_back(All[I]);
    } else {
      Reach = std::move(All);
    }
    if (Reach.size() <= 1)
      return true;
    return Prover(Shape, KnownDims, Reach, BlockLevel, X, Y, ZIsOne).uniform(*Cond, MultiWay);
  };
  P.WarpUniform = true;
  for (unsigned W = 0; W * WarpSize < Threads && P.WarpUniform; ++W)
    P.WarpUniform = Proves(W * WarpSize, std::min(Threads, (W + 1) * WarpSize), false);
  P.BlockUniform = P.WarpUniform && Proves(0, Threads, true);
  return P;
}

} // namespace divlint
