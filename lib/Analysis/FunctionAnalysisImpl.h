//===- FunctionAnalysisImpl.h - the parts of one function's data flow -*- C++ -*-===//
//
// Private to lib/Analysis. FunctionAnalysis (include/divlint/Analysis/FunctionAnalysis.h) is a
// forward data flow over one function's clang::CFG. Its parts, one concern each, share one
// FunctionState (the function, its CFG and what the data flow knows per block):
//
//   FunctionAnalysis.cpp     the driver: builds the CFG, runs the fixpoint (and reruns it while
//                            memory classes grow), hands out branch, sync and return records
//   FunctionState.cpp        identities of symbolic leaves, CFG queries, the control class
//   DataFlowState.h          the state: each tracked location's value, sorted by location
//   ExprEvaluator.cpp        expressions -> symbolic values (SymExpr)
//   CallEvaluator.cpp        calls: builtin registers, the intrinsic table, device functions,
//                            constructors
//   CooperativeGroups.cpp    cooperative_groups handles, their members and collectives
//   CudaBuiltins.cpp         CUDA facts: builtin variables, special registers, group types
//   Memory.cpp               tracked locals (access paths); private memory objects (escaped
//                            locals, arrays, captures, what parameters reach), stores into them
//   EscapeFacts.cpp          which locals are memory (address taken, captured by reference)
//   ClosureCaptures.cpp      a lambda's captures, one by one (its closure's fields)
//   PrivateTargets.cpp       the private memory a pointer or lvalue may reach
//   StatementTransfer.cpp    what each CFG statement does to the state
//   Joins.cpp                joins at merge points; induction variables at loop headers
//   SyncDependence.cpp       sync and temporal dependence at the end of a divergent region
//   BranchClassifier.cpp     branch conditions: guards, enclosing loops, lane enumeration
//   BarrierCheck.cpp         barriers and full-mask *_sync calls under divergent branches
//   HiddenBranches.cpp       operations nvcc compiles to branches (division, sqrt, cuRAND)
//   WarpCollectives.cpp      xor-butterfly all-reductions: values equal in every lane
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_ANALYSIS_FUNCTIONANALYSISIMPL_H
#define DIVLINT_LIB_ANALYSIS_FUNCTIONANALYSISIMPL_H

#include "DataFlowState.h"
#include "EscapeFacts.h"
#include "Targets.h"
#include "divlint/Analysis/FunctionAnalysis.h"
#include "divlint/Analysis/FunctionStructure.h"
#include "divlint/Analysis/IntrinsicTable.h"
#include "clang/AST/ASTContext.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <utility>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace divlint {


constexpr unsigned MaxEvalDepth = 200;
constexpr unsigned MaxBlockVisitsPerBlock = 64;
constexpr unsigned MaxGuardDependences = 4096;

/// The C integer type of \p T ({64, unsigned} when not an integer).
IntType intTypeOf(clang::QualType T, const clang::ASTContext &Ctx);
bool isIntegerLike(clang::QualType T);
/// The SymOp of a binary or compound-assignment operator.
std::optional<SymOp> binaryOpFor(clang::BinaryOperatorKind K);

//===----------------------------------------------------------------------===//
// What every part shares
//===----------------------------------------------------------------------===//

struct FunctionState {
  FunctionState(const clang::FunctionDecl *FD, clang::ASTContext &Ctx, CallResolver &Calls,
                const AnalysisOptions &Opts, std::vector<BlockShape> Shapes,
                std::vector<SymRef> ParamValues, unsigned Depth, PrivateReach Reach = {});

  // --- the function and its calling context ---------------------------------------
  const clang::FunctionDecl *FD;
  clang::ASTContext &Ctx;
  CallResolver &Calls;
  const AnalysisOptions &Opts;
  std::vector<BlockShape> Shapes;
  std::vector<SymRef> ParamValues; ///< `this` first for instance methods
  PrivateReach Reach;              ///< the private memory the arguments reach (ParamValues' order)
  unsigned Depth;
  uint64_t Salt = 0; ///< mixes the function and its argument values into every leaf's id

  // --- the CFG (FunctionStructure.h: the resolver's, shared by the function's contexts) ---
  std::unique_ptr<FunctionStructure> OwnStructure; ///< where the resolver shares none
  const FunctionStructure *Structure = nullptr;    ///< the one in use
  clang::AnalysisDeclContext *ADC = nullptr;
  clang::CFG *Cfg = nullptr;
  /// Structure's control dependences (built on first use).
  ControlDependences &controlDeps() const { return Structure->controlDeps(); }

  // --- per block, indexed by block id ----------------------------------------------
  std::vector<std::optional<State>> Out;
  std::vector<unsigned> Visits;
  std::vector<SymRef> CondValue;        ///< the value its terminator tests
  std::vector<Uniformity> CondClassNow; ///< the class used for sync dependence
  std::vector<char> IsLoopHeader;

  std::vector<std::pair<SymRef, const clang::CFGBlock *>> Returns; ///< value, block
  bool Widen = false; ///< past the visit budget: joins make opaque leaves only
  /// Some value assumed what the analysis cannot see may differ between threads (a call it
  /// did not analyze, a store through a pointer it lost track of), here or in a callee: only
  /// then can the witness analysis (AnalysisOptions::UnseenIsUniform) show something else.
  bool ReliesOnUnseen = false;
  const clang::CFGBlock *CurrentBlock = nullptr; ///< the block being transferred (calls' control)

  // --- identities of symbolic leaves (FunctionState.cpp) ---------------------------
  uint64_t idFor(const void *P, uint64_t Extra = 0) const;
  static uint64_t pathHash(const AccessPath &Path);
  uint64_t loopId(const clang::CFGBlock *Header) const;
  std::string pathName(const AccessPath &Path) const;
  /// Marks an opaque or thread-index leaf with where \p S reads it (for why traces).
  SymRef withOrigin(SymRef E, const clang::Stmt *S) const;
  /// Marks an induction variable with where its variable is declared (for why traces).
  SymRef withDeclOrigin(SymRef E, const AccessPath &Path) const;
  SymRef leafFor(const clang::Expr *E, Uniformity Class, bool DataDependent, std::string Label);
  /// The source text of \p S, shortened for labels.
  std::string textOf(const clang::Stmt *S) const;
  std::string sourceTextOf(const clang::Stmt *S) const; ///< textOf, not remembered
  /// \p E (not value-dependent) as an integer constant expression, remembered per translation
  /// unit where the resolver shares structures (FunctionStructures::constantInt).
  std::optional<ConstantInt> constantInt(const clang::Expr *E) const;
  /// A local of this function (not a variable a lambda captured from its enclosing function).
  bool isOwnLocal(const clang::VarDecl *VD) const;

  // --- CFG queries (FunctionState.cpp) ---------------------------------------------
  const clang::CFGBlock *ipdom(const clang::CFGBlock *B) const;
  bool postDominates(const clang::CFGBlock *A, const clang::CFGBlock *B) const;
  bool dominates(const clang::CFGBlock *A, const clang::CFGBlock *B) const;
  /// The header (join block with the back edge) of the loop whose condition block is \p B.
  const clang::CFGBlock *headerOfLoopCondition(const clang::CFGBlock *B) const;
  /// Join of the classes of every branch \p B is (transitively) control dependent on.
  Uniformity controlClass(const clang::CFGBlock *B) const;
};

//===----------------------------------------------------------------------===//
// Memory.cpp, PrivateTargets.cpp: where values live
//===----------------------------------------------------------------------===//

/// Locals the data flow tracks, by access path, and the private memory it cannot (MemObject):
/// locals whose address escapes (address taken, bound to a mutable reference, captured by
/// reference) and local arrays; what pointer and reference parameters reach in the caller's
/// memory (PrivateReach); a lambda's captures. Each has one flow-insensitive class, the join of
/// every store that may reach it (DESIGN §6.2). Stores through a pointer or reference parameter
/// are also the function's out-parameters: its callers apply them.
class Memory {
public:
  explicit Memory(FunctionState &F) : F(F) {}

  /// Finds the escaped locals, the captures, what pointer variables may point to, and the
  /// memory the parameters reach (before the data flow runs).
  void findEscapes();
  bool isEscaped(const clang::VarDecl *VD) const { return Escaped.count(VD); }
  /// The class of escaped local (or capture) \p VD so far.
  Uniformity escapedClass(const clang::VarDecl *VD) const { return objectClass({VD, false}); }
  /// The class of the subobject at \p Path of \p O so far; the read and the block it is in
  /// are remembered (see changed() and takeStaleReaders()).
  Uniformity objectClass(MemObject O, llvm::ArrayRef<const clang::FieldDecl *> Path = {}) const;
  /// What \p O holds so far, field by field (a read, as objectClass).
  ObjectContents objectContents(MemObject O) const;
  /// Whether a pointer of unknown origin may reach \p O (Targets::Any).
  bool isExposed(MemObject O) const { return llvm::is_contained(Exposed, O); }
  /// Whether what reference parameter \p P reaches is private memory with a class of its own.
  bool hasPointee(const clang::VarDecl *P) const { return Pointees.count(P); }

  /// The access path of a tracked lvalue (`v`, `s.a.b`); none for memory.
  std::optional<AccessPath> pathOf(const clang::Expr *E) const;
  SymRef read(const AccessPath &Path, const State &S, const clang::Expr *Where) const;
  void write(const AccessPath &Path, SymRef V, State &S) const;
  /// The value of a whole struct whose fields are tracked one by one: a record.
  SymRef structValue(const AccessPath &Path, const State &S) const;
  /// What an enclosing struct's whole value holds at \p Path (null: none known).
  SymRef enclosingValue(const AccessPath &Path, const State &S, IntType Ty) const;
  /// A tracked location read before any store: a uniform placeholder (objects' fields are
  /// stored one by one; scalars get their own lane-varying start at their declaration).
  SymRef uninitializedValue(const AccessPath &Path, IntType Ty) const;

  // --- private memory reached through pointers and references (PrivateTargets.cpp) -----
  /// What the pointer value \p Ptr may point into.
  Targets pointerTargets(const clang::Expr *Ptr, unsigned D = 0) const;
  /// The object `this` points to, when it is private memory (a method called on a thread's
  /// object, a constructor).
  Targets thisTargets() const;
  /// What the lvalue \p LV may lie in.
  Targets lvalueTargets(const clang::Expr *LV, unsigned D = 0) const;
  /// A closure's capture (ClosureCaptures.cpp): its field (none for `this`, or when a by-value
  /// parameter holds the closure), what a store through it reaches here (a by-reference
  /// capture's variable, what a copied pointer points to), or whether that is our caller's
  /// memory, reached only through where the closure object lies (InCaller).
  struct ClosureCapture {
    const clang::FieldDecl *Field = nullptr;
    Targets Reached;
    bool InCaller = false;
  };
  using ClosureCaptures = llvm::SmallVector<ClosureCapture, 4>;
  /// The captures of an object of type \p T that \p Obj names; closureTargets: all together.
  ClosureCaptures closureCaptures(clang::QualType T, const clang::Expr *Obj) const;
  Targets closureTargets(clang::QualType T, const clang::Expr *Obj) const;
  /// A closure argument: what it reaches itself (where the closure object lies) and through
  /// its captures.
  struct ClosureParts {
    Targets Own;
    ClosureCaptures Captures;
  };
  /// What a closure argument's memory holds, capture by capture (PrivateReach).
  ObjectContents closureContents(const ClosureParts &Closure, const State &S) const;
  /// The join of what \p T may hold (block-uniform when empty).
  Uniformity classOf(const Targets &T, const State &S) const;
  /// Whether a load through \p T reads every exposed object: \p T may point anywhere (a
  /// pointer the analysis lost track of), except in the witness analysis
  /// (AnalysisOptions::UnseenIsUniform). Notes that the analysis relied on it.
  bool anyReachesExposed(const Targets &T) const;
  /// A variable declared const (without mutable fields): after its initialization no store
  /// reaches it (one would be undefined behaviour), so neither a store through a pointer the
  /// analysis lost track of nor a callee's store through the reference it was given lands there
  /// (a `__grid_constant__` kernel parameter passed down by const reference).
  /// What a pointer or reference parameter reaches is such a variable when the caller says so
  /// (PrivateReach::Immutable).
  bool isConstObject(MemObject O) const;
  /// \p T without the const variables among its objects (isConstObject).
  Targets writable(const Targets &T) const;
  /// What \p T may hold, field by field (what a callee is told: PrivateReach).
  ObjectContents contentsOf(const Targets &T, const State &S) const;
  /// A store of class \p C into \p T.
  void store(const Targets &T, Uniformity C, State &S);
  /// A store of \p V into \p T under control of class \p Control: a record field by field.
  void storeValue(const Targets &T, const SymRef &V, Uniformity Control, State &S);
  /// What a callee stored through one argument (\p C, field by field) into what it reaches;
  /// a path into a closure goes to the capture of its first field, given \p Closure.
  void storeContents(const Targets &T, const ObjectContents &C, Uniformity Control, State &S,
                     const ClosureParts *Closure = nullptr);
  /// The value of the subobject at \p Path of private object \p O, of type \p T: a record
  /// field by field (each at least \p AtLeast), else a leaf of its class.
  SymRef objectValue(MemObject O, llvm::ArrayRef<const clang::FieldDecl *> Path, clang::QualType T,
                     const clang::Expr *Where, Uniformity AtLeast = Uniformity::BlockUniform) const;
  /// A record value (or a leaf) from what an object holds, field by field.
  SymRef valueOfContents(const ObjectContents &C, uint64_t Id, const std::string &Label,
                         clang::QualType T) const;
  /// What a value holds, field by field (a record's fields; a leaf: its class, whole).
  static ObjectContents contentsOfValue(const SymRef &V);

  // --- pointers and references returned by calls ------------------------------------
  /// Where the pointer or reference call \p Call returned may point (from its callee's
  /// summary, applied to the call's arguments), remembered when the call is evaluated.
  /// \p PlaceClass: how much the place differs between threads (CallSummary::ReturnedPlace).
  void noteCallReturn(const clang::Expr *Call, Targets T, Uniformity PlaceClass) {
    CallReturns[Call] = std::move(T);
    CallReturnPlaces[Call] = PlaceClass;
  }
  /// How much the place the pointer or reference \p Call returned differs between threads
  /// (lane-varying when the call was not seen).
  Uniformity callReturnPlace(const clang::Expr *Call) const {
    auto It = CallReturnPlaces.find(Call);
    return It == CallReturnPlaces.end() ? Uniformity::LaneVarying : It->second;
  }
  /// A `return` of a pointer or reference that reaches \p T, at a place of class \p PlaceClass:
  /// the summary's ReturnsInto and ReturnedPlace.
  void noteReturnTargets(const Targets &T, Uniformity PlaceClass);
  const std::vector<ReturnPlace> &returnsInto() const { return ReturnsInto; }
  bool returnsAnywhere() const { return ReturnsAnywhere; }
  Uniformity returnedPlace() const { return ReturnedPlace; }

  /// An escaped parameter starts with its argument's class (not a change of memory).
  void noteEntryValue(const clang::VarDecl *VD, const SymRef &V);
  /// A store of class \p C into escaped local \p VD.
  void noteStore(const clang::VarDecl *VD, Uniformity C) { noteObjectStore({VD, false}, {}, C); }
  /// What a callee without a body (null: called through a pointer) may store through the
  /// pointers and mutable references it is given (\p C: the class of what it may store).
  void noteCallArguments(const clang::CallExpr *CE, const clang::FunctionDecl *Callee,
                         Uniformity C, State &S);

  // --- out-parameters: stores through pointers and references a caller passed ---------
  /// Per argument (`this` first for member functions): the class of what this function stores
  /// through it (std::nullopt: nothing).
  const std::vector<std::optional<ObjectContents>> &storedThrough() const { return StoredThrough; }
  /// The class of what this function stores through pointers of unknown origin (Targets::Any):
  /// its callers apply it to every private object of theirs whose address was exposed.
  std::optional<Uniformity> storedAnywhere() const { return StoredAnywhere; }

  /// Whether a class grew, since clearChanged(), after a read outside any block's transfer:
  /// some value of this round was computed from a class that was not yet final, so the data
  /// flow runs again. A class that grows before any read needs nothing (reads see only its
  /// final class); one read in a block's transfer makes that block stale (takeStaleReaders).
  bool changed() const { return Changed; }
  void clearChanged() {
    Changed = false;
    Readers.clear();
    StaleReaders.clear();
  }
  /// The blocks that read a class since grown: transferred again in the same round, they see
  /// the grown class, as blocks of a loop see a value that grew on its back edge.
  std::vector<const clang::CFGBlock *> takeStaleReaders() {
    return std::exchange(StaleReaders, {});
  }
  /// No convergence: all private memory is lane-varying.
  void giveUp();

  /// \p P's index among the arguments (`this` 0), when it is this function's parameter.
  std::optional<unsigned> argumentIndex(const clang::ParmVarDecl *P) const;

private:
  /// The argument whose caller's memory \p O is (`this` 0), if it is one.
  std::optional<unsigned> argumentOf(MemObject O) const;
  void noteParameterStore(unsigned Index, llvm::ArrayRef<const clang::FieldDecl *> Path,
                          Uniformity C);
  void noteObjectStore(MemObject O, llvm::ArrayRef<const clang::FieldDecl *> Path, Uniformity C);
  /// A store into \p O as this function sees it: the object, what may alias it, the caller.
  void storeObject(const ObjectRef &O, Uniformity C);
  /// A lambda's captured variables \p Vars start with what the closure holds (ClosureCaptures.cpp).
  void enterClosure(const clang::CXXRecordDecl *Closure,
                    const std::vector<const clang::VarDecl *> &Vars,
                    const std::optional<ObjectContents> &Reached);
  /// Where a store into captured variable \p VD at \p Path lies in the closure (`this`).
  FieldPath capturePath(const clang::VarDecl *VD, llvm::ArrayRef<const clang::FieldDecl *> Path) const;
  /// \p T reaches only memory of our caller's (through arguments): a store there goes back.
  bool reachesCallerOnly(const Targets &T) const;
  /// Two variables this lambda captured that are different objects (neither a reference).
  bool distinctCaptures(MemObject A, MemObject B) const;
  /// Targets of a pointer variable: the union of every value assigned to it.
  Targets variableTargets(const clang::VarDecl *VD, unsigned D) const;

  FunctionState &F;
  llvm::DenseSet<const clang::VarDecl *> Escaped, AddressTaken; ///< EscapeFacts'
  llvm::DenseSet<const clang::VarDecl *> Captured; ///< variables a lambda (this function) captured
  /// Their fields in the closure.
  llvm::DenseMap<const clang::VarDecl *, const clang::FieldDecl *> CaptureFields;
  /// A kernel's by-value parameters that nothing stores into and no pointer reaches, and a
  /// lambda's captures of them: the pointers in them are the host's (pointerTargets).
  llvm::DenseSet<const clang::VarDecl *> HostArguments;
  /// Whether \p E reads a part of a HostArguments parameter (`p.data`, `p.ptrs[1]` of an array
  /// member): a value the host gave.
  bool readsHostArgument(const clang::Expr *E) const;
  /// Reference parameters' pointees that no pointer of unknown origin reaches (PrivateReach::Hidden).
  llvm::SmallVector<MemObject, 2> HiddenPointees;
  /// Objects whose address a pointer of unknown origin may hold (Targets::Any).
  llvm::SmallVector<MemObject, 8> Exposed;
  /// Pointer and reference parameters (the method for `this`) whose caller gave private memory:
  /// their argument index.
  llvm::DenseMap<const clang::Decl *, unsigned> Pointees;
  /// Values assigned to local pointer variables (and pointer parameters); a pointer variable
  /// whose address escapes is absent from it and in Escaped.
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Expr *, 2>> Assigned;
  mutable llvm::SmallPtrSet<const clang::VarDecl *, 8> VisitedVariables; ///< of one query
  llvm::DenseMap<MemObject, ObjectContents> ObjectClass;
  llvm::DenseMap<const clang::Expr *, Targets> CallReturns;
  llvm::DenseMap<const clang::Expr *, Uniformity> CallReturnPlaces;
  std::vector<ReturnPlace> ReturnsInto;
  bool ReturnsAnywhere = false;
  Uniformity ReturnedPlace = Uniformity::BlockUniform;
  /// Per object, the blocks whose transfer read its class this round (null: a read outside
  /// any transfer).
  mutable llvm::DenseMap<MemObject, llvm::SmallPtrSet<const clang::CFGBlock *, 4>> Readers;
  std::vector<const clang::CFGBlock *> StaleReaders;
  bool Changed = false;
  std::vector<std::optional<ObjectContents>> StoredThrough;
  std::optional<Uniformity> StoredAnywhere;
};

//===----------------------------------------------------------------------===//
// ExprEvaluator.cpp, CallEvaluator.cpp, CooperativeGroups.cpp: values
//===----------------------------------------------------------------------===//

class ExprEvaluator;

/// cooperative_groups: group handles (thread_block, tiles, grid, coalesced), their members
/// (thread_rank, size, shfl, any, ...) and the free functions (tiled_partition, reduce, sync).
class CooperativeGroupCalls {
public:
  CooperativeGroupCalls(FunctionState &F, ExprEvaluator &Eval) : F(F), Eval(Eval) {}
  /// The value of a call into cooperative_groups; null when its body should be analyzed.
  SymRef eval(const clang::CallExpr *CE, const clang::FunctionDecl *Callee, State &S, unsigned D);

private:
  FunctionState &F;
  ExprEvaluator &Eval;
};

/// Per argument of a call, the closure it is (CallEvaluator::closureParts), if any.
using ClosureArguments = std::vector<std::optional<Memory::ClosureParts>>;

/// Calls: builtin variables spelled as calls, special registers, min/max, cooperative groups,
/// the intrinsic table; functions with bodies are analyzed in this context (CallResolver), and
/// what they store through their arguments is applied here; anything else is lane-varying.
class CallEvaluator {
public:
  CallEvaluator(FunctionState &F, Memory &M, ExprEvaluator &Eval)
      : F(F), M(M), Eval(Eval), Groups(F, Eval) {}
  SymRef eval(const clang::CallExpr *CE, State &S, unsigned D);
  /// A constructor with a body, analyzed like a method whose `this` is the fresh object: the
  /// value is the join of what it stores into that object.
  SymRef evalConstruct(const clang::CXXConstructExpr *CE, State &S, unsigned D);
  /// The constructor an inheriting constructor (`using Base::Base;`) forwards its arguments to.
  SymRef evalInheritedConstruct(const clang::CXXInheritedCtorInitExpr *E);
  /// The value of a call that is not analyzed: lane-varying (block-uniform in the witness
  /// analysis, AnalysisOptions::UnseenIsUniform).
  SymRef unknownResult(const clang::Expr *E);

private:
  SymRef evalIntrinsic(const clang::CallExpr *CE, const IntrinsicInfo &Info, State &S,
                       unsigned D);
  /// memcpy, memmove, memset, bcopy, bzero (also as __builtin_): none when \p Callee is none.
  std::optional<SymRef> evalMemoryBuiltin(const clang::CallExpr *CE,
                                          const clang::FunctionDecl *Callee, State &S,
                                          unsigned D);
  /// A constructed object's value: what its constructor stored through `this`, a record.
  SymRef constructedValue(const clang::Expr *E, const CallSummary &Summary);
  /// Where the pointer or reference \p CE returns may point, for pointerTargets().
  void noteReturnedTargets(const clang::CallExpr *CE, const CallSummary &Summary,
                           const std::vector<Targets> &Reached,
                           const std::vector<const clang::Expr *> &Given, State &S);
  /// The private memory \p Arg reaches when passed as a parameter of type \p ParamTy.
  Targets argumentTarget(const clang::Expr *Arg, clang::QualType ParamTy) const;
  /// Per argument of \p CE in the callee's order (`this` first): the private memory it reaches.
  std::vector<Targets> argumentTargets(const clang::CallExpr *CE,
                                       const clang::FunctionDecl *Callee) const;
  /// What the callee is told about that memory: what it holds, which arguments may alias.
  /// \p Given: the argument expressions, as for applyStoresThroughArguments.
  /// \p Closures: closureArguments(Given).
  PrivateReach reachOf(const clang::CallExpr *CE, const std::vector<Targets> &Reached,
                       const std::vector<SymRef> &Args,
                       const std::vector<const clang::Expr *> &Given, State &S,
                       const ClosureArguments &Closures) const;
  /// The same, given per argument whether it is a reference bound to a temporary (the
  /// caller's private memory too, holding the argument's value).
  PrivateReach reachOf(const std::vector<Targets> &Reached,
                       const std::vector<char> &ByRefTemporary, const std::vector<SymRef> &Args,
                       const std::vector<const clang::Expr *> &Given, State &S,
                       const ClosureArguments &Closures) const;
  /// Argument \p Arg as a closure (or a pointer to one): what it reaches itself and through
  /// each capture; none when it is no closure.
  std::optional<Memory::ClosureParts> closureParts(const clang::Expr *Arg) const;
  /// closureParts of each of \p Given: found once per call, for reachOf and for
  /// applyStoresThroughArguments (the caller's memory does not change in between).
  ClosureArguments closureArguments(const std::vector<const clang::Expr *> &Given) const;
  /// Closures[I] if given, else closureParts(Given[I]).
  std::optional<Memory::ClosureParts> closureAt(unsigned I,
                                                const std::vector<const clang::Expr *> &Given,
                                                const ClosureArguments *Closures) const;
  /// What the callee stores through each argument (a CallSummary's StoredThrough), under the
  /// control of the call, into the memory that argument reaches; what it stores through
  /// pointers it loaded (StoredAnywhere), into every private object whose address was exposed.
  /// \p Given: the argument expressions in the same order (null where there is none).
  void applyStoresThroughArguments(const CallSummary &Summary,
                                   const std::vector<Targets> &Reached,
                                   const std::vector<const clang::Expr *> &Given, State &S,
                                   const ClosureArguments *Closures = nullptr);
  /// Whether a call passes private memory: a pointer or reference to it, or an object by value
  /// that may hold a pointer to it.
  static bool givesPrivateMemory(const std::vector<Targets> &Reached,
                                 const std::vector<const clang::Expr *> &Given);
  /// What a callee without a body may do with the arguments \p Given (`this` first; null for
  /// an object under construction): store anything through them, and through pointers it
  /// finds in the memory they reach.
  CallSummary unknownEffects(const clang::FunctionDecl *Callee, const std::vector<Targets> &Reached,
                             const std::vector<const clang::Expr *> &Given) const;
  /// The constant a function whose body is `return N;` returns (N an integer constant
  /// expression that reads nothing of the call), if it is one.
  std::optional<int64_t> constantReturn(const clang::FunctionDecl *Def) const;

  FunctionState &F;
  Memory &M;
  ExprEvaluator &Eval;
  CooperativeGroupCalls Groups;
};

/// The symbolic value of an expression in a state. Reads only: the CFG has a separate element
/// for every assignment and increment, and StatementTransfer applies them in order.
class ExprEvaluator {
public:
  ExprEvaluator(FunctionState &F, Memory &M) : F(F), M(M), Calls(F, M, *this) {}
  SymRef eval(const clang::Expr *E, State &S, unsigned D = 0);
  /// \p V, or an opaque leaf for \p E of class at least \p C.
  SymRef atLeast(SymRef V, Uniformity C, const clang::Expr *E);
  /// An aggregate's value (`S{a, b}`), field by field; null when not a struct.
  SymRef aggregateValue(const clang::InitListExpr *ILE, State &S, unsigned D);
  /// How much the place lvalue \p LV names differs between threads: the classes of the
  /// indices, pointers, call-returned references and local references it goes through.
  Uniformity placeClass(const clang::Expr *LV, State &S, unsigned Depth = 0);

private:
  /// eval without the rule for objects of an empty class.
  SymRef evalNode(const clang::Expr *E, State &S, unsigned D);
  FunctionState &F;
  Memory &M;
  CallEvaluator Calls;
};

/// Whether \p T is a class without data (no fields, no virtual functions, empty bases: CuTe's
/// `Int<N>`, a tuple of them, a stateless functor): every object of it holds the same nothing.
bool isEmptyObjectType(clang::QualType T);
/// The value of every object of an empty class: block-uniform and the same leaf in every calling
/// context, so that contexts differing only in which empty object they pass are one.
SymRef emptyObjectValue();

//===----------------------------------------------------------------------===//
// HiddenBranches.cpp: branches the compiler adds
//===----------------------------------------------------------------------===//

/// Operations nvcc compiles to branches (HiddenBranchRecord), with their operands' class,
/// joined over every visit of the site.
class HiddenBranches {
public:
  HiddenBranches(FunctionState &F, const Memory &M, ExprEvaluator &Eval)
      : F(F), M(M), Eval(Eval) {}
  /// Records \p St if it is such an operation (before the statement's transfer).
  void note(const clang::Stmt *St, State &S);
  std::vector<HiddenBranchRecord> records() const;

private:
  FunctionState &F;
  const Memory &M;
  ExprEvaluator &Eval;
  std::map<const clang::Expr *, HiddenBranchRecord> BySite;
};

//===----------------------------------------------------------------------===//
// BarrierCheck.cpp: barriers and warp-synchronous calls
//===----------------------------------------------------------------------===//

/// Collects the barriers (__syncthreads, block.sync()) and full-mask warp-synchronous calls
/// (__syncwarp(), __shfl_sync(0xffffffff, ...)) of the function during the data flow, then
/// reports the ones a divergent branch lets some threads skip.
class BarrierCheck {
public:
  BarrierCheck(FunctionState &F, ExprEvaluator &Eval) : F(F), Eval(Eval) {}
  void clear();
  /// Records \p CE, in block \p B, if it is a barrier or a full-mask *_sync call.
  void noteCall(const clang::CallExpr *CE, const clang::FunctionDecl *Callee,
                const clang::CFGBlock *B, State &S);
  /// The recorded calls that sit under a divergent branch of \p Branches (\p BranchIndex: a
  /// branch block's record).
  std::vector<SyncRecord>
  check(const std::vector<BranchRecord> &Branches,
        const std::map<const clang::CFGBlock *, size_t> &BranchIndex) const;

private:
  bool skippingMatters(const clang::CFGBlock *Branch, const clang::CFGBlock *SyncBlock,
                       bool IsBarrier, bool LaneSplit,
                       const clang::CallExpr *&ReachedInstead) const;

  FunctionState &F;
  ExprEvaluator &Eval;
  std::map<const clang::CallExpr *, const clang::CFGBlock *> SyncCalls;
  std::set<const clang::CallExpr *> BarrierCalls;
};

//===----------------------------------------------------------------------===//
// WarpCollectives.cpp: all-reductions
//===----------------------------------------------------------------------===//

/// Xor-butterfly all-reductions over the warp (a loop of steps, or a run of them): the
/// variables they leave equal in every lane become warp-uniform where the reduction ends.
class WarpCollectives {
public:
  WarpCollectives(FunctionState &F, const Memory &M) : F(F), M(M) {}
  /// Finds the reductions of the function (once its CFG is built).
  void prepare();
  /// At the entry of \p B: the variables of a reduction loop that \p B leaves by.
  void atBlockEntry(const clang::CFGBlock *B, State &S) const;
  /// After \p St: the variables of a straight-line reduction whose last step \p St is.
  void afterStatement(const clang::Stmt *St, State &S) const;

private:
  struct Step;
  std::optional<Step> matchStep(const clang::Stmt *S) const;
  std::vector<AccessPath> butterflyLoop(const clang::ForStmt *For) const;
  void reduced(const AccessPath &Var, const clang::Stmt *Site, State &S) const;

  FunctionState &F;
  const Memory &M;
  using Reduced = std::vector<std::pair<AccessPath, const clang::Stmt *>>;
  std::map<const clang::CFGBlock *, Reduced> AtEntry;
  std::map<const clang::Stmt *, Reduced> After;
};

//===----------------------------------------------------------------------===//
// StatementTransfer.cpp: statements
//===----------------------------------------------------------------------===//

/// The paths the statements of \p B assign (what StatementTransfer writes), into \p Into.
void collectAssigned(const Memory &M, const clang::CFGBlock *B, std::set<AccessPath> &Into);
/// The paths assigned in every block a walk from \p Work reaches, into \p Into. \p Next adds
/// the blocks the walk goes on to from one; blocks in \p Seen are not entered.
void collectAssignedInWalk(
    const Memory &M, std::vector<const clang::CFGBlock *> Work,
    std::set<const clang::CFGBlock *> Seen,
    llvm::function_ref<void(const clang::CFGBlock *, std::vector<const clang::CFGBlock *> &)> Next,
    std::set<AccessPath> &Into);

/// What one CFG statement does to the state: declarations, assignments, increments, calls
/// (stores through arguments, barriers), returns, inline assembly outputs.
class StatementTransfer {
public:
  StatementTransfer(FunctionState &F, Memory &M, ExprEvaluator &Eval, BarrierCheck &Barriers)
      : F(F), M(M), Eval(Eval), Barriers(Barriers) {}
  void transfer(const clang::Stmt *St, const clang::CFGBlock *B, State &S);
  /// A constructor's member, base or delegating initializer (the CFG lists them first).
  void transferInitializer(const clang::CXXCtorInitializer *Init, const clang::CFGBlock *B,
                           State &S);

private:
  void transferCall(const clang::CallExpr *CE, const clang::CFGBlock *B, State &S);
  /// Writes \p V to the lvalue \p LHS: its path, else memory.
  void assign(const clang::Expr *LHS, SymRef V, const clang::CFGBlock *B, State &S);
  void storeToMemory(const clang::Expr *LHS, const SymRef &V, const clang::CFGBlock *B,
                     State &S);

  FunctionState &F;
  Memory &M;
  ExprEvaluator &Eval;
  BarrierCheck &Barriers;
};

//===----------------------------------------------------------------------===//
// Joins.cpp, SyncDependence.cpp: control
//===----------------------------------------------------------------------===//

/// The state at the entry of a block: the join of its predecessors' states. Equal values stay,
/// different values become an opaque leaf of the joined class; at a loop header, a variable the
/// loop updates as `v = v op step` becomes an induction variable.
class Joins {
public:
  Joins(FunctionState &F, const Memory &M) : F(F), M(M) {}
  void prepare(unsigned NumBlocks);
  State join(const clang::CFGBlock *B);

private:
  const std::set<AccessPath> &assignedInLoop(const clang::CFGBlock *Header);
  /// The value of \p K at the entry of \p B, from its values on the edges into \p B (\p Back:
  /// the back edges of a loop header); \p NumIncoming edges bring a state.
  SymRef joinValues(const clang::CFGBlock *B, const AccessPath &K, llvm::ArrayRef<SymRef> Entry,
                    llvm::ArrayRef<SymRef> Back, bool Header,
                    const std::set<AccessPath> *LoopVars, size_t NumIncoming);

  FunctionState &F;
  const Memory &M;
  std::vector<std::optional<std::set<AccessPath>>> AssignedInLoop;
};

/// Sync dependence: at the immediate post-dominator of a branch that is not block-uniform,
/// whatever the branch's region assigned differs between the lanes that took different sides,
/// or left a loop in different iterations (temporal divergence).
class SyncDependence {
public:
  SyncDependence(FunctionState &F, const Memory &M) : F(F), M(M) {}
  void prepare(unsigned NumBlocks);
  void apply(const clang::CFGBlock *B, State &S);

private:
  const std::set<AccessPath> &assignedInRegion(const clang::CFGBlock *B);
  /// \p V, the join's value of \p P at \p B, is time-invariant and held on every edge in.
  bool heldOnEveryEdge(const clang::CFGBlock *B, const AccessPath &P, const SymRef &V);

  FunctionState &F;
  const Memory &M;
  /// Per block: the branch blocks whose immediate post-dominator it is (where their regions join).
  std::vector<std::vector<const clang::CFGBlock *>> BranchesEndingAt;
  std::vector<std::optional<std::set<AccessPath>>> AssignedInRegion;
};

//===----------------------------------------------------------------------===//
// BranchClassifier.cpp: branches
//===----------------------------------------------------------------------===//

/// Classifies branch conditions by lane enumeration (Quantify/LaneEnumerator), with the loops
/// around them and, once the data flow is done, the guard of the lanes that reach them.
class BranchClassifier {
public:
  explicit BranchClassifier(FunctionState &F) : F(F) {}
  /// The condition the terminator of \p B tests, as written: the leaf of `a && b` this block
  /// evaluates; \p Construct gets its kind (if, for, while, do, switch, ?:, &&, ||).
  static const clang::Expr *leafCondition(const clang::CFGBlock *B, std::string &Construct);
  /// \p Query, when given, gets the enumeration query (to enumerate again, under a remap).
  EnumerationResult classify(const clang::CFGBlock *B, bool WithGuard,
                             EnumerationQuery *Query = nullptr);
  /// Condition values no longer change: guards may be cached.
  void freezeGuards() { GuardsFinal = true; }

private:
  SymRef guardOf(const clang::CFGBlock *B, unsigned D, std::set<const clang::CFGBlock *> &Seen);
  std::vector<LoopContext> loopsAround(const clang::CFGBlock *B);

  FunctionState &F;
  std::map<uint64_t, EnumerationResult> EnumCache;
  /// Dependences guardOf may still look at for the current branch: its walk revisits the
  /// (transitive) dependences of every dependence, cubic on long `else if` chains.
  unsigned GuardBudget = 0;
  bool GuardsFinal = false;
  std::map<const clang::CFGBlock *, SymRef> GuardCache;
};

} // namespace divlint

#endif
