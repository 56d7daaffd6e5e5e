#include "divlint/Confirm/LoopInstances.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <optional>

using namespace clang;

namespace divlint::confirm {

std::string loopCounterName(unsigned Index) { return "__divlint_it" + std::to_string(Index); }

namespace {

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

/// The loops of \p E's function body that enclose it, outermost first. A lambda or block ends
/// the search: its body cannot name the enclosing function's locals.
std::vector<const Stmt *> enclosingLoops(ASTContext &Ctx, const Expr *E) {
  std::vector<const Stmt *> Loops;
  DynTypedNodeList Parents = Ctx.getParents(*E);
  for (unsigned Depth = 0; Depth < 256 && !Parents.empty(); ++Depth) {
    DynTypedNode P = Parents[0];
    if (const auto *S = P.get<Stmt>()) {
      if (isa<LambdaExpr, BlockExpr>(S))
        break;
      if (isLoop(S))
        Loops.push_back(S);
    } else if (const auto *D = P.get<Decl>(); D && !isa<VarDecl>(D)) {
      break; // the function (or a local class): no loop of ours further out
    }
    Parents = Ctx.getParents(P);
  }
  std::reverse(Loops.begin(), Loops.end());
  return Loops;
}

/// The location just past \p S, its closing `;` included; none inside macros.
std::optional<SourceLocation> endAfter(ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto AfterToken = [&](SourceLocation L) -> std::optional<SourceLocation> {
    if (L.isInvalid() || !L.isFileID())
      return std::nullopt;
    return Lexer::getLocForEndOfToken(L, 0, SM, LO);
  };
  auto AfterSemi = [&](SourceLocation L) -> std::optional<SourceLocation> {
    if (L.isInvalid() || !L.isFileID())
      return std::nullopt;
    SourceLocation After = Lexer::findLocationAfterToken(L, tok::semi, SM, LO, false);
    if (After.isInvalid())
      return std::nullopt;
    return After;
  };
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return AfterToken(C->getRBracLoc());
  if (const auto *N = dyn_cast<NullStmt>(S))
    return AfterToken(N->getSemiLoc());
  if (const auto *If = dyn_cast<IfStmt>(S))
    return endAfter(Ctx, If->getElse() ? If->getElse() : If->getThen());
  if (const auto *F = dyn_cast<ForStmt>(S))
    return endAfter(Ctx, F->getBody());
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return endAfter(Ctx, W->getBody());
  if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
    return endAfter(Ctx, R->getBody());
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return endAfter(Ctx, Sw->getBody());
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return endAfter(Ctx, L->getSubStmt());
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return endAfter(Ctx, A->getSubStmt());
  if (const auto *Sc = dyn_cast<SwitchCase>(S))
    return endAfter(Ctx, Sc->getSubStmt());
  if (const auto *D = dyn_cast<DoStmt>(S))
    return AfterSemi(D->getRParenLoc());
  if (const auto *D = dyn_cast<DeclStmt>(S))
    return AfterToken(D->getEndLoc()); // a DeclStmt ends at its `;`
  if (isa<CXXTryStmt>(S))
    return std::nullopt;
  return AfterSemi(S->getEndLoc()); // expression, return, break, continue, goto
}

/// Where text that must come before \p S goes, and the text to add after it there: before
/// the `#pragma` lines directly above \p S (a pragma must stay directly before its loop), with
/// a #line directive that restores the line numbers.
std::optional<std::pair<SourceLocation, std::string>> before(ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = S->getBeginLoc();
  if (B.isInvalid() || !B.isFileID())
    return std::nullopt;
  auto [FID, Offset] = SM.getDecomposedLoc(B);
  llvm::StringRef Buf = SM.getBufferData(FID);
  size_t LineStart = Buf.rfind('\n', Offset ? Offset - 1 : 0);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  if (!Buf.slice(LineStart, Offset).trim().empty())
    return std::make_pair(B, std::string()); // code before it on its line: no pragma between
  // Up over pragma lines, and over comment and blank lines between them and the statement.
  size_t Start = LineStart, Scan = LineStart;
  bool Pragma = false;
  while (Scan > 0) {
    size_t Prev = Buf.rfind('\n', Scan - 1 ? Scan - 2 : 0);
    Prev = (Prev == llvm::StringRef::npos || Scan < 2) ? 0 : Prev + 1;
    llvm::StringRef Line = Buf.slice(Prev, Scan).trim();
    Scan = Prev;
    if (Line.empty() || Line.starts_with("//"))
      continue;
    if (!Line.starts_with("#pragma") || Line.ends_with("\\"))
      break;
    Start = Prev;
    Pragma = true;
  }
  if (!Pragma)
    return std::make_pair(B, std::string());
  SourceLocation At = SM.getComposedLoc(FID, unsigned(Start));
  PresumedLoc PL = SM.getPresumedLoc(At);
  if (PL.isInvalid())
    return std::nullopt;
  llvm::SmallString<256> Path(PL.getFilename());
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, true);
  std::string Quoted;
  for (char C : Path) {
    if (C == '"' || C == '\\')
      Quoted += '\\';
    Quoted += C;
  }
  return std::make_pair(At, "\n#line " + std::to_string(PL.getLine()) + " \"" +
                                Quoted + "\"\n");
}

const Stmt *bodyOf(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getBody();
  return cast<CXXForRangeStmt>(S)->getBody();
}

} // namespace

const LoopInstances::Loop *LoopInstances::loop(const Stmt *S) {
  if (auto It = Loops.find(S); It != Loops.end())
    return &It->second;
  if (Unwrappable.count(S))
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = loopCounterName(unsigned(Loops.size()));
  Loop L;
  L.Index = unsigned(Loops.size());
  auto Start = before(Ctx, S);
  auto End = endAfter(Ctx, S);
  const Stmt *Body = bodyOf(S);
  std::optional<std::pair<SourceLocation, std::string>> BodyStart;
  std::optional<SourceLocation> BodyEnd;
  const auto *Compound = dyn_cast_or_null<CompoundStmt>(Body);
  if (Compound) {
    if (Compound->getLBracLoc().isFileID())
      BodyStart = std::make_pair(Compound->getLBracLoc().getLocWithOffset(1), std::string());
  } else if (Body) {
    BodyStart = before(Ctx, Body);
    BodyEnd = endAfter(Ctx, Body);
  }
  bool Ok = Start && End && BodyStart && (Compound || BodyEnd) &&
            SM.getFileID(Start->first) == SM.getFileID(*End) &&
            SM.getFileID(BodyStart->first) == SM.getFileID(Start->first);
  if (!Ok) {
    Unwrappable[S] = true;
    return nullptr;
  }
  L.Openings.push_back({Start->first, "{ unsigned " + Name + " = 0; " + Start->second});
  L.Openings.push_back({BodyStart->first, Compound ? " ++" + Name + ";"
                                                   : "{ ++" + Name + "; " + BodyStart->second});
  L.Closings.push_back({*End, " }"});
  if (!Compound)
    L.Closings.push_back({*BodyEnd, " }"});
  Order.push_back(S);
  return &Loops.emplace(S, std::move(L)).first->second;
}

std::string LoopInstances::keyFor(const Expr *E) {
  std::string Key;
  for (const Stmt *S : enclosingLoops(Ctx, E)) {
    const Loop *L = loop(S);
    if (!L)
      continue;
    std::string Name = loopCounterName(L->Index);
    Key = Key.empty() ? Name : "(" + Key + ") * 2654435761u + " + Name;
  }
  return Key;
}

void LoopInstances::insert(Rewriter &RW) const {
  const SourceManager &SM = Ctx.getSourceManager();
  // Outer loops first where several begin at one place (a loop whose body is a loop).
  std::vector<const Stmt *> Sorted = Order;
  std::stable_sort(Sorted.begin(), Sorted.end(), [&](const Stmt *A, const Stmt *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  for (const Stmt *S : Sorted)
    for (const Edit &E : Loops.at(S).Openings)
      RW.InsertTextAfter(E.Loc, E.Text);
  for (const Stmt *S : Sorted)
    for (const Edit &E : Loops.at(S).Closings)
      RW.InsertTextBefore(E.Loc, E.Text);
}

} // namespace divlint::confirm
