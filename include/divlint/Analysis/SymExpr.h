//===- SymExpr.h - symbolic values of the uniformity data flow -*- C++ -*-===//
//
// Every value the data flow tracks is a small immutable expression tree over thread indices,
// block dimensions, constants and opaque leaves. The tree gives the lattice class (DESIGN.md §1)
// and, when it reaches only thread indices and enumerable values, lets LaneEnumerator evaluate a
// condition for every thread of a block (DESIGN.md §2).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SYMEXPR_H
#define DIVLINT_SYMEXPR_H

#include "divlint/Analysis/Uniformity.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace divlint {

struct SymExpr;

/// A counted reference whose count is not atomic. A unit's values are made, shared and freed by
/// the one thread that analyzes the unit (a value built once, for every analysis, is built once
/// per thread), and with libstdc++ every copy of a std::shared_ptr is a locked instruction: the
/// data flow copies values at every statement and every join.
#ifdef __GLIBCXX__
template <typename T> using LocalRef = std::__shared_ptr<T, __gnu_cxx::_S_single>;
template <typename T, typename... Args> LocalRef<T> makeLocal(Args &&...A) {
  return std::__make_shared<T, __gnu_cxx::_S_single>(std::forward<Args>(A)...);
}
#else
template <typename T> using LocalRef = std::shared_ptr<T>;
template <typename T, typename... Args> LocalRef<T> makeLocal(Args &&...A) {
  return std::make_shared<T>(std::forward<Args>(A)...);
}
#endif

using SymRef = LocalRef<const SymExpr>;

enum class SymKind : unsigned char {
  Const,     ///< integer constant
  ThreadIdx, ///< threadIdx.{x,y,z}
  BlockDim,  ///< blockDim.{x,y,z}: block-uniform, known once a block shape is chosen
  Opaque,    ///< a value we cannot see through (loads, params, joins); has a class
  IndVar,    ///< loop induction variable: Init, then Op Step each iteration of loop Id
  Unary,     ///< Op A
  Binary,    ///< A Op B
  Select,    ///< A ? B : C
  Dim3,      ///< a dim3/uint3 triple (A, B, C) such as blockIdx or group.thread_index()
  Group,     ///< a cooperative-groups handle (thread_block, thread_block_tile<N>, grid)
  Record,    ///< a struct's value field by field (Fields); A: what its other fields hold
};

enum class SymOp : unsigned char {
  None, Neg, BitNot, LNot, Cast,
  Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor,
  LT, GT, LE, GE, EQ, NE, LAnd, LOr, Min, Max,
};

enum class GroupKind : unsigned char { Block, Tile, Grid, Coalesced };

/// The C integer type a node evaluates in (wrap-around matters for unsigned compares).
struct IntType {
  unsigned Bits = 32;
  bool Signed = true;
  bool operator==(const IntType &O) const { return Bits == O.Bits && Signed == O.Signed; }
};

struct SymExpr {
  SymKind Kind = SymKind::Const;
  SymOp Op = SymOp::None;
  IntType Ty;
  Uniformity Class = Uniformity::BlockUniform; ///< join over the leaves
  bool DataDependent = false; ///< reaches loaded data, atomics or opaque lane-varying values
  bool HasThread = false;     ///< reaches a thread index (directly or through an IndVar init)
  bool Evaluable = true;      ///< integer-only tree LaneEnumerator can evaluate
  /// The same value in every calling context of the function that makes it (constants, thread
  /// indices, a global's value, what is computed from these only): an analysis reused for a
  /// context equal up to the renaming of its leaves (lib/Pipeline/ContextReuse.cpp) never
  /// renames it, since the callee may make the very same leaf itself.
  bool ContextFree = false;
  /// An opaque leaf whose value is fixed for the whole run of the function that reads it:
  /// blockIdx, gridDim, a parameter's value on entry (not a load or a call's result, which
  /// the same leaf names at every iteration). See timeInvariant().
  bool TimeInvariant = false;
  unsigned Size = 1;          ///< node count, for the size cap
  unsigned Dim = 0;           ///< ThreadIdx/BlockDim component
  int64_t Value = 0;          ///< Const value; Group tile size
  uint64_t Id = 0;            ///< identity of Opaque / IndVar leaves
  uint64_t Hash = 0;          ///< structural hash (equal trees hash equal)
  GroupKind Group = GroupKind::Block;
  SymRef A, B, C;
  /// An opaque leaf whose id is computed from another value's hash (not from the function
  /// and context that made it): that value, and how. A reused analysis (lib/Pipeline/
  /// ContextReuse.cpp) recomputes the id from the renamed value, as a new analysis would.
  enum class Derivation : unsigned char {
    None,
    StandsFor, ///< opaqueOf(Of): the id is Of's hash
    FieldOf,   ///< a field of Of, a value without fields: the id is hash(Of's hash, OfPath)
  };
  Derivation Derived = Derivation::None;
  /// Null where that value itself reaches a derived leaf: chains of them (a value folded again
  /// and again) would grow without bound; such a leaf is never renamed.
  SymRef Of;
  uint64_t OfPath = 0;
  bool HasDerived = false; ///< reaches a leaf with a Derivation
  /// Record: (field, value) in the order the fields were set; the key is a clang::FieldDecl.
  LocalRef<const std::vector<std::pair<const void *, SymRef>>> Fields;
  std::string Label; ///< human-readable origin of a leaf, for messages and why traces
  unsigned OriginLine = 0, OriginColumn = 0; ///< where the leaf was read (0 = unknown)
};

/// Hard cap on tree size: bigger trees collapse into an opaque leaf of the same class, which keeps
/// the data flow linear and the enumerator cheap.
constexpr unsigned MaxSymSize = 96;

namespace sym {
SymRef constant(int64_t V, IntType Ty = {});
SymRef threadIdx(unsigned Dim);
SymRef blockDim(unsigned Dim);
SymRef opaque(uint64_t Id, Uniformity Class, bool DataDependent, std::string Label,
              IntType Ty = {}, bool Evaluable = true);
/// A loop induction variable of loop \p LoopId. \p Init/\p Step may be null while the loop is
/// first visited (the back edge is not known yet).
SymRef indVar(uint64_t LoopId, uint64_t VarId, SymRef Init, SymOp Op, SymRef Step, IntType Ty,
              std::string Label);
SymRef unary(SymOp Op, SymRef A, IntType Ty);
SymRef binary(SymOp Op, SymRef A, SymRef B, IntType Ty);
SymRef select(SymRef C, SymRef T, SymRef F, IntType Ty);
SymRef dim3(SymRef X, SymRef Y, SymRef Z);
SymRef group(GroupKind Kind, int64_t TileSize);
/// A struct's value: \p Fields' values, and \p Rest for every other field (null: nothing,
/// block-uniform). Fields nested in fields are Records of their own.
SymRef record(std::vector<std::pair<const void *, SymRef>> Fields, SymRef Rest,
              std::string Label);
/// An opaque leaf standing for \p E (same class and data dependence), used when a tree is too
/// big or not integer.
SymRef opaqueOf(const SymRef &E, std::string Label);
/// An opaque leaf marked SymExpr::TimeInvariant (blockIdx, gridDim, a parameter on entry).
SymRef timeInvariantOpaque(uint64_t Id, Uniformity Class, std::string Label, IntType Ty = {});
/// An opaque leaf whose id names no calling context (a global variable, a function), marked
/// SymExpr::ContextFree.
SymRef contextFreeOpaque(uint64_t Id, Uniformity Class, bool DataDependent, std::string Label,
                         IntType Ty = {});
/// The leaf for field path \p PathHash of \p Whole, a value without fields (a load, an unknown
/// object): the same leaf wherever that field of that value is read.
SymRef fieldOf(const SymRef &Whole, uint64_t PathHash, IntType Ty, std::string Label);
/// The join of several values into one leaf of the joined class.
SymRef joinLeaf(uint64_t Id, llvm::ArrayRef<SymRef> Values, std::string Label);
/// The linear thread id x + y*Dx + z*Dx*Dy.
SymRef linearThreadId();
} // namespace sym

/// The structural hash of a node that is neither a record nor made by opaqueOf, from its own
/// fields and its children's hashes (what SymExpr::Hash holds).
uint64_t nodeHash(const SymExpr &E);

bool symEqual(const SymRef &A, const SymRef &B);
/// Built of constants, block dimensions, thread indices and leaves marked TimeInvariant alone:
/// each thread's value of it is the same whenever and on whichever path the thread computed it
/// (what sync dependence keeps at a divergent join, SyncDependence.cpp).
bool timeInvariant(const SymExpr &E);
/// The value of field \p Field of record \p R: its own, or null when \p R does not list it
/// (then `R->A`, the rest, holds it).
SymRef recordField(const SymRef &R, const void *Field);
bool isConst(const SymRef &E, int64_t *V = nullptr);
/// Calls \p F on every distinct leaf (Opaque, IndVar, ThreadIdx, BlockDim) reachable from \p E.
void forEachLeaf(const SymRef &E, const std::function<void(const SymExpr &)> &F);
/// Whether \p E contains the induction variable (LoopId, VarId).
bool containsIndVar(const SymRef &E, uint64_t LoopId, uint64_t VarId);
std::string symToString(const SymRef &E);
llvm::StringRef symOpSpelling(SymOp Op);

/// Values of everything a tree can depend on, for LaneEnumerator.
struct EvalEnv {
  unsigned Tid[3] = {0, 0, 0};
  unsigned BlockDim[3] = {1, 1, 1};
  std::vector<std::pair<uint64_t, int64_t>> Opaques;   ///< opaque leaf id -> sampled value
  std::vector<std::pair<uint64_t, int64_t>> Iteration; ///< loop id -> iteration number
  /// Optional memo of the subtrees that read no thread index: their values are the same for
  /// every lane while Opaques and Iteration stay as they are, so LaneEnumerator computes them
  /// once per block instead of once per lane. Its owner clears it when those change.
  llvm::DenseMap<const SymExpr *, std::optional<int64_t>> *LaneInvariant = nullptr;
};

/// Evaluates an integer tree; std::nullopt when it needs something the environment lacks
/// (unknown opaque, division by zero, non-integer node).
std::optional<int64_t> evaluate(const SymExpr &E, const EvalEnv &Env);

/// Threads evaluated together: the thread indices of up to MaxLanes threads (one warp).
struct LaneBatch {
  static constexpr unsigned MaxLanes = 64;
  unsigned Size = 0;
  unsigned Tid[3][MaxLanes];
  /// Every lane of the batch, as a LaneValues::Valid mask.
  uint64_t all() const { return Size >= 64 ? ~uint64_t(0) : (uint64_t(1) << Size) - 1; }
};
/// A value per lane of a LaneBatch; lane L has one when bit L of Valid is set.
struct LaneValues {
  int64_t Value[LaneBatch::MaxLanes];
  uint64_t Valid = 0;
};
/// evaluate() for every thread of \p Lanes (Env.Tid is not read): the same values, but each node
/// is visited once per batch, and the subtrees that read no thread index once in all.
void evaluateLanes(const SymExpr &E, const EvalEnv &Env, const LaneBatch &Lanes,
                   LaneValues &Out);
/// Wraps \p V to the width and signedness of \p Ty.
inline int64_t wrapTo(int64_t V, IntType Ty) {
  if (Ty.Bits >= 64)
    return V;
  uint64_t Mask = (uint64_t(1) << Ty.Bits) - 1;
  uint64_t U = static_cast<uint64_t>(V) & Mask;
  if (Ty.Signed && (U >> (Ty.Bits - 1)))
    U |= ~Mask;
  return static_cast<int64_t>(U);
}

} // namespace divlint

#endif
