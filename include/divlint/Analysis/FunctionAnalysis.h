//===- FunctionAnalysis.h - the per-function uniformity data flow (DESIGN.md §3) -*- C++ -*-===//
//
// A forward data flow over clang::CFG, driven by ForwardDataflowWorklist to a fixpoint. The state
// maps each tracked local (field-sensitively: `s.a.b` is its own access path) to a SymExpr.
//  - Joins: equal values stay; different values become an opaque leaf of the joined class; at loop
//    headers an update `v = v op step` becomes an induction variable (IndVar).
//  - Sync dependence: at the immediate post-dominator of a non-block-uniform branch, every path
//    assigned in the branch's region takes at least the branch's class (this also covers loops
//    with lane-varying exits: temporal divergence). Post-dominators and control dependence come
//    from CFGPostDomTree / ControlDependences (clang's ControlDependencyCalculator, linear).
//  - Locals whose address escapes (and local arrays) are memory: flow-insensitive, field by field
//    (ObjectContents), the join of every store that may reach them. So is the private memory a
//    pointer or reference parameter reaches (PrivateReach: the caller says what it holds), and a
//    lambda's captures. Struct values are records (SymKind::Record), one value per field.
//  - Calls to functions with bodies are analyzed in the caller's context (CallResolver).
// The parts of the implementation, one concern each: lib/Analysis/FunctionAnalysisImpl.h.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_ANALYSIS_FUNCTIONANALYSIS_H
#define DIVLINT_ANALYSIS_FUNCTIONANALYSIS_H

#include "divlint/Quantify/BlockShape.h"
#include "divlint/Quantify/LaneEnumerator.h"
#include "divlint/Analysis/ObjectContents.h"
#include "divlint/Analysis/SymExpr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
class CFGBlock;
} // namespace clang

namespace divlint {

struct AnalysisOptions {
  unsigned WarpSize = 32;
  std::optional<BlockShape> BlockDimOption; ///< --block-dim
  /// --block-dim=KERNEL:X,Y,Z: one kernel's shape, over its launches and every other source.
  std::map<std::string, BlockShape> KernelBlockDims;
  /// --compiled: whether nvcc's code for a source line holds a conditional branch (true), only
  /// straight-line or predicated code (false), or no code of its own (std::nullopt). A
  /// lane-varying branch on a line without a branch splits no warp, so the kernel summaries
  /// leave it out (Nsight Compute counts predicated-off lanes as active).
  std::function<std::optional<bool>(llvm::StringRef File, unsigned Line)> CompiledBranchAt;
  /// The witness analysis that confirms an error (docs/severity.md): what the analysis cannot
  /// see is taken to be the same in every thread. Calls it does not analyze (no body, through
  /// a pointer, recursion, depth, budget) return a block-uniform value and store nothing;
  /// loads and stores through pointers it cannot follow reach none of the thread's private
  /// objects.
  /// Unsound on purpose: it only ever turns an error into a warning, never a class into a
  /// uniform one.
  bool UnseenIsUniform = false;
  /// A lane-varying branch is a warning only when the time its kernel loses to it is worth
  /// reading (docs/severity.md): the kernel takes at least WarningSureSlowdown times as long
  /// as without the split whatever the costs divlint assumed (--warning-slowdown), or can take
  /// WarningWorstSlowdown times as long at worst (--warning-worst-slowdown: a split the data
  /// decide, every warp splitting the worst way).
  double WarningSureSlowdown = 1.25;
  double WarningWorstSlowdown = 2.0;
  /// Whether \p Slowdown can be one of those thresholds (the CLI, .divlint.yaml, clang-tidy).
  static bool isWarningSlowdown(double Slowdown) { return Slowdown >= 1.0 && Slowdown <= 1000.0; }
};

/// A branch the hardware takes: one CFG block terminator (an `&&`/`||` operand is its own).
struct BranchRecord {
  const clang::Expr *Condition = nullptr; ///< the leaf condition as written
  const clang::Stmt *Terminator = nullptr;
  std::string Construct; ///< if, for, while, do, switch, ?:, &&, ||
  SymRef Value;
  EnumerationResult Result;
  EnumerationQuery Query; ///< what Result enumerated (null Cond: nothing to enumerate)
  std::vector<const clang::Expr *> WhyChain; ///< assignments feeding the condition, seed first
};

/// A barrier or warp-synchronous call and the divergent branch it sits under, if any.
struct SyncRecord {
  const clang::CallExpr *Call = nullptr;
  bool IsBarrier = false; ///< __syncthreads-like (else a full-mask *_sync)
  const BranchRecord *Under = nullptr; ///< the offending enclosing branch
  /// Barriers: the barrier the threads that skip this one reach instead (this one again in a
  /// later iteration, or another); null when they reach none but rejoin the lanes of their warp
  /// that wait here.
  const clang::CallExpr *ReachedInstead = nullptr;
};

/// Where a returned pointer or reference may point in the caller's private memory: into what
/// argument \p Arg reaches (`this` first), at the subobject \p Path of it.
struct ReturnPlace {
  unsigned Arg = 0;
  FieldPath Path;
};

/// What a call does, as its caller sees it: the value it returns (null: none, or unknown) and,
/// per argument (`this` first for member functions, as the caller passes them), what it stores
/// through that argument when it is a pointer or a reference (out-parameters), field by field;
/// std::nullopt where it stores nothing.
struct CallSummary {
  SymRef Return;
  std::vector<std::optional<ObjectContents>> StoredThrough;
  /// The class of what it stores through pointers it loaded from memory (`*this->p = v`):
  /// they may reach any of the caller's private objects whose address was exposed.
  std::optional<Uniformity> StoredAnywhere;
  /// A returned pointer or reference: the private memory of its arguments it may point into
  /// (`get<1>(t)` into its argument's field), and whether it may point anywhere else that
  /// private memory it was given leads to (a pointer it loaded). Unknown callees: anywhere.
  std::vector<ReturnPlace> ReturnsInto;
  bool ReturnsAnywhere = true;
  /// How much the place a returned pointer or reference names differs between threads: an
  /// element picked by a lane-varying index (`return d[i % 4];` given `i = tid`) is a different
  /// place in each lane, so a store through it leaves the memory lane-varying even when the
  /// value stored is uniform. Unknown callees: lane-varying.
  Uniformity ReturnedPlace = Uniformity::LaneVarying;
  /// Its analysis assumed the worst of something it cannot see (FunctionAnalysis::
  /// reliesOnUnseen); a call not analyzed at all does too.
  bool ReliesOnUnseen = true;
};

/// Whether memory of type \p Pointee, reached through a pointer or a reference, may be written:
/// it is not const, or it is a class with mutable fields.
bool writableThrough(clang::QualType Pointee);

/// What a call that is not analyzed (no body, recursion, the budget) may store through each of
/// its \p NumArgs arguments (`this` first for methods): anything (lane-varying), except through
/// `const T &` and `const T *` (writableThrough). Unknown callees (null): through every one.
std::vector<std::optional<ObjectContents>> unknownStoredThrough(const clang::FunctionDecl *Callee,
                                                                size_t NumArgs);

/// An operation nvcc compiles to a branch (no `if` in the source): IEEE division, 64-bit
/// integer division by a variable, math functions with slow paths, cuRAND, grid-wide sync.
struct HiddenBranchRecord {
  const clang::Expr *Site = nullptr;
  std::string Operation; ///< what it is, for the message
  Uniformity Class = Uniformity::BlockUniform; ///< of the operands the branch tests
  bool Structural = false; ///< lanes always disagree there (a leader lane), not only for some data
};

/// What a caller knows about the memory private to the thread (its locals, what its own
/// caller's private memory it was given) that each argument reaches through a pointer or a
/// reference (`this` first for member functions, as in the argument values): DESIGN §6.2.
/// Such memory holds what was stored there, whatever the pointer's class, so the callee loads
/// the join of these contents and of its own stores through that argument.
struct PrivateReach {
  /// Per argument: std::nullopt when it reaches no private memory, else what that memory may
  /// hold at the call, field by field.
  std::vector<std::optional<ObjectContents>> Contents;
  /// Per argument: arguments with the same group may reach the same memory (a store through
  /// one may change what the other reads).
  std::vector<unsigned> Group;
  /// Per argument: all the private memory it reaches is variables declared const (a
  /// `__grid_constant__` kernel parameter passed down by reference): no store reaches it.
  std::vector<char> Immutable;
  /// Per argument: no pointer of unknown origin in the caller may reach the memory it reaches
  /// (the caller's tracked locals, objects whose address nothing took): in the callee, a load or
  /// store through such a pointer does not reach it either, while the callee takes the address of
  /// the reference it was given nowhere (CUTLASS's `Params const &params`, next to iterators
  /// whose pointers were loaded from memory).
  std::vector<char> Hidden;
  /// Per argument that reaches private memory: the class of where that memory is, which
  /// object each lane passed (`arr[tid % 4].get()`: lane-varying; a local, or a member of
  /// one: block-uniform). A field the callee reads through `this` is the join of what the
  /// field holds and of this place, not of everything the object holds.
  std::vector<Uniformity> Place;
  uint64_t hash() const;
};

/// Calls nested deeper than this fall back to an unknown result (an analysis at depth
/// MaxAnalyzedCallDepth - 1 makes no call): the evaluator and the resolver stop at the same depth.
/// CuTe reaches a tuple's element through 20 to 30 nested calls (`size<I>(layout)`); at 12 every
/// layout extent past the cut was lane-varying.
constexpr unsigned MaxAnalyzedCallDepth = 32;

/// Resolves calls to functions with bodies: the caller passes argument values (and what private
/// memory they reach) and gets the call's summary. Implemented by the translation-unit driver
/// (memoized, recursion-safe).
class FunctionStructures;

class CallResolver {
public:
  virtual ~CallResolver() = default;
  virtual CallSummary resolveCall(const clang::FunctionDecl *Callee, std::vector<SymRef> Args,
                                  unsigned Depth, const PrivateReach &Reach) = 0;
  /// The CFGs and trees shared by every analysis this resolver starts (FunctionStructure.h);
  /// null: each analysis builds its own.
  virtual FunctionStructures *structures() { return nullptr; }
  /// A call to \p Callee (with a body) that the analysis did not resolve, cut by the call
  /// depth: the callee's own branches must still be classified (analyzed alone, later).
  virtual void noteCutCall(const clang::FunctionDecl *Callee) { (void)Callee; }
};

class FunctionAnalysis {
public:
  /// \p Reach: the private memory the caller's arguments reach (none: no caller known, or
  /// nothing private passed).
  FunctionAnalysis(const clang::FunctionDecl *FD, clang::ASTContext &Ctx, CallResolver &Calls,
                   const AnalysisOptions &Opts, std::vector<BlockShape> Shapes,
                   std::vector<SymRef> ParamValues, unsigned Depth, PrivateReach Reach = {});
  ~FunctionAnalysis();

  /// Runs the data flow; false when the function has no CFG (no body, invalid code).
  bool run();
  /// What a caller sees of this (run) analysis: its return value, stores and returned places.
  CallSummary summary() const;

  /// The joined value of every `return` (null for void functions).
  SymRef returnValue() const;
  /// Per argument (`this` first for member functions): the class of what the function stores
  /// through it when it is a pointer or reference parameter (std::nullopt: nothing).
  const std::vector<std::optional<ObjectContents>> &storedThroughParameters() const;
  /// The class of what it stores through pointers of unknown origin (std::nullopt: nothing).
  std::optional<Uniformity> storedAnywhere() const;
  /// Where a returned pointer or reference may point among its arguments' private memory
  /// (CallSummary::ReturnsInto), and whether anywhere else.
  const std::vector<ReturnPlace> &returnsInto() const;
  bool returnsAnywhere() const;
  Uniformity returnedPlace() const; ///< CallSummary::ReturnedPlace
  /// Whether some value assumed the worst of what the analysis cannot see (a call it did not
  /// analyze, a store through a pointer it lost track of), here or in a callee. False: the
  /// witness analysis (AnalysisOptions::UnseenIsUniform) would find the same.
  bool reliesOnUnseen() const;
  const std::vector<BranchRecord> &branches() const;
  const std::vector<SyncRecord> &syncs() const;
  const std::vector<HiddenBranchRecord> &hiddenBranches() const;

private:
  class Impl;
  std::unique_ptr<Impl> P;
};

/// The index in \p Branches of the record of \p If's whole condition (not of one leaf of a
/// `&&` / `||` chain), if there is one.
std::optional<size_t> wholeConditionBranch(const clang::IfStmt *If,
                                           llvm::ArrayRef<BranchRecord> Branches);

/// The values the kernel's parameters start with: block-uniform opaque leaves, fixed for the
/// whole run (SymExpr::TimeInvariant).
std::vector<SymRef> kernelParamValues(const clang::FunctionDecl *FD);
/// The values of a device function's parameters when no call site is known: lane-varying.
std::vector<SymRef> unknownCallerParamValues(const clang::FunctionDecl *FD);

} // namespace divlint

#endif
