#include "divlint/Confirm/LoopInstances.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <optional>

using namespace clang;

namespace divlint::confirm {

std::string loopCounterName(unsigned Index) { return "__divlint_it" + std::to_string(Index); }
std::string gotoCounterName(unsigned Index) { return "__divlint_itg" + std::to_string(Index); }

namespace {

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

/// Walks up from \p S to the declaration whose body holds it, calling \p Visit on each
/// statement on the way, and returns that declaration (a function, a local class's member).
/// nullptr at a lambda or block, whose body is a function of its own that cannot name the
/// enclosing function's locals, and past 256 levels.
const Decl *walkToFunction(ASTContext &Ctx, const Stmt &S,
                           llvm::function_ref<void(const Stmt *)> Visit) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  for (unsigned Depth = 0; Depth < 256 && !Parents.empty(); ++Depth) {
    DynTypedNode P = Parents[0];
    if (const auto *Parent = P.get<Stmt>()) {
      if (isa<LambdaExpr, BlockExpr>(Parent))
        return nullptr;
      Visit(Parent);
    } else if (const auto *D = P.get<Decl>(); D && !isa<VarDecl>(D)) {
      return D;
    }
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

/// The loops of \p E's function body that enclose it, outermost first (within a lambda: the
/// lambda's own).
std::vector<const Stmt *> enclosingLoops(ASTContext &Ctx, const Expr *E) {
  std::vector<const Stmt *> Loops;
  walkToFunction(Ctx, *E, [&](const Stmt *S) {
    if (isLoop(S))
      Loops.push_back(S);
  });
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

/// The function whose body holds \p E; none inside a lambda or block.
const FunctionDecl *functionOf(ASTContext &Ctx, const Expr *E) {
  return dyn_cast_or_null<FunctionDecl>(walkToFunction(Ctx, *E, [](const Stmt *) {}));
}

/// The gotos of a function body, not those of its lambdas or local classes.
void collectGotos(const Stmt *S, std::vector<const GotoStmt *> &Gotos) {
  if (!S || isa<LambdaExpr, BlockExpr>(S))
    return;
  if (const auto *G = dyn_cast<GotoStmt>(S))
    Gotos.push_back(G);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        collectGotos(VD->getInit(), Gotos);
    return;
  }
  for (const Stmt *Child : S->children())
    collectGotos(Child, Gotos);
}

/// The innermost for, while or do loop of its function that encloses \p S: nullptr where none
/// does; std::nullopt where that could not be told (a walk that ended without reaching the
/// function).
std::optional<const Stmt *> innermostLoop(ASTContext &Ctx, const Stmt *S) {
  const Stmt *Loop = nullptr;
  const Decl *D = walkToFunction(Ctx, *S, [&](const Stmt *P) {
    if (!Loop && isLoop(P))
      Loop = P;
  });
  if (!D)
    return std::nullopt;
  return Loop;
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

bool LoopInstances::GotoCycle::contains(SourceLocation At, const SourceManager &SM) const {
  return End.isValid() && !SM.isBeforeInTranslationUnit(At, Label->getBeginLoc()) &&
         SM.isBeforeInTranslationUnit(At, End);
}

LoopInstances::FunctionCycles *LoopInstances::cyclesAround(const Expr *E) {
  const FunctionDecl *FD = functionOf(Ctx, E);
  if (!FD)
    return nullptr;
  auto [It, New] = Functions.try_emplace(FD);
  FunctionCycles &FC = It->second;
  if (!New)
    return FC.Body ? &FC : nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || !Body->getLBracLoc().isFileID())
    return nullptr;
  FC.Body = Body;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const GotoStmt *> Gotos;
  collectGotos(Body, Gotos);
  for (const GotoStmt *G : Gotos) {
    const LabelStmt *L = G->getLabel() ? G->getLabel()->getStmt() : nullptr;
    if (!L || !L->getBeginLoc().isFileID() ||
        !SM.isBeforeInTranslationUnit(L->getBeginLoc(), G->getBeginLoc()))
      continue; // a jump forward
    auto C = llvm::find_if(FC.Cycles, [&](const GotoCycle &X) { return X.Label == L; });
    if (C == FC.Cycles.end()) {
      FC.Cycles.emplace_back();
      C = std::prev(FC.Cycles.end());
      C->Label = L;
    }
    std::optional<SourceLocation> End = endAfter(Ctx, G);
    if (!G->getBeginLoc().isFileID() || !End) {
      C->Rewritable = false; // a jump not counted: the counter would be wrong
      continue;
    }
    C->BackJumps.push_back({G->getBeginLoc(), *End});
    if (C->End.isInvalid() || SM.isBeforeInTranslationUnit(C->End, *End))
      C->End = *End;
  }
  llvm::sort(FC.Cycles, [&](const GotoCycle &A, const GotoCycle &B) {
    return SM.isBeforeInTranslationUnit(A.Label->getBeginLoc(), B.Label->getBeginLoc());
  });
  for (GotoCycle &C : FC.Cycles) {
    C.Countable = C.Rewritable && llvm::none_of(FC.Cycles, [&](const GotoCycle &Other) {
                    return Other.Label != C.Label && Other.contains(C.Label->getBeginLoc(), SM);
                  });
    // In a loop, the counter restarts with each of its iterations (a body in braces only).
    std::optional<const Stmt *> Loop = innermostLoop(Ctx, C.Label);
    if (!Loop) {
      C.Countable = false;
    } else if (*Loop) {
      const auto *Body = dyn_cast<CompoundStmt>(bodyOf(*Loop));
      if (Body && Body->getLBracLoc().isFileID())
        C.ResetAt = Body->getLBracLoc().getLocWithOffset(1);
      else
        C.Countable = false;
    }
  }
  return &FC;
}

std::string LoopInstances::keyFor(const Expr *E) {
  std::string Key;
  auto Add = [&](const std::string &Name) {
    Key = Key.empty() ? Name : "(" + Key + ") * 2654435761u + " + Name;
  };
  for (const Stmt *S : enclosingLoops(Ctx, E))
    if (const Loop *L = loop(S))
      Add(loopCounterName(L->Index));
  if (FunctionCycles *FC = cyclesAround(E)) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation At = SM.getExpansionLoc(E->getBeginLoc());
    for (GotoCycle &C : FC->Cycles) {
      if (!C.Countable || !C.contains(At, SM))
        continue;
      if (!C.Used) {
        C.Used = true;
        C.Index = GotoCounters++;
      }
      Add(gotoCounterName(C.Index));
    }
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
  // Goto cycles: the counters at the top of the function (before a loop's block that may start
  // there: the gotos after that loop name them too), and each backward jump counted.
  for (const auto &[FD, FC] : Functions) {
    std::string Declarations;
    for (const GotoCycle &C : FC.Cycles) {
      if (!C.Used)
        continue;
      std::string Name = gotoCounterName(C.Index);
      Declarations += " unsigned " + Name + " = 0;";
      if (C.ResetAt.isValid())
        RW.InsertTextAfter(C.ResetAt, " " + Name + " = 0;");
      for (const auto &[Begin, End] : C.BackJumps) {
        RW.InsertTextAfter(Begin, "{ ++" + Name + "; ");
        RW.InsertTextBefore(End, " }");
      }
    }
    if (!Declarations.empty())
      RW.InsertTextBefore(FC.Body->getLBracLoc().getLocWithOffset(1), Declarations);
  }
}

} // namespace divlint::confirm
