//===- FunctionState.cpp - what the parts of the data flow share ---------===//
//
// Identities of symbolic leaves (salted with the function and its argument values, so that
// two calling contexts never share a leaf), source locations for why traces, and the CFG
// queries: dominance, post-dominance, loops, control dependence.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "divlint/Support/WrittenText.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

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

FunctionState::FunctionState(const FunctionDecl *FD, ASTContext &Ctx, CallResolver &Calls,
                             const AnalysisOptions &Opts, std::vector<BlockShape> Shapes,
                             std::vector<SymRef> ParamValues, unsigned Depth,
                             PrivateReach Reach)
    : FD(FD), Ctx(Ctx), Calls(Calls), Opts(Opts), Shapes(std::move(Shapes)),
      ParamValues(std::move(ParamValues)), Reach(std::move(Reach)), Depth(Depth) {
  Salt = llvm::hash_combine(FD);
  // Only a context that reaches private memory renames the leaves (the same ids otherwise).
  if (llvm::any_of(this->Reach.Contents, [](const auto &C) { return C.has_value(); }))
    Salt = llvm::hash_combine(Salt, this->Reach.hash());
  for (const SymRef &V : this->ParamValues)
    Salt = llvm::hash_combine(Salt, V ? V->Hash : 0);
}

//===----------------------------------------------------------------------===//
// Identities
//===----------------------------------------------------------------------===//

std::optional<ConstantInt> FunctionState::constantInt(const Expr *E) const {
  if (FunctionStructures *Shared = Calls.structures())
    return Shared->constantInt(E, Ctx);
  return evaluateConstantInt(E, Ctx);
}

uint64_t FunctionState::idFor(const void *P, uint64_t Extra) const {
  return llvm::hash_combine(Salt, P, Extra);
}

uint64_t FunctionState::pathHash(const AccessPath &Path) {
  uint64_t H = 0;
  for (const ValueDecl *D : Path)
    H = llvm::hash_combine(H, D);
  return H;
}

uint64_t FunctionState::loopId(const CFGBlock *Header) const {
  return llvm::hash_combine(Salt, Header->getBlockID(), 0x100b);
}

std::string FunctionState::pathName(const AccessPath &Path) const {
  std::string S;
  for (const ValueDecl *D : Path) {
    if (!S.empty())
      S += ".";
    S += D->getNameAsString();
  }
  return S;
}

/// A copy of \p E that says it was read at \p Loc (its expansion), if that is a valid place.
/// \p Structure (when given) remembers each location's line and column for the function's
/// other contexts.
static SymRef withLocation(SymRef E, SourceLocation Loc, const SourceManager &SM,
                           const FunctionStructure *Structure) {
  std::pair<unsigned, unsigned> LineColumn;
  auto Find = [&] {
    PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    return PL.isInvalid() ? std::make_pair(0u, 0u) : std::make_pair(PL.getLine(), PL.getColumn());
  };
  if (Structure) {
    auto [It, New] = Structure->LineColumns.try_emplace(Loc.getRawEncoding());
    if (New)
      It->second = Find();
    LineColumn = It->second;
  } else {
    LineColumn = Find();
  }
  if (LineColumn.first == 0)
    return E;
  auto Copy = makeLocal<SymExpr>(*E);
  Copy->OriginLine = LineColumn.first;
  Copy->OriginColumn = LineColumn.second;
  return Copy;
}

SymRef FunctionState::withOrigin(SymRef E, const Stmt *S) const {
  if (!S || !E || (E->Kind != SymKind::Opaque && E->Kind != SymKind::ThreadIdx))
    return E;
  return withLocation(std::move(E), S->getBeginLoc(), Ctx.getSourceManager(), Structure);
}

SymRef FunctionState::withDeclOrigin(SymRef E, const AccessPath &Path) const {
  return withLocation(std::move(E), Path.front()->getLocation(), Ctx.getSourceManager(),
                      Structure);
}

SymRef FunctionState::leafFor(const Expr *E, Uniformity Class, bool DataDependent,
                              std::string Label) {
  IntType Ty = intTypeOf(E->getType(), Ctx);
  return withOrigin(sym::opaque(idFor(E), Class, DataDependent, std::move(Label), Ty), E);
}

std::string FunctionState::textOf(const Stmt *S) const {
  if (!S)
    return "";
  if (Structure) { // the same in every context of the function
    auto [It, New] = Structure->Texts.try_emplace(S);
    if (New)
      It->second = sourceTextOf(S);
    return It->second;
  }
  return sourceTextOf(S);
}

std::string FunctionState::sourceTextOf(const Stmt *S) const {
  return writtenText(S->getSourceRange(), Ctx.getSourceManager(), Ctx.getLangOpts(), 60);
}

bool FunctionState::isOwnLocal(const VarDecl *VD) const { return isLocalOf(VD, FD); }

//===----------------------------------------------------------------------===//
// CFG queries
//===----------------------------------------------------------------------===//

const CFGBlock *FunctionState::ipdom(const CFGBlock *B) const {
  auto *Node = Structure->postDomTree().getBase().getNode(const_cast<CFGBlock *>(B));
  if (!Node || !Node->getIDom())
    return nullptr;
  return Node->getIDom()->getBlock();
}

bool FunctionState::postDominates(const CFGBlock *A, const CFGBlock *B) const {
  CFGPostDomTree &PostDom = Structure->postDomTree();
  return PostDom.getBase().getNode(const_cast<CFGBlock *>(A)) &&
         PostDom.getBase().getNode(const_cast<CFGBlock *>(B)) && PostDom.dominates(A, B);
}

bool FunctionState::dominates(const CFGBlock *A, const CFGBlock *B) const {
  CFGDomTree &Dom = Structure->domTree();
  return Dom.getBase().getNode(const_cast<CFGBlock *>(A)) &&
         Dom.getBase().getNode(const_cast<CFGBlock *>(B)) && Dom.dominates(A, B);
}

static const Stmt *loopTerminator(const CFGBlock *B) {
  const Stmt *T = B->getTerminatorStmt();
  if (T && (isa<ForStmt>(T) || isa<WhileStmt>(T) || isa<DoStmt>(T) || isa<CXXForRangeStmt>(T)))
    return T;
  return nullptr;
}

const CFGBlock *FunctionState::headerOfLoopCondition(const CFGBlock *B) const {
  const Stmt *T = loopTerminator(B);
  if (!T)
    return nullptr;
  if (isa<DoStmt>(T)) {
    const CFGBlock *Body = B->succ_empty() ? nullptr : B->succ_begin()->getReachableBlock();
    return Body && IsLoopHeader[Body->getBlockID()] ? Body : nullptr;
  }
  return IsLoopHeader[B->getBlockID()] ? B : nullptr;
}

Uniformity FunctionState::controlClass(const CFGBlock *B) const {
  // getControlDependencies is already transitive (the iterated post-dominance frontier):
  // walking the dependencies of dependencies again is quadratic on long `else if` chains.
  Uniformity C = Uniformity::BlockUniform;
  for (CFGBlock *Dep : controlDeps().getControlDependencies(const_cast<CFGBlock *>(B)))
    C = join(C, CondClassNow[Dep->getBlockID()]);
  return C;
}

} // namespace divlint
