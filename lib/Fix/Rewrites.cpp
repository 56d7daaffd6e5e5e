#include "divlint/Fix/Rewrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace divlint {

namespace {

/// `x = e;` (possibly alone in braces) with x a local: returns the assignment.
const BinaryOperator *localAssignment(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    if (CS->size() != 1)
      return nullptr;
    S = CS->body_front();
  }
  const auto *BO = dyn_cast_or_null<BinaryOperator>(S);
  if (!BO || BO->getOpcode() != BO_Assign)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType())
    return nullptr;
  return BO;
}

const VarDecl *assignedVar(const BinaryOperator *BO) {
  return cast<VarDecl>(cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())->getDecl());
}

/// The character range of \p S including a `;` that ends it, if it is in one file.
std::optional<CharSourceRange> statementRange(const Stmt *S, const SourceManager &SM,
                                              const LangOptions &LO) {
  SourceLocation Begin = S->getBeginLoc(), End = S->getEndLoc();
  if (Begin.isMacroID() || End.isMacroID())
    return std::nullopt;
  SourceLocation AfterEnd = Lexer::getLocForEndOfToken(End, 0, SM, LO);
  // Statements that end in an expression leave their `;` outside their range.
  if (!isa<CompoundStmt>(S)) {
    std::optional<Token> Next = Lexer::findNextToken(End, SM, LO);
    if (Next && Next->is(tok::semi))
      AfterEnd = Next->getEndLoc();
  }
  if (SM.getFileID(Begin) != SM.getFileID(AfterEnd))
    return std::nullopt;
  return CharSourceRange::getCharRange(Begin, AfterEnd);
}

std::string text(const Stmt *S, const SourceManager &SM, const LangOptions &LO) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(S->getSourceRange()), SM, LO).str();
}

/// `if (c) x = a; else x = b;` -> `x = (c) ? (a) : (b);` for a local x and side-effect-free
/// a, b (a ?: evaluates only the chosen operand, exactly like the if).
std::optional<FixSuggestion> branchlessSelect(const Finding &F, const IfStmt *If,
                                              ASTContext &Ctx) {
  if (If->getInit() || If->getConditionVariable() || If->isConstexpr() || F.Construct != "if" ||
      !F.LikelyPredicated) // longer arms: `c ? heavy(x) : x` branches as much as the if
    return std::nullopt;
  const BinaryOperator *Then = localAssignment(If->getThen());
  const BinaryOperator *Else = If->getElse() ? localAssignment(If->getElse()) : nullptr;
  if (!Then || (If->getElse() && !Else))
    return std::nullopt;
  const VarDecl *X = assignedVar(Then);
  if (Else && assignedVar(Else) != X)
    return std::nullopt;
  // Loads may fault in theory (possible effects), but ?: evaluates only the chosen operand, as
  // the if did: only real side effects disqualify.
  auto Effects = [&](const Expr *E) { return E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false); };
  if (Effects(Then->getRHS()) || (Else && Effects(Else->getRHS())) || Effects(If->getCond()))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto Range = statementRange(If, SM, LO);
  if (!Range)
    return std::nullopt;
  std::string Name = X->getNameAsString();
  std::string Replacement = Name + " = (" + text(If->getCond(), SM, LO) + ") ? (" +
                            text(Then->getRHS(), SM, LO) + ") : (" +
                            (Else ? text(Else->getRHS(), SM, LO) : Name) + ");";
  // Advice, not a fix-it: nvcc already compiles short value-only arms to a select (as a fix-it it
  // measured 0.84x-1.02x on an H200, bench/README.md), so it pays only where the compiled code
  // still branches, which divlint cannot see from the source.
  FixSuggestion Fix;
  Fix.Description = "branchless select: '" + Replacement + "'" + SelectAdviceCaveat;
  return Fix;
}

bool readsLaneIndexModulo(const std::string &Condition) {
  return Condition.find('%') != std::string::npos || Condition.find('&') != std::string::npos;
}

} // namespace

std::vector<FixSuggestion> suggestRewrites(const Finding &F, const Stmt *Terminator,
                                           ASTContext &Ctx) {
  std::vector<FixSuggestion> Out;
  if (F.Class != Uniformity::LaneVarying || !Terminator)
    return Out;
  if (const auto *If = dyn_cast<IfStmt>(Terminator))
    if (auto Select = branchlessSelect(F, If, Ctx))
      Out.push_back(std::move(*Select));
  bool DataDependent = F.Ext == Extent::DataDependent;
  if (F.Ext == Extent::EveryWarp && readsLaneIndexModulo(F.ConditionText) &&
      (!F.TrueLanes || *F.TrueLanes > 1))
    Out.push_back({std::string(RemapAdvicePrefix) + "'" + F.ConditionText +
                       "' interleaves lanes, so every warp runs both sides; map the work so "
                       "that whole warps take one side (e.g. decide by warp, "
                       "'(threadIdx.x / warpSize) % 2', and index the data by lane)",
                   {}});
  if (DataDependent && F.LoopDepth > 0)
    Out.push_back({"ballot fast path: in this loop, test "
                   "'__all_sync(__activemask(), " + F.ConditionText +
                       ")' (or __any_sync) first so that warps whose lanes agree take a "
                       "uniform path",
                   {}});
  if (DataDependent)
    Out.push_back({"data-dependent: sort or bucket the input by this condition, or compact the "
                   "lanes that take it (__ballot_sync + __popc), so that lanes of a warp agree",
                   {}});
  // Worth hoisting when divergence costs time here (at worst, where data decides).
  double Slowdown = F.PredictedSlowdown ? *F.PredictedSlowdown
                    : F.SlowdownRange   ? F.SlowdownRange->second
                                        : 1;
  if (F.Ext != Extent::Tail && !F.LikelyPredicated && F.LoopDepth > 0 && Slowdown > 1.05) {
    Out.push_back({"hoist work that does not depend on '" + F.ConditionText +
                       "' out of the divergent region: both sides run one after the other "
                       "in every diverging warp",
                   {}});
  }
  return Out;
}

} // namespace divlint
