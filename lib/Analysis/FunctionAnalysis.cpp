#include "divlint/Analysis/FunctionAnalysis.h"

#include "divlint/Analysis/IntrinsicTable.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringSwitch.h"
#include <map>
#include <set>

using namespace clang;

namespace divlint {

namespace {

/// A tracked location: a local variable, then field declarations (`s.a.b`).
using AccessPath = std::vector<const ValueDecl *>;
using State = std::map<AccessPath, SymRef>;

constexpr unsigned MaxEvalDepth = 200;
constexpr unsigned MaxCallDepth = 12;
constexpr unsigned MaxBlockVisitsPerBlock = 64;
constexpr unsigned MaxGuardDependences = 4096;

bool statesEqual(const State &A, const State &B) {
  if (A.size() != B.size())
    return false;
  for (auto IA = A.begin(), IB = B.begin(); IA != A.end(); ++IA, ++IB)
    if (IA->first != IB->first || !symEqual(IA->second, IB->second))
      return false;
  return true;
}

bool isPrefix(const AccessPath &Prefix, const AccessPath &Path) {
  return Prefix.size() <= Path.size() && std::equal(Prefix.begin(), Prefix.end(), Path.begin());
}

IntType intTypeOf(QualType T, const ASTContext &Ctx) {
  if (T.isNull()) // error recovery leaves some expressions without a type
    return {64, false};
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return {1, false};
  if (T->isIntegralOrEnumerationType())
    return {static_cast<unsigned>(Ctx.getIntWidth(T)), T->isSignedIntegerOrEnumerationType()};
  return {64, false};
}

bool isIntegerLike(QualType T) {
  if (T.isNull())
    return false;
  T = T.getCanonicalType();
  return T->isIntegralOrEnumerationType() || T->isBooleanType();
}

const Expr *strip(const Expr *E) { return E ? E->IgnoreParens() : nullptr; }

std::optional<SymOp> binaryOpFor(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_AddAssign: return SymOp::Add;
  case BO_Sub: case BO_SubAssign: return SymOp::Sub;
  case BO_Mul: case BO_MulAssign: return SymOp::Mul;
  case BO_Div: case BO_DivAssign: return SymOp::Div;
  case BO_Rem: case BO_RemAssign: return SymOp::Rem;
  case BO_Shl: case BO_ShlAssign: return SymOp::Shl;
  case BO_Shr: case BO_ShrAssign: return SymOp::Shr;
  case BO_And: case BO_AndAssign: return SymOp::And;
  case BO_Or: case BO_OrAssign: return SymOp::Or;
  case BO_Xor: case BO_XorAssign: return SymOp::Xor;
  case BO_LT: return SymOp::LT;
  case BO_GT: return SymOp::GT;
  case BO_LE: return SymOp::LE;
  case BO_GE: return SymOp::GE;
  case BO_EQ: return SymOp::EQ;
  case BO_NE: return SymOp::NE;
  case BO_LAnd: return SymOp::LAnd;
  case BO_LOr: return SymOp::LOr;
  default: return std::nullopt;
  }
}

/// The builtin variable a name denotes: 0 threadIdx, 1 blockIdx, 2 blockDim, 3 gridDim.
std::optional<unsigned> builtinVarIndex(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Cases({"threadIdx", "__cuda_builtin_threadIdx_t"}, 0u)
      .Cases({"blockIdx", "__cuda_builtin_blockIdx_t"}, 1u)
      .Cases({"blockDim", "__cuda_builtin_blockDim_t"}, 2u)
      .Cases({"gridDim", "__cuda_builtin_gridDim_t"}, 3u)
      .Default(std::nullopt);
}

std::optional<unsigned> componentIndex(llvm::StringRef Name) {
  Name.consume_front("__fetch_builtin_");
  return llvm::StringSwitch<std::optional<unsigned>>(Name)
      .Case("x", 0u)
      .Case("y", 1u)
      .Case("z", 2u)
      .Default(std::nullopt);
}

/// `__nvvm_read_ptx_sreg_tid_x` and friends: (builtin var index, component).
std::optional<std::pair<unsigned, unsigned>> specialRegister(llvm::StringRef Name) {
  if (!Name.consume_front("__nvvm_read_ptx_sreg_"))
    return std::nullopt;
  auto Var = llvm::StringSwitch<std::optional<unsigned>>(Name.drop_back(2))
                 .Case("tid", 0u)
                 .Case("ctaid", 1u)
                 .Case("ntid", 2u)
                 .Case("nctaid", 3u)
                 .Default(std::nullopt);
  auto Comp = Name.size() > 2 ? componentIndex(Name.take_back(1)) : std::nullopt;
  if (!Var || !Comp || Name[Name.size() - 2] != '_')
    return std::nullopt;
  return std::make_pair(*Var, *Comp);
}

bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

/// The cooperative-groups kind and tile size of a (possibly derived) group type.
std::optional<std::pair<GroupKind, int64_t>> groupTypeOf(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !inCooperativeGroups(RD))
    return std::nullopt;
  llvm::StringRef Name = RD->getName();
  if (Name == "thread_block")
    return std::make_pair(GroupKind::Block, int64_t(0));
  if (Name == "grid_group" || Name == "multi_grid_group")
    return std::make_pair(GroupKind::Grid, int64_t(0));
  if (Name == "coalesced_group")
    return std::make_pair(GroupKind::Coalesced, int64_t(0));
  if (Name.contains("tile")) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
      const TemplateArgumentList &Args = Spec->getTemplateArgs();
      if (Args.size() > 0 && Args[0].getKind() == TemplateArgument::Integral)
        return std::make_pair(GroupKind::Tile, Args[0].getAsIntegral().getExtValue());
    }
    return std::make_pair(GroupKind::Tile, int64_t(0)); // thread_group from tiled_partition(g, n)
  }
  if (Name == "thread_group")
    return std::make_pair(GroupKind::Tile, int64_t(0));
  return std::nullopt;
}

/// Locals that must be treated as memory: address taken, bound to a reference, arrays.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  llvm::DenseSet<const VarDecl *> Escaped;

  static const VarDecl *rootLocal(const Expr *E) {
    E = E ? E->IgnoreParenImpCasts() : nullptr;
    while (const auto *ME = dyn_cast_or_null<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(E))
      return rootLocal(ASE->getBase());
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage())
          return VD;
    return nullptr;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasLocalStorage() && VD->getType()->isArrayType())
      Escaped.insert(VD);
    if (VD->getType()->isReferenceType() && VD->getInit())
      if (const VarDecl *Root = rootLocal(VD->getInit()))
        if (!VD->getType().getNonReferenceType().isConstQualified())
          Escaped.insert(Root);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *Root = rootLocal(UO->getSubExpr()))
        Escaped.insert(Root);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned Shift = isa<CXXOperatorCallExpr>(CE) && isa_and_nonnull<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      QualType ParamTy;
      if (FD && I >= Shift && I - Shift < FD->getNumParams())
        ParamTy = FD->getParamDecl(I - Shift)->getType();
      bool ByMutableRef = ParamTy.isNull()
                              ? false
                              : ParamTy->isReferenceType() &&
                                    !ParamTy.getNonReferenceType().isConstQualified();
      if (ByMutableRef)
        if (const VarDecl *Root = rootLocal(CE->getArg(I)))
          Escaped.insert(Root);
    }
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          Escaped.insert(VD);
    return true;
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// FunctionAnalysis::Impl
//===----------------------------------------------------------------------===//

class FunctionAnalysis::Impl {
public:
  Impl(const FunctionDecl *FD, ASTContext &Ctx, CallResolver &Calls, const AnalysisOptions &Opts,
       std::vector<BlockShape> Shapes, std::vector<SymRef> ParamValues, unsigned Depth)
      : FD(FD), Ctx(Ctx), Calls(Calls), Opts(Opts), Shapes(std::move(Shapes)),
        ParamValues(std::move(ParamValues)), Depth(Depth) {
    Salt = llvm::hash_combine(FD);
    for (const SymRef &V : this->ParamValues)
      Salt = llvm::hash_combine(Salt, V ? V->Hash : 0);
  }

  bool run();
  SymRef returnValue() const { return ReturnValue; }
  /// Per argument: the class of what this function stores through it (out-parameters).
  std::vector<std::optional<Uniformity>> StoredThrough;
  std::vector<BranchRecord> Branches;
  std::vector<SyncRecord> Syncs;
  std::vector<HiddenBranchRecord> Hidden;

private:
  const FunctionDecl *FD;
  ASTContext &Ctx;
  CallResolver &Calls;
  const AnalysisOptions &Opts;
  std::vector<BlockShape> Shapes;
  std::vector<SymRef> ParamValues;
  unsigned Depth;
  uint64_t Salt = 0;

  std::unique_ptr<AnalysisDeclContextManager> ADCM;
  AnalysisDeclContext *ADC = nullptr;
  CFG *Cfg = nullptr;
  std::unique_ptr<CFGDomTree> DomTree;
  std::unique_ptr<CFGPostDomTree> PostDomTree;
  std::unique_ptr<ControlDependencyCalculator> ControlDeps;

  llvm::DenseSet<const VarDecl *> Escaped;
  llvm::DenseMap<const VarDecl *, Uniformity> EscapedClass;
  bool EscapedChanged = false;
  bool HasEscapedScalar = false;

  std::vector<std::optional<State>> Out;
  std::vector<unsigned> Visits;
  std::vector<SymRef> CondValue;        ///< per block: the value its terminator tests
  std::vector<Uniformity> CondClassNow; ///< per block: class used for sync dependence
  std::vector<char> IsLoopHeader;
  /// Per block: the branch blocks whose immediate post-dominator it is (where their regions join).
  std::vector<std::vector<const CFGBlock *>> BranchesEndingAt;
  std::vector<std::optional<std::set<AccessPath>>> AssignedInRegion, AssignedInLoop;
  std::map<const CallExpr *, const CFGBlock *> SyncCalls;
  std::vector<std::pair<SymRef, const CFGBlock *>> Returns;
  SymRef ReturnValue;
  bool Widen = false; ///< past the visit budget: joins make opaque leaves only
  std::map<uint64_t, EnumerationResult> EnumCache;
  /// Dependences guardOf may still look at for the current branch: its walk revisits the
  /// (transitive) dependences of every dependence, cubic on long `else if` chains.
  unsigned GuardBudget = 0;
  std::set<const CallExpr *> BarrierCalls;
  bool ClassChanged = false;
  bool GuardsFinal = false; ///< set by finish(): condition values no longer change
  const CFGBlock *CurrentBlock = nullptr; ///< the block transfer() is in (calls' control)
  std::map<const CFGBlock *, SymRef> GuardCache;

  // --- identities -----------------------------------------------------------------
  uint64_t idFor(const void *P, uint64_t Extra = 0) const {
    return llvm::hash_combine(Salt, P, Extra);
  }
  static uint64_t pathHash(const AccessPath &Path) {
    uint64_t H = 0;
    for (const ValueDecl *D : Path)
      H = llvm::hash_combine(H, D);
    return H;
  }
  uint64_t loopId(const CFGBlock *Header) const {
    return llvm::hash_combine(Salt, Header->getBlockID(), 0x100b);
  }
  std::string pathName(const AccessPath &Path) const {
    std::string S;
    for (const ValueDecl *D : Path) {
      if (!S.empty())
        S += ".";
      S += D->getNameAsString();
    }
    return S;
  }
  SymRef withOrigin(SymRef E, const Stmt *S) const {
    if (!S || !E || (E->Kind != SymKind::Opaque && E->Kind != SymKind::ThreadIdx))
      return E;
    PresumedLoc PL = Ctx.getSourceManager().getPresumedLoc(
        Ctx.getSourceManager().getExpansionLoc(S->getBeginLoc()));
    if (PL.isInvalid())
      return E;
    auto Copy = std::make_shared<SymExpr>(*E);
    Copy->OriginLine = PL.getLine();
    Copy->OriginColumn = PL.getColumn();
    return Copy;
  }
  /// Marks an induction variable with where its variable is declared (for why traces).
  SymRef withDeclOrigin(SymRef E, const AccessPath &Path) const {
    PresumedLoc PL = Ctx.getSourceManager().getPresumedLoc(
        Ctx.getSourceManager().getExpansionLoc(Path.front()->getLocation()));
    if (PL.isInvalid())
      return E;
    auto Copy = std::make_shared<SymExpr>(*E);
    Copy->OriginLine = PL.getLine();
    Copy->OriginColumn = PL.getColumn();
    return Copy;
  }
  SymRef leafFor(const Expr *E, Uniformity Class, bool DataDependent, std::string Label) {
    IntType Ty = intTypeOf(E->getType(), Ctx);
    return withOrigin(sym::opaque(idFor(E), Class, DataDependent, std::move(Label), Ty), E);
  }
  std::string textOf(const Stmt *S) const {
    if (!S)
      return "";
    const SourceManager &SM = Ctx.getSourceManager();
    CharSourceRange R = CharSourceRange::getTokenRange(S->getSourceRange());
    llvm::StringRef Text = Lexer::getSourceText(SM.getExpansionRange(R), SM, Ctx.getLangOpts());
    std::string T = Text.str();
    if (T.size() > 60)
      T = T.substr(0, 57) + "...";
    return T;
  }

  // --- CFG structure ---------------------------------------------------------------
  const CFGBlock *ipdom(const CFGBlock *B) const {
    auto *Node = PostDomTree->getBase().getNode(const_cast<CFGBlock *>(B));
    if (!Node || !Node->getIDom())
      return nullptr;
    return Node->getIDom()->getBlock();
  }
  bool postDominates(const CFGBlock *A, const CFGBlock *B) const {
    return PostDomTree->getBase().getNode(const_cast<CFGBlock *>(A)) &&
           PostDomTree->getBase().getNode(const_cast<CFGBlock *>(B)) &&
           PostDomTree->dominates(A, B);
  }
  bool dominates(const CFGBlock *A, const CFGBlock *B) const {
    return DomTree->getBase().getNode(const_cast<CFGBlock *>(A)) &&
           DomTree->getBase().getNode(const_cast<CFGBlock *>(B)) && DomTree->dominates(A, B);
  }
  const Stmt *loopTerminator(const CFGBlock *B) const {
    const Stmt *T = B->getTerminatorStmt();
    if (T && (isa<ForStmt>(T) || isa<WhileStmt>(T) || isa<DoStmt>(T) || isa<CXXForRangeStmt>(T)))
      return T;
    return nullptr;
  }
  /// The header (join block with the back edge) of the loop whose condition block is \p B.
  const CFGBlock *headerOfLoopCondition(const CFGBlock *B) const {
    const Stmt *T = loopTerminator(B);
    if (!T)
      return nullptr;
    if (isa<DoStmt>(T)) {
      const CFGBlock *Body = B->succ_empty() ? nullptr : B->succ_begin()->getReachableBlock();
      return Body && IsLoopHeader[Body->getBlockID()] ? Body : nullptr;
    }
    return IsLoopHeader[B->getBlockID()] ? B : nullptr;
  }
  const std::set<AccessPath> &assignedInRegion(const CFGBlock *B);
  const std::set<AccessPath> &assignedInLoop(const CFGBlock *Header);
  void collectAssigned(const CFGBlock *B, std::set<AccessPath> &Into);

  // --- evaluation ------------------------------------------------------------------
  std::optional<AccessPath> pathOf(const Expr *E) const;
  /// A local of this function (not a variable a lambda captured from its enclosing function).
  bool isOwnLocal(const VarDecl *VD) const {
    for (const DeclContext *DC = VD->getDeclContext(); DC; DC = DC->getParent())
      if (DC == FD)
        return true;
    return false;
  }
  SymRef read(const AccessPath &Path, State &S, const Expr *Where);
  void write(const AccessPath &Path, SymRef V, State &S);
  SymRef structValue(const AccessPath &Path, State &S);
  SymRef eval(const Expr *E, State &S, unsigned D = 0);
  SymRef evalCall(const CallExpr *CE, State &S, unsigned D);
  SymRef evalGroupCall(const CallExpr *CE, const FunctionDecl *Callee, State &S, unsigned D);
  SymRef evalIntrinsic(const CallExpr *CE, const IntrinsicInfo &Info, State &S, unsigned D);
  SymRef builtinVar(unsigned Var, unsigned Comp) const;
  // --- out-parameters: what calls store through pointers and references ---------------
  std::optional<unsigned> argumentIndex(const ParmVarDecl *P) const;
  /// The argument (`this` is 0 in member functions) whose pointee the lvalue \p LHS lies in:
  /// `*p`, `p[i]`, `p->f`, `*(p + i)`, a reference parameter, a member through `this`.
  std::optional<unsigned> storedParameter(const Expr *LHS) const;
  void noteParameterStore(unsigned Index, Uniformity C);
  /// A value of class \p C is stored into the lvalue \p Target (or through pointer \p Ptr).
  void storeThrough(const Expr *Target, Uniformity C, State &S);
  void storeThroughPointer(const Expr *Ptr, Uniformity C, State &S);
  void applyStoresThroughArguments(const CallExpr *CE,
                                   const std::vector<std::optional<Uniformity>> &Stored, State &S);
  SymRef argOr(const CallExpr *CE, unsigned I, State &S, unsigned D) {
    return I < CE->getNumArgs() ? eval(CE->getArg(I), S, D + 1) : nullptr;
  }

  // --- transfer --------------------------------------------------------------------
  State entryState();
  State joinPredecessors(const CFGBlock *B);
  void applySyncDependence(const CFGBlock *B, State &S);
  void transfer(const CFGBlock *B, State &S);
  void transferStmt(const Stmt *St, const CFGBlock *B, State &S);
  /// Operations nvcc compiles to branches (HiddenBranchRecord), with their operands' class.
  void noteHiddenBranch(const Stmt *St, State &S);
  std::map<const Expr *, HiddenBranchRecord> HiddenBySite;
  void storeToMemory(const Expr *LHS, const SymRef &V, const CFGBlock *B, State &S);
  void noteEscapedStore(const VarDecl *VD, Uniformity C);
  Uniformity controlClass(const CFGBlock *B);

  // --- branches --------------------------------------------------------------------
  const Expr *leafCondition(const CFGBlock *B, std::string &Construct) const;
  SymRef guardOf(const CFGBlock *B, unsigned D, std::set<const CFGBlock *> &Seen);
  std::vector<LoopContext> loopsAround(const CFGBlock *B);
  EnumerationResult classify(const CFGBlock *B, bool WithGuard);
  bool skippingMatters(const CFGBlock *Branch, const CFGBlock *SyncBlock, bool IsBarrier,
                       bool LaneSplit, const CallExpr *&ReachedInstead) const;
  bool fixpoint();
  void finish();
};

SymRef FunctionAnalysis::Impl::builtinVar(unsigned Var, unsigned Comp) const {
  static const char *Names[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
  switch (Var) {
  case 0: return sym::threadIdx(Comp);
  case 2: return sym::blockDim(Comp);
  default:
    return sym::opaque(llvm::hash_combine(Var, Comp, 0xb1d), Uniformity::BlockUniform, false,
                       std::string(Names[Var]) + "." + "xyz"[Comp], {32, false});
  }
}

std::optional<AccessPath> FunctionAnalysis::Impl::pathOf(const Expr *E) const {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  if (!E)
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->hasLocalStorage() || Escaped.count(VD) || VD->getType()->isReferenceType())
      return std::nullopt;
    if (!isOwnLocal(VD))
      return std::nullopt; // a lambda capture: not ours to track
    return AccessPath{VD};
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return std::nullopt;
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!Field)
      return std::nullopt;
    auto Base = pathOf(ME->getBase());
    if (!Base)
      return std::nullopt;
    Base->push_back(Field);
    return Base;
  }
  return std::nullopt;
}

SymRef FunctionAnalysis::Impl::structValue(const AccessPath &Path, State &S) {
  std::vector<SymRef> Parts;
  for (auto It = S.lower_bound(Path); It != S.end() && isPrefix(Path, It->first); ++It)
    Parts.push_back(It->second);
  if (Parts.size() == 1 && Parts.front() && S.count(Path))
    return Parts.front();
  return sym::joinLeaf(llvm::hash_combine(idFor(nullptr, pathHash(Path)), 0x5), Parts,
                       pathName(Path));
}

SymRef FunctionAnalysis::Impl::read(const AccessPath &Path, State &S, const Expr *Where) {
  auto It = S.find(Path);
  if (It != S.end())
    return It->second;
  // A field of a struct whose whole value is known: a component of a dim3, else its class.
  for (size_t Len = Path.size() - 1; Len >= 1; --Len) {
    AccessPath Prefix(Path.begin(), Path.begin() + Len);
    auto PIt = S.find(Prefix);
    if (PIt == S.end())
      continue;
    const SymRef &Whole = PIt->second;
    if (Whole && Whole->Kind == SymKind::Dim3 && Len + 1 == Path.size()) {
      if (auto Comp = componentIndex(Path.back()->getName()))
        return *Comp == 0 ? Whole->A : *Comp == 1 ? Whole->B : Whole->C;
    }
    return sym::opaque(llvm::hash_combine(Whole->Hash, pathHash(Path)), Whole->Class,
                       Whole->DataDependent, pathName(Path),
                       Where ? intTypeOf(Where->getType(), Ctx) : IntType{});
  }
  // Nothing known about any part of it: a struct of fields we track, or uninitialized.
  bool AnyField = false;
  for (auto FIt = S.lower_bound(Path); FIt != S.end() && isPrefix(Path, FIt->first); ++FIt)
    AnyField = true;
  if (AnyField)
    return structValue(Path, S);
  return sym::opaque(idFor(Path.front(), pathHash(Path)), Uniformity::BlockUniform, false,
                     pathName(Path) + " (uninitialized)",
                     Where ? intTypeOf(Where->getType(), Ctx) : IntType{});
}

void FunctionAnalysis::Impl::write(const AccessPath &Path, SymRef V, State &S) {
  for (auto It = S.lower_bound(Path); It != S.end() && isPrefix(Path, It->first);)
    It = S.erase(It);
  // Writing a field of a struct known only as a whole: split the whole into its other fields'
  // class by keeping the whole entry (reads of other fields still see it).
  S[Path] = std::move(V);
}

SymRef FunctionAnalysis::Impl::eval(const Expr *E, State &S, unsigned D) {
  if (!E)
    return sym::opaque(0, Uniformity::LaneVarying, true, "unknown");
  if (D > MaxEvalDepth)
    return leafFor(E, Uniformity::LaneVarying, true, "deeply nested expression");
  E = E->IgnoreParens();
  QualType Ty = E->getType();
  IntType IT = intTypeOf(Ty, Ctx);

  // Integer constant expressions (literals, enumerators, constexpr, sizeof) fold right away.
  // Also template arguments (`N` in an instantiation) and static constexpr members reached
  // through an object (`packed.size`).
  const auto *StaticMember = dyn_cast<MemberExpr>(E);
  if (StaticMember && !isa<VarDecl>(StaticMember->getMemberDecl()))
    StaticMember = nullptr;
  if (isIntegerLike(Ty) && !E->isValueDependent() &&
      (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) || isa<CXXBoolLiteralExpr>(E) ||
       isa<UnaryExprOrTypeTraitExpr>(E) || isa<DeclRefExpr>(E) || isa<ConstantExpr>(E) ||
       isa<SubstNonTypeTemplateParmExpr>(E) || StaticMember)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *WVD = dyn_cast<VarDecl>(DRE->getDecl());
      if (WVD && WVD->getName() == "warpSize" && !WVD->isLocalVarDeclOrParm())
        return sym::constant(Opts.WarpSize, IT);
    }
    Expr::EvalResult R;
    bool IsLocalVar = false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        IsLocalVar = VD->hasLocalStorage() && !VD->getType().isConstQualified();
    if (!IsLocalVar && E->EvaluateAsInt(R, Ctx))
      return sym::constant(R.Val.getInt().getExtValue(), IT);
  }

  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return eval(CE->getSubExpr(), S, D + 1);
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return eval(FE->getSubExpr(), S, D + 1);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return eval(MTE->getSubExpr(), S, D + 1);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return eval(BTE->getSubExpr(), S, D + 1);
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(DAE->getExpr(), S, D + 1);
  if (const auto *DIE = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(DIE->getExpr(), S, D + 1);

  // threadIdx.x and friends (clang models them as MS properties over __fetch_builtin_x()).
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E)) {
    if (const auto *Prop = dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens()))
      if (const auto *Base = dyn_cast<DeclRefExpr>(Prop->getBaseExpr()->IgnoreParenImpCasts()))
        if (auto Var = builtinVarIndex(Base->getDecl()->getName()))
          if (auto Comp = componentIndex(Prop->getPropertyDecl()->getName()))
            return withOrigin(builtinVar(*Var, *Comp), E);
    return eval(POE->getResultExpr(), S, D + 1);
  }

  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    SymRef Sub = eval(Cast->getSubExpr(), S, D + 1);
    if (isIntegerLike(Ty) && isIntegerLike(Cast->getSubExpr()->getType()))
      return sym::unary(SymOp::Cast, Sub, IT);
    if (Cast->getCastKind() == CK_LValueToRValue || Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_ConstructorConversion ||
        Cast->getCastKind() == CK_UserDefinedConversion || Cast->getCastKind() == CK_ToVoid ||
        Cast->getCastKind() == CK_DerivedToBase || Cast->getCastKind() == CK_UncheckedDerivedToBase)
      return Sub;
    if (isIntegerLike(Ty)) // float/pointer to integer: keep the class, lose the value
      return sym::opaqueOf(Sub, "(" + textOf(E) + ")");
    return Sub;
  }

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *VD = DRE->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(VD))
      return sym::constant(EC->getInitVal().getExtValue(), IT);
    if (const auto *Var = dyn_cast<VarDecl>(VD)) {
      if (auto Path = pathOf(DRE))
        return read(*Path, S, E);
      if (Escaped.count(Var))
        return leafFor(E, EscapedClass.lookup(Var), true, Var->getNameAsString() + " (memory)");
      if (auto Index = builtinVarIndex(Var->getName()); Index && !Var->hasLocalStorage()) {
        // the whole builtin struct (e.g. `dim3 b = blockDim;`)
        return sym::dim3(builtinVar(*Index, 0), builtinVar(*Index, 1), builtinVar(*Index, 2));
      }
      if (Var->hasGlobalStorage() || Var->isStaticLocal())
        return sym::opaque(llvm::hash_combine(Var, 0x61), Uniformity::BlockUniform, true,
                           Var->getNameAsString(), IT);
      if (Var->getType()->isReferenceType() && Var->hasLocalStorage() &&
          isOwnLocal(Var)) {
        // A local reference: what it was bound to (reads); writes go through storeToMemory.
        AccessPath Path{Var};
        auto It = S.find(Path);
        if (It != S.end())
          return It->second;
      }
      // A lambda capture or something we do not track: sound.
      return leafFor(E, Uniformity::LaneVarying, true, Var->getNameAsString());
    }
    if (isa<FunctionDecl>(VD))
      return sym::opaque(llvm::hash_combine(VD), Uniformity::BlockUniform, false,
                         VD->getNameAsString());
    return leafFor(E, Uniformity::LaneVarying, true, VD->getNameAsString());
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Minus: return sym::unary(SymOp::Neg, eval(UO->getSubExpr(), S, D + 1), IT);
    case UO_Not: return sym::unary(SymOp::BitNot, eval(UO->getSubExpr(), S, D + 1), IT);
    case UO_LNot: return sym::unary(SymOp::LNot, eval(UO->getSubExpr(), S, D + 1), IT);
    case UO_Plus: return eval(UO->getSubExpr(), S, D + 1);
    case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
      // The element for the increment already updated the state (CFG order).
      return eval(UO->getSubExpr(), S, D + 1);
    case UO_AddrOf: {
      SymRef Sub = eval(UO->getSubExpr(), S, D + 1);
      // The address of an lvalue is as uniform as the way it was computed.
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
        SymRef Base = eval(ASE->getBase(), S, D + 1), Idx = eval(ASE->getIdx(), S, D + 1);
        return leafFor(E, join(Base->Class, Idx->Class), false, textOf(E));
      }
      if (EscapeFinder::rootLocal(UO->getSubExpr()))
        return leafFor(E, Uniformity::BlockUniform, false, textOf(E));
      return leafFor(E, Sub->Class, Sub->DataDependent, textOf(E));
    }
    case UO_Deref: {
      SymRef Ptr = eval(UO->getSubExpr(), S, D + 1);
      return leafFor(E, Ptr->Class, true, "load " + textOf(E));
    }
    default: {
      SymRef Sub = eval(UO->getSubExpr(), S, D + 1);
      return sym::opaqueOf(Sub, textOf(E));
    }
    }
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      if (auto Path = pathOf(BO->getLHS()))
        return read(*Path, S, E);
      return eval(BO->getRHS(), S, D + 1);
    }
    if (BO->getOpcode() == BO_Comma)
      return eval(BO->getRHS(), S, D + 1);
    SymRef L = eval(BO->getLHS(), S, D + 1);
    SymRef R = eval(BO->getRHS(), S, D + 1);
    auto Op = binaryOpFor(BO->getOpcode());
    bool IntOperands = isIntegerLike(BO->getLHS()->getType()) &&
                       isIntegerLike(BO->getRHS()->getType());
    if (Op && IntOperands && isIntegerLike(Ty))
      return sym::binary(*Op, L, R, IT);
    if (Op && BO->isComparisonOp() && !IntOperands) {
      // Float or pointer comparison: integer-valued, but the operands are not evaluable.
      SymRef LL = L->Evaluable && isIntegerLike(BO->getLHS()->getType()) ? L : sym::opaqueOf(L, textOf(BO->getLHS()));
      SymRef RR = R->Evaluable && isIntegerLike(BO->getRHS()->getType()) ? R : sym::opaqueOf(R, textOf(BO->getRHS()));
      return sym::binary(*Op, LL, RR, IT);
    }
    if (Op && (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr))
      return sym::binary(*Op, L, R, IT);
    // Float arithmetic, pointer arithmetic: keep class and data dependence.
    std::vector<SymRef> Parts{L, R};
    return withOrigin(sym::joinLeaf(idFor(E), Parts, textOf(E)), E);
  }

  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    SymRef C = eval(CO->getCond(), S, D + 1);
    SymRef T = eval(CO->getTrueExpr(), S, D + 1);
    SymRef F = eval(CO->getFalseExpr(), S, D + 1);
    if (isIntegerLike(Ty) && T->Evaluable && F->Evaluable)
      return sym::select(C, T, F, IT);
    std::vector<SymRef> Parts{C, T, F};
    return withOrigin(sym::joinLeaf(idFor(E), Parts, textOf(E)), E);
  }

  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    SymRef Base = eval(ASE->getBase(), S, D + 1);
    SymRef Idx = eval(ASE->getIdx(), S, D + 1);
    Uniformity C = join(Base->Class, Idx->Class);
    if (const VarDecl *Root = EscapeFinder::rootLocal(ASE->getBase()); Root && Escaped.count(Root))
      C = join(C, EscapedClass.lookup(Root));
    return leafFor(E, C, true, "load " + textOf(E));
  }

  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (auto Path = pathOf(ME))
      return read(*Path, S, E);
    SymRef Base = eval(ME->getBase(), S, D + 1);
    if (Base->Kind == SymKind::Dim3)
      if (auto Comp = componentIndex(ME->getMemberDecl()->getName()))
        return *Comp == 0 ? Base->A : *Comp == 1 ? Base->B : Base->C;
    if (isa<CXXMethodDecl>(ME->getMemberDecl()))
      return Base;
    if (ME->isArrow())
      return leafFor(E, Base->Class, true, "load " + textOf(E));
    return leafFor(E, Base->Class, Base->DataDependent, textOf(E));
  }

  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE, S, D);

  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *RD = Construct->getConstructor()->getParent();
    if (RD && RD->getName() == "dim3" && Construct->getNumArgs() >= 1 &&
        !Construct->getConstructor()->isCopyOrMoveConstructor()) {
      SymRef Parts[3] = {sym::constant(1, {32, false}), sym::constant(1, {32, false}),
                         sym::constant(1, {32, false})};
      for (unsigned I = 0; I < Construct->getNumArgs() && I < 3; ++I)
        if (!isa<CXXDefaultArgExpr>(Construct->getArg(I)))
          Parts[I] = eval(Construct->getArg(I), S, D + 1);
      return sym::dim3(Parts[0], Parts[1], Parts[2]);
    }
    if (Construct->getNumArgs() == 1 &&
        (Construct->getConstructor()->isCopyOrMoveConstructor() ||
         Construct->getConstructor()->isConvertingConstructor(false)))
      return eval(Construct->getArg(0), S, D + 1);
    std::vector<SymRef> Parts;
    for (const Expr *Arg : Construct->arguments())
      Parts.push_back(eval(Arg, S, D + 1));
    if (auto G = groupTypeOf(Ty))
      return sym::group(G->first, G->second);
    return sym::joinLeaf(idFor(E), Parts, textOf(E));
  }

  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    if (ILE->getNumInits() == 1 && isIntegerLike(Ty))
      return eval(ILE->getInit(0), S, D + 1);
    std::vector<SymRef> Parts;
    for (const Expr *Init : ILE->inits())
      Parts.push_back(eval(Init, S, D + 1));
    return sym::joinLeaf(idFor(E), Parts, textOf(E));
  }

  if (isa<CXXThisExpr>(E)) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance() && !ParamValues.empty())
      return ParamValues.front();
    return sym::opaque(idFor(E), Uniformity::BlockUniform, false, "this");
  }
  if (isa<FloatingLiteral>(E) || isa<StringLiteral>(E) || isa<CXXNullPtrLiteralExpr>(E) ||
      isa<GNUNullExpr>(E) || isa<LambdaExpr>(E) || isa<CXXScalarValueInitExpr>(E) ||
      isa<ImplicitValueInitExpr>(E) || isa<CXXBoolLiteralExpr>(E) || isa<IntegerLiteral>(E))
    return sym::opaque(idFor(E), Uniformity::BlockUniform, false, textOf(E), IT);
  if (isa<AtomicExpr>(E))
    return leafFor(E, Uniformity::LaneVarying, true, "atomic " + textOf(E));
  if (isa<StmtExpr>(E) || isa<OpaqueValueExpr>(E))
    return leafFor(E, Uniformity::LaneVarying, true, textOf(E));

  // Anything else: as uniform as its children (sound: every input is a child).
  std::vector<SymRef> Parts;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      Parts.push_back(eval(CE, S, D + 1));
  return withOrigin(sym::joinLeaf(idFor(E), Parts, textOf(E)), E);
}

SymRef FunctionAnalysis::Impl::evalIntrinsic(const CallExpr *CE, const IntrinsicInfo &Info,
                                             State &S, unsigned D) {
  std::vector<SymRef> Args;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I)
    Args.push_back(eval(CE->getArg(I), S, D + 1));
  Uniformity ArgClass = Uniformity::BlockUniform;
  bool ArgData = false;
  for (const SymRef &A : Args) {
    ArgClass = join(ArgClass, A->Class);
    ArgData |= A->DataDependent;
  }
  std::string Label = textOf(CE);
  switch (Info.Kind) {
  case IntrinsicKind::Pure:
    return withOrigin(sym::joinLeaf(idFor(CE), Args, Label), CE);
  case IntrinsicKind::LaneId:
    return sym::binary(SymOp::Rem, sym::linearThreadId(), sym::constant(Opts.WarpSize, {32, false}),
                       {32, false});
  case IntrinsicKind::WarpVote:
    return leafFor(CE, ArgClass == Uniformity::BlockUniform ? ArgClass : Uniformity::WarpUniform,
                   ArgData, Label);
  case IntrinsicKind::Shuffle: {
    Uniformity Src = Info.OperandArg >= 0 && unsigned(Info.OperandArg) < Args.size()
                         ? Args[Info.OperandArg]->Class
                         : Uniformity::LaneVarying;
    int64_t Width = Opts.WarpSize;
    if (Args.size() > 3 && !isConst(Args[3], &Width))
      Width = 0;
    if (Src == Uniformity::LaneVarying || Width < int64_t(Opts.WarpSize))
      return leafFor(CE, Uniformity::LaneVarying, true, Label);
    Uniformity Val = Args.size() > 1 ? Args[1]->Class : Uniformity::LaneVarying;
    return leafFor(CE, join(Src, Val) == Uniformity::BlockUniform ? Uniformity::BlockUniform
                                                                 : Uniformity::WarpUniform,
                   ArgData, Label);
  }
  case IntrinsicKind::ShuffleRelative: {
    Uniformity Val = Args.size() > 1 ? Args[1]->Class : Uniformity::LaneVarying;
    return leafFor(CE, Val, true, Label);
  }
  case IntrinsicKind::Varying:
  case IntrinsicKind::Atomic:
    return leafFor(CE, Uniformity::LaneVarying, true, Label);
  case IntrinsicKind::Barrier:
  case IntrinsicKind::WarpSync:
    return leafFor(CE, Uniformity::BlockUniform, ArgData, Label);
  case IntrinsicKind::Load: {
    Uniformity Ptr = Info.OperandArg >= 0 && unsigned(Info.OperandArg) < Args.size()
                         ? Args[Info.OperandArg]->Class
                         : Uniformity::LaneVarying;
    return leafFor(CE, Ptr, true, "load " + Label);
  }
  }
  return leafFor(CE, Uniformity::LaneVarying, true, Label);
}

SymRef FunctionAnalysis::Impl::evalGroupCall(const CallExpr *CE, const FunctionDecl *Callee,
                                             State &S, unsigned D) {
  llvm::StringRef Name = Callee->getName();
  IntType U{32, false};
  SymRef Ltid = sym::linearThreadId();
  // Free functions: handles and collectives.
  if (!isa<CXXMethodDecl>(Callee)) {
    if (Name == "this_thread_block")
      return sym::group(GroupKind::Block, 0);
    if (Name == "this_grid")
      return sym::group(GroupKind::Grid, 0);
    if (Name == "coalesced_threads")
      return sym::group(GroupKind::Coalesced, 0);
    if (Name == "tiled_partition") {
      if (auto G = groupTypeOf(CE->getType()))
        if (G->second)
          return sym::group(GroupKind::Tile, G->second);
      if (const TemplateArgumentList *TA = Callee->getTemplateSpecializationArgs())
        if (TA->size() > 0 && TA->get(0).getKind() == TemplateArgument::Integral)
          return sym::group(GroupKind::Tile, TA->get(0).getAsIntegral().getExtValue());
      int64_t N = 0;
      if (CE->getNumArgs() > 1 && isConst(eval(CE->getArg(1), S, D + 1), &N))
        return sym::group(GroupKind::Tile, N);
      return sym::group(GroupKind::Tile, 0);
    }
    if (Name == "sync")
      return sym::constant(0, U);
    if (Name == "reduce" && CE->getNumArgs() >= 2) {
      auto G = groupTypeOf(CE->getArg(0)->getType());
      SymRef V = eval(CE->getArg(1), S, D + 1);
      bool WholeWarp = G && G->first == GroupKind::Tile && G->second == int64_t(Opts.WarpSize);
      return leafFor(CE, WholeWarp ? join(Uniformity::WarpUniform, Uniformity::BlockUniform)
                                   : join(V->Class, Uniformity::WarpUniform),
                     V->DataDependent, textOf(CE));
    }
    return nullptr; // analyze its body
  }
  // Member functions of a group object: the object's static type says which group it is.
  // Static members called through an object (`grid.thread_rank()`) are plain calls whose callee
  // is a member expression.
  const Expr *Object = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
    Object = MCE->getImplicitObjectArgument();
  else if (const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    Object = ME->getBase();
  if (!Object)
    return nullptr;
  auto G = groupTypeOf(Object->getType());
  if (!G)
    return nullptr;
  GroupKind Kind = G->first;
  int64_t Tile = G->second;
  if (Kind == GroupKind::Tile && Tile == 0) {
    SymRef Obj = eval(Object, S, D + 1);
    if (Obj->Kind == SymKind::Group)
      Tile = Obj->Value;
  }
  auto TileConst = [&] { return sym::constant(Tile, U); };
  auto BlockThreads = [&] {
    return sym::binary(SymOp::Mul, sym::binary(SymOp::Mul, sym::blockDim(0), sym::blockDim(1), U),
                       sym::blockDim(2), U);
  };
  if (Name == "thread_rank") {
    if (Kind == GroupKind::Block)
      return Ltid;
    if (Kind == GroupKind::Tile && Tile > 0)
      return sym::binary(SymOp::Rem, Ltid, TileConst(), U);
    if (Kind == GroupKind::Grid)
      return sym::binary(SymOp::Add,
                         sym::binary(SymOp::Mul, builtinVar(1, 0), BlockThreads(), U), Ltid, U);
    return leafFor(CE, Uniformity::LaneVarying, false, textOf(CE));
  }
  if (Name == "meta_group_rank" && Kind == GroupKind::Tile && Tile > 0)
    return sym::binary(SymOp::Div, Ltid, TileConst(), U);
  if (Name == "meta_group_size" && Kind == GroupKind::Tile && Tile > 0)
    return sym::binary(SymOp::Div, sym::binary(SymOp::Add, BlockThreads(),
                                               sym::constant(Tile - 1, U), U),
                       TileConst(), U);
  if (Name == "size" || Name == "num_threads") {
    if (Kind == GroupKind::Block)
      return BlockThreads();
    if (Kind == GroupKind::Tile && Tile > 0)
      return TileConst();
    if (Kind == GroupKind::Coalesced)
      return leafFor(CE, Uniformity::WarpUniform, false, textOf(CE));
    return leafFor(CE, Uniformity::BlockUniform, false, textOf(CE));
  }
  if (Name == "group_index" || Name == "block_index")
    return sym::dim3(builtinVar(1, 0), builtinVar(1, 1), builtinVar(1, 2));
  if (Name == "thread_index")
    return sym::dim3(builtinVar(0, 0), builtinVar(0, 1), builtinVar(0, 2));
  if (Name == "group_dim" || Name == "dim_threads")
    return sym::dim3(builtinVar(2, 0), builtinVar(2, 1), builtinVar(2, 2));
  if (Name == "block_rank")
    return sym::opaque(0xb10c, Uniformity::BlockUniform, false, "block_rank");
  if (Name == "is_valid")
    return sym::constant(1, {1, false});
  if (Name == "sync")
    return sym::constant(0, U);
  bool WarpWide = Kind == GroupKind::Coalesced ||
                  (Kind == GroupKind::Tile && Tile == int64_t(Opts.WarpSize));
  std::vector<SymRef> Args;
  for (const Expr *A : CE->arguments())
    Args.push_back(eval(A, S, D + 1));
  Uniformity ArgClass = Uniformity::BlockUniform;
  bool ArgData = false;
  for (const SymRef &A : Args) {
    ArgClass = join(ArgClass, A->Class);
    ArgData |= A->DataDependent;
  }
  if (Name == "any" || Name == "all" || Name == "ballot" || Name == "match_all") {
    Uniformity C = ArgClass == Uniformity::BlockUniform ? ArgClass
                   : WarpWide                           ? Uniformity::WarpUniform
                                                        : Uniformity::LaneVarying;
    if (Kind == GroupKind::Block)
      C = ArgClass == Uniformity::BlockUniform ? ArgClass : Uniformity::BlockUniform;
    return leafFor(CE, C, ArgData, textOf(CE));
  }
  if (Name == "shfl" && Args.size() >= 2) {
    Uniformity C = WarpWide && Args[1]->Class != Uniformity::LaneVarying
                       ? join(Uniformity::WarpUniform, join(Args[0]->Class, Args[1]->Class))
                       : Uniformity::LaneVarying;
    if (C == Uniformity::LaneVarying)
      return leafFor(CE, C, true, textOf(CE));
    return leafFor(CE, join(Args[0]->Class, Args[1]->Class) == Uniformity::BlockUniform
                           ? Uniformity::BlockUniform
                           : Uniformity::WarpUniform,
                   ArgData, textOf(CE));
  }
  if ((Name == "shfl_down" || Name == "shfl_up" || Name == "shfl_xor") && !Args.empty())
    return leafFor(CE, Args[0]->Class, true, textOf(CE));
  // Unknown group member: sound.
  return leafFor(CE, Uniformity::LaneVarying, true, textOf(CE));
}

SymRef FunctionAnalysis::Impl::evalCall(const CallExpr *CE, State &S, unsigned D) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee) {
    // Calls through pointers: the callee is unknown.
    for (const Expr *A : CE->arguments())
      eval(A, S, D + 1);
    return leafFor(CE, Uniformity::LaneVarying, true, textOf(CE));
  }
  // threadIdx.__fetch_builtin_x() spelled out, or `uint3 t = threadIdx;`
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (const CXXRecordDecl *RD = MCE->getRecordDecl())
      if (auto Var = builtinVarIndex(RD->getName())) {
        if (auto Comp = componentIndex(Callee->getName()))
          return withOrigin(builtinVar(*Var, *Comp), CE);
        return sym::dim3(builtinVar(*Var, 0), builtinVar(*Var, 1), builtinVar(*Var, 2));
      }
  }
  if (Callee->getIdentifier()) {
    llvm::StringRef Name = Callee->getName();
    if (auto Reg = specialRegister(Name))
      return withOrigin(builtinVar(Reg->first, Reg->second), CE);
    if (Name == "min" || Name == "max" || Name == "umin" || Name == "umax" ||
        Name == "__nv_min" || Name == "__nv_max" || Name == "__nv_umin" || Name == "__nv_umax") {
      if (CE->getNumArgs() == 2 && isIntegerLike(CE->getType()))
        return sym::binary(Name.ends_with("min") ? SymOp::Min : SymOp::Max,
                           eval(CE->getArg(0), S, D + 1), eval(CE->getArg(1), S, D + 1),
                           intTypeOf(CE->getType(), Ctx));
    }
    if (inCooperativeGroups(Callee))
      if (SymRef G = evalGroupCall(CE, Callee, S, D))
        return G;
    if (!isa<CXXMethodDecl>(Callee))
      if (auto Info = lookupIntrinsic(Name))
        return evalIntrinsic(CE, *Info, S, D);
  }
  // A function with a body: analyze it with these arguments.
  const FunctionDecl *Def = Callee->getDefinition();
  std::vector<SymRef> Args;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    const Expr *Obj = MCE->getImplicitObjectArgument();
    if (auto Path = Obj ? pathOf(Obj) : std::nullopt)
      Args.push_back(structValue(*Path, S));
    else
      Args.push_back(Obj ? eval(Obj, S, D + 1) : sym::opaque(0, Uniformity::BlockUniform, false, "this"));
  }
  for (const Expr *A : CE->arguments())
    Args.push_back(eval(A, S, D + 1));
  if (Def && Def->hasBody() && !Def->isInvalidDecl() && Depth + 1 < MaxCallDepth) {
    CallSummary Summary = Calls.resolveCall(Def, Args, Depth + 1);
    applyStoresThroughArguments(CE, Summary.StoredThrough, S);
    if (Summary.Return)
      return withOrigin(Summary.Return, CE);
    return leafFor(CE, Uniformity::BlockUniform, false, textOf(CE)); // void
  }
  // No body: sound fallback, for the result and for what it may store through its arguments.
  applyStoresThroughArguments(
      CE, std::vector<std::optional<Uniformity>>(Args.size(), Uniformity::LaneVarying), S);
  return leafFor(CE, Uniformity::LaneVarying, true, textOf(CE));
}

std::optional<unsigned> FunctionAnalysis::Impl::argumentIndex(const ParmVarDecl *P) const {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  unsigned Shift = MD && MD->isInstance() ? 1 : 0;
  if (P->getDeclContext() != FD)
    return std::nullopt;
  return P->getFunctionScopeIndex() + Shift;
}

std::optional<unsigned> FunctionAnalysis::Impl::storedParameter(const Expr *LHS) const {
  const Expr *E = LHS;
  bool Deref = false;
  for (unsigned Steps = 0; E && Steps < 32; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
      Deref = true;
      E = UO->getSubExpr();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      Deref = true;
      E = ASE->getBase();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      Deref |= ME->isArrow();
      E = ME->getBase();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAdditiveOp()) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    } else {
      break;
    }
  }
  if (E && isa<CXXThisExpr>(E) && Deref) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    return MD && MD->isInstance() ? std::optional<unsigned>(0) : std::nullopt;
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
      if ((Deref && P->getType()->isPointerType()) || P->getType()->isReferenceType())
        return argumentIndex(P);
  return std::nullopt;
}

void FunctionAnalysis::Impl::storeThrough(const Expr *Target, Uniformity C, State &S) {
  Target = Target->IgnoreParenImpCasts();
  if (auto Path = pathOf(Target)) {
    SymRef Old = structValue(*Path, S);
    if (join(Old->Class, C) != Old->Class)
      write(*Path, sym::opaque(idFor(Target, 0x057), join(Old->Class, C), true, pathName(*Path),
                               Old->Ty), S);
    return;
  }
  if (const VarDecl *Root = EscapeFinder::rootLocal(Target); Root && Escaped.count(Root)) {
    noteEscapedStore(Root, C);
    return;
  }
  if (auto Index = storedParameter(Target)) {
    noteParameterStore(*Index, C);
    return;
  }
  // Through a pointer held in a local: it may point at any address-taken local.
  if (HasEscapedScalar)
    for (const VarDecl *E : Escaped)
      if (!E->getType()->isArrayType())
        noteEscapedStore(E, C);
}

void FunctionAnalysis::Impl::noteParameterStore(unsigned Index, Uniformity C) {
  if (Index >= StoredThrough.size())
    return;
  StoredThrough[Index] = StoredThrough[Index] ? join(*StoredThrough[Index], C) : C;
}

void FunctionAnalysis::Impl::applyStoresThroughArguments(
    const CallExpr *CE, const std::vector<std::optional<Uniformity>> &Stored, State &S) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE);
  // A call under divergent control stores in some lanes only.
  Uniformity Control = CurrentBlock ? controlClass(CurrentBlock) : Uniformity::BlockUniform;
  unsigned Shift = MCE ? 1 : 0;
  for (unsigned I = 0; I < Stored.size(); ++I) {
    if (!Stored[I])
      continue;
    Uniformity C = join(*Stored[I], Control);
    if (MCE && I == 0) {
      if (const Expr *Obj = MCE->getImplicitObjectArgument()) {
        if (Obj->getType()->isPointerType())
          storeThroughPointer(Obj, C, S);
        else
          storeThrough(Obj, C, S);
      }
      continue;
    }
    if (I < Shift || I - Shift >= CE->getNumArgs())
      continue;
    const Expr *Arg = CE->getArg(I - Shift);
    QualType ParamTy;
    if (Callee && I - Shift < Callee->getNumParams())
      ParamTy = Callee->getParamDecl(I - Shift)->getType();
    if (!ParamTy.isNull() && ParamTy->isReferenceType()) {
      if (!ParamTy.getNonReferenceType().isConstQualified())
        storeThrough(Arg, C, S);
    } else if (Arg->getType()->isPointerType() || Arg->getType()->isArrayType()) {
      storeThroughPointer(Arg, C, S);
    }
  }
}

void FunctionAnalysis::Impl::storeThroughPointer(const Expr *Ptr, Uniformity C, State &S) {
  const Expr *E = Ptr->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    storeThrough(UO->getSubExpr(), C, S);
    return;
  }
  if (const VarDecl *Root = EscapeFinder::rootLocal(E); Root && Escaped.count(Root) &&
                                                        Root->getType()->isArrayType()) {
    noteEscapedStore(Root, C); // a local array, decayed to a pointer
    return;
  }
  // A pointer parameter of ours: what the callee stored is stored through our parameter.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()); P && P->getType()->isPointerType())
      if (auto Index = argumentIndex(P)) {
        noteParameterStore(*Index, C);
        return;
      }
  if (isa<CXXThisExpr>(E)) { // a member call on this object, from one of its methods
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (MD && MD->isInstance())
      noteParameterStore(0, C);
    return;
  }
  // Any other pointer (a global buffer, a local pointer variable): it may alias an
  // address-taken local.
  if (HasEscapedScalar)
    for (const VarDecl *Esc : Escaped)
      if (!Esc->getType()->isArrayType())
        noteEscapedStore(Esc, C);
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

State FunctionAnalysis::Impl::entryState() {
  State S;
  unsigned Index = 0;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance())
    ++Index; // ParamValues[0] is `this`
  for (const ParmVarDecl *P : FD->parameters()) {
    SymRef V = Index < ParamValues.size() && ParamValues[Index]
                   ? ParamValues[Index]
                   : sym::opaque(idFor(P), Uniformity::LaneVarying, true, P->getNameAsString());
    ++Index;
    if (Escaped.count(P)) {
      EscapedClass[P] = join(EscapedClass.lookup(P), V->Class);
      continue;
    }
    S[AccessPath{P}] = V;
  }
  return S;
}

void FunctionAnalysis::Impl::noteEscapedStore(const VarDecl *VD, Uniformity C) {
  Uniformity &Old = EscapedClass[VD];
  if (join(Old, C) != Old) {
    Old = join(Old, C);
    EscapedChanged = true;
  }
}

Uniformity FunctionAnalysis::Impl::controlClass(const CFGBlock *B) {
  // Join of the classes of every branch this block is (transitively) control dependent on.
  // getControlDependencies is already transitive (the iterated post-dominance frontier):
  // walking the dependencies of dependencies again is quadratic on long `else if` chains.
  Uniformity C = Uniformity::BlockUniform;
  for (CFGBlock *Dep : ControlDeps->getControlDependencies(const_cast<CFGBlock *>(B)))
    C = join(C, CondClassNow[Dep->getBlockID()]);
  return C;
}

void FunctionAnalysis::Impl::storeToMemory(const Expr *LHS, const SymRef &V, const CFGBlock *B,
                                           State &S) {
  const Expr *Bare = LHS->IgnoreParenImpCasts();
  const VarDecl *Root = EscapeFinder::rootLocal(Bare);
  Uniformity C = join(V->Class, controlClass(B));
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Bare))
    C = join(C, eval(ASE->getIdx(), S)->Class);
  if (Root && Escaped.count(Root)) {
    noteEscapedStore(Root, C);
    return;
  }
  // Through a parameter: the caller's object takes the class (an out-parameter). A parameter
  // cannot point at this function's own locals: they did not exist when it was called.
  if (auto Index = storedParameter(Bare)) {
    noteParameterStore(*Index, C);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && VD->getType()->isReferenceType()) {
      // A store through a local reference: whatever it may alias takes the class.
      for (const VarDecl *E : Escaped)
        noteEscapedStore(E, C);
      return;
    }
  // A store through a pointer: it may alias an address-taken local.
  if (HasEscapedScalar && (isa<UnaryOperator>(Bare) || isa<ArraySubscriptExpr>(Bare) ||
                           (isa<MemberExpr>(Bare) && cast<MemberExpr>(Bare)->isArrow())))
    for (const VarDecl *E : Escaped)
      if (!E->getType()->isArrayType())
        noteEscapedStore(E, C);
}

/// Library functions whose compiled code branches inside (slow paths for some arguments, loops
/// over the generator state), by name (`__nv_` prefixes stripped).
static std::optional<llvm::StringRef> branchingFunction(llvm::StringRef Name) {
  Name.consume_front("__nv_");
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Name)
      .Cases({"sqrt", "sqrtf", "__fsqrt_rn", "__dsqrt_rn"},
             llvm::StringRef("IEEE square root (a slow path for denormal and special operands)"))
      .Cases({"__fdiv_rn", "__ddiv_rn", "__frcp_rn", "__drcp_rn"},
             llvm::StringRef("IEEE division (a slow path for denormal and huge operands)"))
      .Cases({"pow", "powf"}, llvm::StringRef("pow (special-case paths for some arguments)"))
      .Cases({"sin", "cos", "tan", "sinf", "cosf", "tanf", "sincos", "sincosf"},
             llvm::StringRef("trigonometric function (a slow argument reduction for large "
                             "arguments)"))
      .Cases({"fmod", "fmodf", "remainder", "remainderf", "remquo", "remquof"},
             llvm::StringRef("floating-point remainder (a loop whose length depends on the "
                             "operands)"))
      .Cases({"curand_init", "curand_normal", "curand_normal2", "curand_normal_double",
              "curand_log_normal", "curand_log_normal2", "curand_poisson", "skipahead",
              "skipahead_sequence"},
             llvm::StringRef("cuRAND (branches and loops on the generator state, inlined here)"))
      .Default(std::nullopt);
}

void FunctionAnalysis::Impl::noteHiddenBranch(const Stmt *St, State &S) {
  const auto *E = dyn_cast<Expr>(St);
  if (!E || E->isValueDependent())
    return;
  std::string Operation;
  std::vector<const Expr *> Operands;
  bool Structural = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = BO->getOpcode();
    bool Div = K == BO_Div || K == BO_DivAssign, Rem = K == BO_Rem || K == BO_RemAssign;
    if (!Div && !Rem)
      return;
    QualType T = BO->getType();
    if (const auto *CAO = dyn_cast<CompoundAssignOperator>(BO))
      T = CAO->getComputationResultType();
    if (T.isNull())
      return;
    const Expr *Divisor = BO->getRHS()->IgnoreParenImpCasts();
    if (Div && T->isRealFloatingType()) {
      // A constant power-of-two divisor is a multiply; -prec-div=false is not the default.
      llvm::APFloat V(0.0);
      if (Divisor->EvaluateAsFloat(V, Ctx) && V.getExactLog2Abs() != INT_MIN)
        return;
      Operation = std::string("IEEE ") +
                  (Ctx.getTypeSize(T) == 64 ? "double" : "float") +
                  " division (a slow path for denormal and huge operands)";
    } else if (T->isIntegerType() && Ctx.getTypeSize(T) == 64 &&
               !Divisor->isIntegerConstantExpr(Ctx)) {
      Operation = std::string("64-bit integer ") + (Div ? "division" : "remainder") +
                  " by a variable (a subroutine with a fast path for small operands)";
    } else {
      return;
    }
    Operands = {BO->getLHS(), BO->getRHS()};
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return;
    llvm::StringRef Name = Callee->getName();
    if (Name == "sync" && inCooperativeGroups(Callee)) {
      // The grid-wide barrier: one thread of each block arrives at a global counter and spins.
      const Expr *G = nullptr;
      if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE))
        G = MCE->getImplicitObjectArgument();
      else if (const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
        G = ME->getBase();
      else if (CE->getNumArgs() > 0)
        G = CE->getArg(0);
      auto Kind = G ? groupTypeOf(G->getType()) : std::nullopt;
      if (!Kind || Kind->first != GroupKind::Grid)
        return;
      Operation = "grid-wide sync (one thread per block arrives at a global barrier and spins)";
      Structural = true;
    } else if (auto What = branchingFunction(Name)) {
      Operation = What->str();
      for (const Expr *A : CE->arguments())
        Operands.push_back(A);
    } else {
      return;
    }
  } else {
    return;
  }
  Uniformity C = Structural ? Uniformity::LaneVarying : Uniformity::BlockUniform;
  for (const Expr *Op : Operands) {
    if (!Op->getType()->isPointerType()) {
      C = join(C, eval(Op, S)->Class);
      continue;
    }
    // A pointer (a cuRAND state): what it points at decides. `&local`: that local's class;
    // any other pointer: its pointee is not tracked (sound: lane-varying).
    const auto *UO = dyn_cast<UnaryOperator>(Op->IgnoreParenImpCasts());
    const VarDecl *Root = UO && UO->getOpcode() == UO_AddrOf
                              ? EscapeFinder::rootLocal(UO->getSubExpr())
                              : nullptr;
    C = join(C, Root && Escaped.count(Root) ? EscapedClass.lookup(Root) : Uniformity::LaneVarying);
  }
  auto [It, New] = HiddenBySite.try_emplace(E);
  HiddenBranchRecord &R = It->second;
  R.Site = E;
  R.Operation = Operation;
  R.Structural = Structural;
  R.Class = New ? C : join(R.Class, C);
}

void FunctionAnalysis::Impl::transferStmt(const Stmt *St, const CFGBlock *B, State &S) {
  noteHiddenBranch(St, S);
  if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *Dcl : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(Dcl);
      if (!VD || !VD->hasLocalStorage())
        continue;
      SymRef V = VD->getInit() ? eval(VD->getInit(), S)
                               : sym::opaque(idFor(VD), Uniformity::BlockUniform, false,
                                             VD->getNameAsString() + " (uninitialized)",
                                             intTypeOf(VD->getType(), Ctx));
      if (Escaped.count(VD)) {
        noteEscapedStore(VD, join(V->Class, controlClass(B)));
        continue;
      }
      if (auto G = groupTypeOf(VD->getType()); G && V->Kind != SymKind::Group)
        V = sym::group(G->first, G->second);
      write(AccessPath{VD}, V, S);
    }
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
    if (!BO->isAssignmentOp())
      return;
    SymRef V;
    if (BO->getOpcode() == BO_Assign) {
      V = eval(BO->getRHS(), S);
    } else {
      auto Op = binaryOpFor(BO->getOpcode());
      const auto *CAO = cast<CompoundAssignOperator>(BO);
      IntType IT = intTypeOf(CAO->getComputationResultType(), Ctx);
      SymRef L = eval(BO->getLHS(), S), R = eval(BO->getRHS(), S);
      if (Op && isIntegerLike(BO->getType()) && isIntegerLike(BO->getRHS()->getType()))
        V = sym::unary(SymOp::Cast, sym::binary(*Op, sym::unary(SymOp::Cast, L, IT), R, IT),
                       intTypeOf(BO->getType(), Ctx));
      else
        V = sym::joinLeaf(idFor(BO), {L, R}, textOf(BO));
    }
    if (auto Path = pathOf(BO->getLHS()))
      write(*Path, V, S);
    else
      storeToMemory(BO->getLHS(), V, B, S);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
    if (!UO->isIncrementDecrementOp())
      return;
    SymRef Old = eval(UO->getSubExpr(), S);
    SymRef V = Old;
    if (isIntegerLike(UO->getType()))
      V = sym::binary(UO->isIncrementOp() ? SymOp::Add : SymOp::Sub, Old,
                      sym::constant(1, intTypeOf(UO->getType(), Ctx)),
                      intTypeOf(UO->getType(), Ctx));
    else
      V = sym::joinLeaf(idFor(UO), {Old}, textOf(UO));
    if (auto Path = pathOf(UO->getSubExpr()))
      write(*Path, V, S);
    else
      storeToMemory(UO->getSubExpr(), V, B, S);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(St)) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    // A call whose value nobody reads (`helper(out, k);`) is still analyzed in this context:
    // its branches see these arguments, not "no call site".
    if (Callee && Callee->getDefinition() && !isa<CXXOperatorCallExpr>(CE))
      eval(CE, S);
    if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(CE);
        OCE && OCE->isAssignmentOp() && OCE->getNumArgs() == 2) {
      SymRef V = eval(OCE->getArg(1), S);
      if (OCE->getOperator() != OO_Equal)
        V = sym::joinLeaf(idFor(OCE), {eval(OCE->getArg(0), S), V}, textOf(OCE));
      if (auto Path = pathOf(OCE->getArg(0)))
        write(*Path, V, S);
      else
        storeToMemory(OCE->getArg(0), V, B, S);
      return;
    }
    // A non-const method on a tracked object may change it: keep its class at least as high
    // as the arguments'.
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      const auto *MD = MCE->getMethodDecl();
      const Expr *Obj = MCE->getImplicitObjectArgument();
      if (MD && !MD->isConst() && Obj && !groupTypeOf(Obj->getType()))
        if (auto Path = pathOf(Obj)) {
          std::vector<SymRef> Parts{structValue(*Path, S)};
          for (const Expr *A : MCE->arguments())
            Parts.push_back(eval(A, S));
          write(*Path, sym::joinLeaf(idFor(MCE), Parts, pathName(*Path)), S);
        }
    }
    // Locals passed by mutable reference to a body-less callee get an unknown value (a callee
    // with a body says what it stores: applyStoresThroughArguments).
    if (Callee) {
      bool HasBody = Callee->getDefinition() && Callee->getDefinition()->hasBody();
      for (unsigned I = 0; I < CE->getNumArgs() && !HasBody; ++I) {
        const VarDecl *Root = EscapeFinder::rootLocal(CE->getArg(I));
        if (Root && Escaped.count(Root)) {
          unsigned PI = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) ? I - 1 : I;
          if (PI < Callee->getNumParams()) {
            QualType PT = Callee->getParamDecl(PI)->getType();
            if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
              noteEscapedStore(Root, Uniformity::LaneVarying);
          }
        }
      }
      if (Callee->getIdentifier()) {
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
                if (!isConst(eval(CE->getArg(Info->MaskArg), S), &Mask))
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
    }
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
    if (RS->getRetValue())
      Returns.push_back({eval(RS->getRetValue(), S), B});
    return;
  }
  if (const auto *Asm = dyn_cast<AsmStmt>(St)) {
    for (unsigned I = 0; I < Asm->getNumOutputs(); ++I) {
      const Expr *OutE = Asm->getOutputExpr(I);
      SymRef V = leafFor(OutE, Uniformity::LaneVarying, true, "inline asm output");
      if (auto Path = pathOf(OutE))
        write(*Path, V, S);
      else
        storeToMemory(OutE, V, B, S);
    }
  }
}

void FunctionAnalysis::Impl::collectAssigned(const CFGBlock *B, std::set<AccessPath> &Into) {
  for (const CFGElement &El : *B) {
    auto CS = El.getAs<CFGStmt>();
    if (!CS)
      continue;
    const Stmt *St = CS->getStmt();
    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *Dcl : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dcl))
          Into.insert(AccessPath{VD});
    } else if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      if (BO->isAssignmentOp())
        if (auto P = pathOf(BO->getLHS()))
          Into.insert(*P);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
      if (UO->isIncrementDecrementOp())
        if (auto P = pathOf(UO->getSubExpr()))
          Into.insert(*P);
    } else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(St)) {
      if (OCE->isAssignmentOp() && OCE->getNumArgs() > 0)
        if (auto P = pathOf(OCE->getArg(0)))
          Into.insert(*P);
    } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(St)) {
      if (const Expr *Obj = MCE->getImplicitObjectArgument())
        if (auto P = pathOf(Obj))
          Into.insert(*P);
    } else if (const auto *Asm = dyn_cast<AsmStmt>(St)) {
      for (unsigned I = 0; I < Asm->getNumOutputs(); ++I)
        if (auto P = pathOf(Asm->getOutputExpr(I)))
          Into.insert(*P);
    }
  }
}

const std::set<AccessPath> &FunctionAnalysis::Impl::assignedInRegion(const CFGBlock *B) {
  auto &Slot = AssignedInRegion[B->getBlockID()];
  if (Slot)
    return *Slot;
  Slot.emplace();
  const CFGBlock *Stop = ipdom(B);
  std::set<const CFGBlock *> Seen;
  std::vector<const CFGBlock *> Work;
  for (const CFGBlock *Succ : B->succs())
    if (Succ && Succ != Stop)
      Work.push_back(Succ);
  while (!Work.empty()) {
    const CFGBlock *X = Work.back();
    Work.pop_back();
    if (!Seen.insert(X).second)
      continue;
    collectAssigned(X, *Slot);
    for (const CFGBlock *Succ : X->succs())
      if (Succ && Succ != Stop)
        Work.push_back(Succ);
  }
  return *Slot;
}

const std::set<AccessPath> &FunctionAnalysis::Impl::assignedInLoop(const CFGBlock *Header) {
  auto &Slot = AssignedInLoop[Header->getBlockID()];
  if (Slot)
    return *Slot;
  Slot.emplace();
  // The natural loop: blocks that reach a back edge into the header without passing it.
  std::set<const CFGBlock *> Seen{Header};
  std::vector<const CFGBlock *> Work;
  for (const CFGBlock *Pred : Header->preds())
    if (Pred && dominates(Header, Pred))
      Work.push_back(Pred);
  collectAssigned(Header, *Slot);
  while (!Work.empty()) {
    const CFGBlock *X = Work.back();
    Work.pop_back();
    if (!Seen.insert(X).second)
      continue;
    collectAssigned(X, *Slot);
    for (const CFGBlock *Pred : X->preds())
      if (Pred)
        Work.push_back(Pred);
  }
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

State FunctionAnalysis::Impl::joinPredecessors(const CFGBlock *B) {
  std::vector<std::pair<const CFGBlock *, const State *>> Ins;
  for (const CFGBlock *Pred : B->preds())
    if (Pred && Out[Pred->getBlockID()])
      Ins.push_back({Pred, &*Out[Pred->getBlockID()]});
  if (Ins.empty())
    return State();
  bool Header = IsLoopHeader[B->getBlockID()] && !Widen;
  if (Ins.size() == 1 && !Header)
    return *Ins.front().second;
  std::set<AccessPath> Keys;
  for (auto &[P, St] : Ins)
    for (auto &KV : *St)
      Keys.insert(KV.first);
  const std::set<AccessPath> *LoopVars = Header ? &assignedInLoop(B) : nullptr;
  State Result;
  for (const AccessPath &K : Keys) {
    std::vector<SymRef> Entry, Back;
    for (auto &[P, St] : Ins) {
      auto It = St->find(K);
      if (It == St->end())
        continue;
      (Header && dominates(B, P) ? Back : Entry).push_back(It->second);
    }
    std::vector<SymRef> All(Entry);
    All.insert(All.end(), Back.begin(), Back.end());
    uint64_t Id = llvm::hash_combine(Salt, B->getBlockID(), pathHash(K));
    if (Header && LoopVars->count(K) && !Entry.empty()) {
      SymRef Init = Entry.front();
      for (const SymRef &E : Entry)
        if (!symEqual(E, Init))
          Init = sym::joinLeaf(Id ^ 0x1, Entry, pathName(K));
      uint64_t Loop = loopId(B), Var = pathHash(K);
      IntType Ty = Init->Ty;
      if (Back.empty()) {
        Result[K] = withDeclOrigin(
            sym::indVar(Loop, Var, Init, SymOp::None, nullptr, Ty, pathName(K)), K);
        continue;
      }
      SymOp Op = SymOp::None, Op2;
      SymRef Step, Step2;
      bool Ok = true;
      for (const SymRef &BV : Back) {
        if (!matchUpdate(BV, Loop, Var, Op2, Step2) || (Step && (Op2 != Op || !symEqual(Step, Step2)))) {
          Ok = false;
          break;
        }
        Op = Op2;
        Step = Step2;
      }
      if (Ok && Init->Kind != SymKind::Group && Init->Kind != SymKind::Dim3) {
        Result[K] = withDeclOrigin(sym::indVar(Loop, Var, Init, Op, Step, Ty, pathName(K)), K);
        continue;
      }
      // Not an induction variable: the class of everything it has been.
      Result[K] = sym::joinLeaf(Id, All, pathName(K));
      continue;
    }
    bool Same = true;
    for (const SymRef &V : All)
      Same &= symEqual(V, All.front());
    if (Same && (Ins.size() == All.size() || !Header)) {
      Result[K] = All.front();
      continue;
    }
    if (All.front()->Kind == SymKind::Group) {
      Result[K] = All.front();
      continue;
    }
    Result[K] = sym::joinLeaf(Id, All, pathName(K));
  }
  return Result;
}

void FunctionAnalysis::Impl::applySyncDependence(const CFGBlock *B, State &S) {
  // Every non-block-uniform branch whose region ends here: what it assigned now differs
  // between the lanes that took different sides (or left a loop at different iterations).
  for (const CFGBlock *Br : BranchesEndingAt[B->getBlockID()]) {
    if (CondClassNow[Br->getBlockID()] == Uniformity::BlockUniform)
      continue;
    Uniformity C = CondClassNow[Br->getBlockID()];
    const SymRef &CondV = CondValue[Br->getBlockID()];
    for (const AccessPath &P : assignedInRegion(Br)) {
      auto It = S.find(P);
      if (It == S.end() || !It->second || It->second->Kind == SymKind::Group)
        continue;
      const SymRef &Old = It->second;
      It->second = sym::opaque(llvm::hash_combine(Salt, Br->getBlockID(), pathHash(P), 0x5d),
                               join(Old->Class, C),
                               Old->DataDependent || (CondV && CondV->DataDependent),
                               pathName(P), Old->Ty);
    }
  }
}

void FunctionAnalysis::Impl::transfer(const CFGBlock *B, State &S) {
  CurrentBlock = B;
  for (const CFGElement &El : *B)
    if (auto CS = El.getAs<CFGStmt>())
      transferStmt(CS->getStmt(), B, S);
  std::string Construct;
  if (const Expr *Cond = leafCondition(B, Construct)) {
    SymRef V = eval(Cond, S);
    CondValue[B->getBlockID()] = V;
    Uniformity Before = CondClassNow[B->getBlockID()];
    Uniformity Now = join(Before, classify(B, /*WithGuard=*/false).Class);
    CondClassNow[B->getBlockID()] = Now;
    if (Now != Before)
      ClassChanged = true;
  }
}

const Expr *FunctionAnalysis::Impl::leafCondition(const CFGBlock *B, std::string &Construct) const {
  const Stmt *T = B->getTerminatorStmt();
  if (!T || B->succ_size() < 2)
    return nullptr;
  const Expr *Cond = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(T)) {
    // `a && b` ends the block that evaluates `a`; `(a && b) || c` ends the one evaluating `b`.
    if (!BO->isLogicalOp())
      return nullptr;
    Construct = BO->getOpcode() == BO_LAnd ? "&&" : "||";
    Cond = BO->getLHS();
  } else if (isa<IfStmt>(T)) Construct = "if";
  else if (isa<ForStmt>(T) || isa<CXXForRangeStmt>(T)) Construct = "for";
  else if (isa<WhileStmt>(T)) Construct = "while";
  else if (isa<DoStmt>(T)) Construct = "do";
  else if (isa<SwitchStmt>(T)) Construct = "switch";
  else if (isa<AbstractConditionalOperator>(T)) Construct = "?:";
  else return nullptr;
  if (!Cond)
    Cond = dyn_cast_or_null<Expr>(B->getTerminatorCondition());
  if (!Cond)
    return nullptr;
  // `if (a && b)`: this block tests the right-most leaf; it is an operand of && or ||.
  while (const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParens())) {
    if (!BO->isLogicalOp())
      break;
    Construct = BO->getOpcode() == BO_LAnd ? "&&" : "||";
    Cond = BO->getRHS();
  }
  return strip(Cond);
}

SymRef FunctionAnalysis::Impl::guardOf(const CFGBlock *B, unsigned D,
                                       std::set<const CFGBlock *> &Seen) {
  if (D > 16)
    return nullptr;
  // After the fixpoint the conditions are final: each block's guard is computed once.
  if (GuardsFinal && D == 0)
    if (auto It = GuardCache.find(B); It != GuardCache.end())
      return It->second;
  SymRef Guard;
  for (CFGBlock *Dep : ControlDeps->getControlDependencies(const_cast<CFGBlock *>(B))) {
    // Out of budget: stop narrowing. A guard with fewer conditions admits more lanes (sound).
    if (GuardBudget == 0)
      break;
    --GuardBudget;
    if (Dep == B || !Seen.insert(Dep).second)
      continue;
    const SymRef &C = CondValue[Dep->getBlockID()];
    SymRef Conj;
    if (C && Dep->succ_size() == 2) {
      const CFGBlock *TrueSucc = *Dep->succ_begin(), *FalseSucc = *(Dep->succ_begin() + 1);
      bool OnTrue = TrueSucc && (TrueSucc == B || postDominates(B, TrueSucc));
      bool OnFalse = FalseSucc && (FalseSucc == B || postDominates(B, FalseSucc));
      if (OnTrue != OnFalse)
        Conj = OnTrue ? C : sym::unary(SymOp::LNot, C, {1, false});
    }
    SymRef Outer = guardOf(Dep, D + 1, Seen);
    for (const SymRef &Part : {Conj, Outer}) {
      if (!Part)
        continue;
      Guard = Guard ? sym::binary(SymOp::LAnd, Guard, Part, {1, false}) : Part;
    }
  }
  if (GuardsFinal && D == 0)
    GuardCache[B] = Guard;
  return Guard;
}

std::vector<LoopContext> FunctionAnalysis::Impl::loopsAround(const CFGBlock *B) {
  std::vector<LoopContext> Loops;
  if (const CFGBlock *H = headerOfLoopCondition(B))
    Loops.push_back({loopId(H), CondValue[B->getBlockID()]});
  // Already transitive (see controlClass): one pass finds every enclosing loop.
  for (CFGBlock *Dep : ControlDeps->getControlDependencies(const_cast<CFGBlock *>(B)))
    if (Dep != B)
      if (const CFGBlock *H = headerOfLoopCondition(Dep))
        Loops.push_back({loopId(H), CondValue[Dep->getBlockID()]});
  return Loops;
}

EnumerationResult FunctionAnalysis::Impl::classify(const CFGBlock *B, bool WithGuard) {
  EnumerationQuery Q;
  Q.Cond = CondValue[B->getBlockID()];
  Q.WarpSize = Opts.WarpSize;
  if (!Q.Cond) {
    EnumerationResult R;
    R.Ext = Extent::DataDependent;
    return R;
  }
  Q.Loops = loopsAround(B);
  Q.IsLoopCondition = headerOfLoopCondition(B) != nullptr;
  Q.MultiWay = isa_and_nonnull<SwitchStmt>(B->getTerminatorStmt());
  if (WithGuard) {
    std::set<const CFGBlock *> Seen;
    GuardBudget = MaxGuardDependences;
    Q.Guard = guardOf(B, 0, Seen);
  }
  uint64_t Key = llvm::hash_combine(Q.Cond->Hash, Q.Guard ? Q.Guard->Hash : 0,
                                    Q.IsLoopCondition, Q.MultiWay);
  for (const LoopContext &L : Q.Loops)
    Key = llvm::hash_combine(Key, L.LoopId, L.Cond ? L.Cond->Hash : 0);
  auto It = EnumCache.find(Key);
  if (It != EnumCache.end())
    return It->second;
  EnumerationResult R = enumerateCondition(Q, Shapes);
  EnumCache.emplace(Key, R);
  return R;
}

bool FunctionAnalysis::Impl::fixpoint() {
  unsigned N = Cfg->getNumBlockIDs();
  Out.assign(N, std::nullopt);
  Visits.assign(N, 0);
  Returns.clear();
  ForwardDataflowWorklist Worklist(*Cfg, *ADC);
  Worklist.enqueueBlock(&Cfg->getEntry());
  while (const CFGBlock *B = Worklist.dequeue()) {
    unsigned Id = B->getBlockID();
    if (++Visits[Id] > MaxBlockVisitsPerBlock)
      Widen = true; // guarantees termination: joins stop building induction variables
    State S = B == &Cfg->getEntry() ? entryState() : joinPredecessors(B);
    applySyncDependence(B, S);
    ClassChanged = false;
    transfer(B, S);
    bool Changed = !Out[Id] || !statesEqual(*Out[Id], S);
    if (Changed)
      Out[Id] = std::move(S);
    if (Changed || Visits[Id] == 1)
      Worklist.enqueueSuccessors(B);
    if (ClassChanged)
      if (const CFGBlock *Join = ipdom(B))
        Worklist.enqueueBlock(Join);
    if (Visits[Id] > 4 * MaxBlockVisitsPerBlock)
      return false;
  }
  return true;
}

bool FunctionAnalysis::Impl::run() {
  if (!FD->hasBody() || FD->isInvalidDecl() || FD->isDependentContext())
    return false;
  ADCM = std::make_unique<AnalysisDeclContextManager>(Ctx);
  ADC = ADCM->getContext(FD);
  CFG::BuildOptions &BO = ADC->getCFGBuildOptions();
  BO.setAllAlwaysAdd();
  BO.PruneTriviallyFalseEdges = false;
  Cfg = ADC->getCFG();
  if (!Cfg)
    return false;
  DomTree = std::make_unique<CFGDomTree>(Cfg);
  PostDomTree = std::make_unique<CFGPostDomTree>(Cfg);
  ControlDeps = std::make_unique<ControlDependencyCalculator>(Cfg);

  EscapeFinder Finder;
  Finder.TraverseDecl(const_cast<FunctionDecl *>(FD));
  Escaped = std::move(Finder.Escaped);
  for (const VarDecl *VD : Escaped)
    HasEscapedScalar |= !VD->getType()->isArrayType();

  const auto *Method = dyn_cast<CXXMethodDecl>(FD);
  StoredThrough.assign(FD->getNumParams() + (Method && Method->isInstance() ? 1 : 0),
                       std::nullopt);
  unsigned N = Cfg->getNumBlockIDs();
  CondValue.assign(N, nullptr);
  CondClassNow.assign(N, Uniformity::BlockUniform);
  AssignedInRegion.assign(N, std::nullopt);
  AssignedInLoop.assign(N, std::nullopt);
  IsLoopHeader.assign(N, 0);
  BranchesEndingAt.assign(N, {});
  for (const CFGBlock *B : *Cfg) {
    for (const CFGBlock *Pred : B->preds())
      if (Pred && dominates(B, Pred))
        IsLoopHeader[B->getBlockID()] = 1;
    if (B->succ_size() >= 2)
      if (const CFGBlock *Join = ipdom(B))
        BranchesEndingAt[Join->getBlockID()].push_back(B);
  }

  // Memory objects are flow-insensitive: rerun until their classes stop growing.
  bool Converged = false;
  for (unsigned Round = 0; Round < 4; ++Round) {
    EscapedChanged = false;
    SyncCalls.clear();
    BarrierCalls.clear();
    Converged = fixpoint();
    if (!EscapedChanged && Converged)
      break;
  }
  if (!Converged || EscapedChanged) {
    for (const VarDecl *VD : Escaped)
      EscapedClass[VD] = Uniformity::LaneVarying;
    Widen = true;
    SyncCalls.clear();
    BarrierCalls.clear();
    fixpoint();
  }
  finish();
  return true;
}

/// Whether the threads that \p Branch sends past the barrier (or full-mask warp-synchronous
/// call) in \p SyncBlock make it diverge. A thread that returns has exited, and exited threads
/// no longer hold up a barrier (PTX `exit`) nor need to arrive at a `*_sync` call whose mask
/// names them, so a skipping path matters only if it reaches a call of the same kind while the
/// thread still runs (another one, or this one in a later iteration) or, when lanes of one warp
/// split (\p LaneSplit), rejoins the code that runs after the call: the warp then executes it
/// with some of its live lanes elsewhere, which neither the aligned `bar.sync` of
/// `__syncthreads()` nor a full mask allows.
bool FunctionAnalysis::Impl::skippingMatters(const CFGBlock *Branch, const CFGBlock *SyncBlock,
                                             bool IsBarrier, bool LaneSplit,
                                             const CallExpr *&ReachedInstead) const {
  const CFGBlock *Exit = &Cfg->getExit();
  const CFGBlock *BarrierBlock = SyncBlock;
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
  std::vector<const CFGBlock *> Skips;
  for (const CFGBlock *Succ : Branch->succs())
    if (Succ && Succ != BarrierBlock && !postDominates(BarrierBlock, Succ))
      Skips.push_back(Succ);
  std::vector<const CFGBlock *> Skipped = Reachable(Skips, BarrierBlock);
  for (const CFGBlock *X : Skipped)
    if (auto It = BarrierIn.find(X); It != BarrierIn.end()) {
      ReachedInstead = It->second;
      return true;
    }
  if (!LaneSplit)
    return false;
  std::vector<const CFGBlock *> After = Reachable(
      std::vector<const CFGBlock *>(BarrierBlock->succ_begin(), BarrierBlock->succ_end()), nullptr);
  std::set<const CFGBlock *> AfterBarrier(After.begin(), After.end());
  for (const CFGBlock *X : Skipped)
    if (AfterBarrier.count(X))
      return true;
  return false;
}

void FunctionAnalysis::Impl::finish() {
  GuardsFinal = true;
  for (auto &KV : HiddenBySite)
    Hidden.push_back(KV.second);
  // Branch records, classified with the lanes that actually reach them.
  std::map<const CFGBlock *, size_t> BranchIndex;
  for (const CFGBlock *B : *Cfg) {
    std::string Construct;
    const Expr *Cond = leafCondition(B, Construct);
    if (!Cond || !Out[B->getBlockID()])
      continue;
    BranchRecord R;
    R.Condition = Cond;
    R.Terminator = B->getTerminatorStmt();
    R.Construct = Construct;
    R.Value = CondValue[B->getBlockID()];
    R.Result = classify(B, /*WithGuard=*/true);
    // The class from the guarded enumeration never goes below what the fixpoint used.
    BranchIndex[B] = Branches.size();
    Branches.push_back(std::move(R));
  }
  // Barriers and full-mask warp-synchronous calls under divergent branches.
  for (auto &[Call, Block] : SyncCalls) {
    bool IsBarrier = BarrierCalls.count(Call);
    const BranchRecord *Offender = nullptr;
    const CallExpr *ReachedInstead = nullptr;
    // Every branch the call is (transitively: see controlClass) control dependent on.
    for (CFGBlock *Dep : ControlDeps->getControlDependencies(const_cast<CFGBlock *>(Block))) {
      auto It = BranchIndex.find(Dep);
      if (It == BranchIndex.end())
        continue;
      const BranchRecord &BR = Branches[It->second];
      Uniformity C = join(BR.Result.Class, CondClassNow[Dep->getBlockID()]);
      if (IsBarrier ? C == Uniformity::BlockUniform : C != Uniformity::LaneVarying)
        continue;
      if (!skippingMatters(Dep, Block, IsBarrier, C == Uniformity::LaneVarying, ReachedInstead))
        continue;
      Offender = &BR;
      break;
    }
    if (Offender)
      Syncs.push_back({Call, IsBarrier, Offender, ReachedInstead});
  }
  // The returned value: one expression if every return agrees under uniform control.
  if (!Returns.empty()) {
    SymRef First = Returns.front().first;
    bool Same = true;
    Uniformity Control = Uniformity::BlockUniform;
    std::vector<SymRef> All;
    for (auto &[V, B] : Returns) {
      Same &= symEqual(V, First);
      Control = join(Control, controlClass(B));
      All.push_back(V);
    }
    if (Same && Control == Uniformity::BlockUniform) {
      ReturnValue = First;
    } else {
      SymRef J = sym::joinLeaf(llvm::hash_combine(Salt, 0x7e7), All, FD->getNameAsString() + "()");
      if (join(J->Class, Control) != J->Class)
        J = sym::opaque(llvm::hash_combine(Salt, 0x7e8), join(J->Class, Control),
                        J->DataDependent, J->Label, J->Ty);
      ReturnValue = J;
    }
  }
}

//===----------------------------------------------------------------------===//
// FunctionAnalysis
//===----------------------------------------------------------------------===//

FunctionAnalysis::FunctionAnalysis(const FunctionDecl *FD, ASTContext &Ctx, CallResolver &Calls,
                                   const AnalysisOptions &Opts, std::vector<BlockShape> Shapes,
                                   std::vector<SymRef> ParamValues, unsigned Depth)
    : P(std::make_unique<Impl>(FD, Ctx, Calls, Opts, std::move(Shapes), std::move(ParamValues),
                               Depth)) {}
FunctionAnalysis::~FunctionAnalysis() = default;
bool FunctionAnalysis::run() { return P->run(); }
SymRef FunctionAnalysis::returnValue() const { return P->returnValue(); }
const std::vector<std::optional<Uniformity>> &FunctionAnalysis::storedThroughParameters() const {
  return P->StoredThrough;
}
const std::vector<BranchRecord> &FunctionAnalysis::branches() const { return P->Branches; }
const std::vector<SyncRecord> &FunctionAnalysis::syncs() const { return P->Syncs; }
const std::vector<HiddenBranchRecord> &FunctionAnalysis::hiddenBranches() const {
  return P->Hidden;
}

std::vector<SymRef> kernelParamValues(const FunctionDecl *FD) {
  std::vector<SymRef> V;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    IntType Ty{32, true};
    if (T->isIntegralOrEnumerationType())
      Ty = {static_cast<unsigned>(FD->getASTContext().getIntWidth(T)),
            T->isSignedIntegerOrEnumerationType()};
    auto G = groupTypeOf(T);
    V.push_back(G ? sym::group(G->first, G->second)
                  : sym::opaque(llvm::hash_combine(P, 0xa7), Uniformity::BlockUniform, false,
                                P->getNameAsString(), Ty));
  }
  return V;
}

std::vector<SymRef> unknownCallerParamValues(const FunctionDecl *FD) {
  std::vector<SymRef> V;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance())
    V.push_back(sym::opaque(llvm::hash_combine(FD, 0x715), Uniformity::LaneVarying, true, "this"));
  for (const ParmVarDecl *P : FD->parameters()) {
    auto G = groupTypeOf(P->getType());
    V.push_back(G ? sym::group(G->first, G->second)
                  : sym::opaque(llvm::hash_combine(P, 0xa8), Uniformity::LaneVarying, true,
                                P->getNameAsString() + " (parameter, caller unknown)"));
  }
  return V;
}

} // namespace divlint
