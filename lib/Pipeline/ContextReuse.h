//===- ContextReuse.h - one analysis for contexts equal up to renaming -*- C++ -*-===//
//
// Private to lib/Pipeline. Template-heavy code calls the same small function (`derived_cast`,
// `plus<>::operator()`, a pair's constructor) from many places with arguments that differ only
// in which unknowns they hold: Thrust's `sort.cu` has 16,384 calling contexts, 3,861 of them
// distinct once the unknowns are numbered in order of appearance. A data flow over symbolic
// values is the same up to that renaming (it never looks at a leaf's id, only at whether two
// ids are equal), so the analysis of one such context gives the others' by renaming its result.
//
// TranslationUnitAnalyzer::resolveCall (and resolveWitnessCall) reuse an analysis only where
// that is what a new analysis would give:
//   - the arguments match leaf for leaf, labels and source positions included (a why trace
//     names them), and leaves whose id is the same in every context (SymExpr::ContextFree: a
//     global's value, which the callee may read itself) are not renamed but must be the same;
//   - a loop's induction variable renames as a leaf does, its loop (SymExpr::Value) one to one
//     with the other context's loops: the callee never sees the caller's loop, only the
//     variable's start and step (matched as trees) and which variables step together (the
//     enumeration samples each loop's iterations as one);
//   - the leaves the callee made itself get ids of the reusing context (their ids name the
//     context they were made in; so do the loops of its own induction variables), and those
//     computed from another value's hash (SymExpr::Derivation) are computed again from the
//     renamed value;
//   - no call the analysis made fell back to an unknown result (recursion, budget, depth);
//   - the call depth: where no analysis under it ran at the depth from which calls are cut, it
//     is reused at any depth where none would (its calls made again as much deeper or
//     shallower); otherwise at its own depth only;
//   - the calls it made are made again, in order, with renamed arguments (so the callees are
//     reused or analyzed in turn), and each result must match the earlier one up to renaming;
//     where one does not (the earlier call was answered from a context with the same values but
//     other names), the reuse gives up and the context is analyzed;
//   - the context budgets still hold every call the earlier analysis asked for.
// The reusing call counts against the context budgets, and its findings are collected again for
// the current kernel, as a new analysis's would be: the findings are those of analyzing every
// context.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_PIPELINE_CONTEXTREUSE_H
#define DIVLINT_LIB_PIPELINE_CONTEXTREUSE_H

#include "divlint/Analysis/SymExpr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace divlint {
namespace pipeline {

/// A hash of the arguments' trees with renamed leaves (and induction variables' loops) numbered
/// in order of appearance; equal for contexts equal up to renaming. std::nullopt: an argument
/// holds a leaf computed from a value that is itself computed so (SymExpr::Of is null).
std::optional<uint64_t> canonicalArguments(llvm::ArrayRef<SymRef> Args);

/// For each renamed leaf of one context's arguments (by id): that leaf, and the leaf at the
/// same place in another context's arguments.
struct RenamedLeaf {
  SymRef Then, Now;
};
struct LeafRenaming {
  llvm::DenseMap<uint64_t, RenamedLeaf> Leaves; ///< by the id of Then's leaf
  llvm::DenseSet<uint64_t> NowIds;              ///< the ids of the Now leaves in Leaves
  /// The loops of Then's induction variables (their SymExpr::Value) and Now's.
  llvm::DenseMap<uint64_t, uint64_t> Loops;
  llvm::DenseSet<uint64_t> NowLoops;
};

/// Whether \p Now's trees are \p Then's up to the renaming of their leaves (labels, source
/// positions, classes and types equal; ContextFree leaves the same); if so \p Renaming maps
/// each of Then's renamed leaves to Now's.
bool matchArguments(llvm::ArrayRef<SymRef> Then, llvm::ArrayRef<SymRef> Now,
                    LeafRenaming &Renaming);

/// Whether \p E, the result of an analysis for arguments \p Renaming was matched on, can be
/// renamed into another context's: the leaves with an argument's id are that argument's
/// (perhaps at a source position the callee gave them), and no induction variable of an
/// argument's loop is one the arguments did not hold.
bool renamableResult(const SymRef &E, const LeafRenaming &Renaming);

/// \p E for the other context: each argument's leaf replaced by its counterpart, a leaf
/// computed from another value's hash made again from the renamed value, and a leaf the callee
/// made itself given an id of the other context's (its id mixed with \p Salt, which names that
/// context).
SymRef renamed(const SymRef &E, const LeafRenaming &Renaming, uint64_t Salt);

} // namespace pipeline
} // namespace divlint

#endif
