#include "divlint/Confirm/ProbeRewriter.h"

#include "divlint/Confirm/ConstantContext.h"
#include "divlint/Confirm/LoopInstances.h"

#include "divlint/Quantify/CostModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace divlint::confirm {

std::string probeOpening(ProbeKind Kind, unsigned Id) {
  if (Kind == ProbeKind::Switch)
    return "::divlint_rt::sw<" + std::to_string(Id) + ">((";
  return "::divlint_rt::br<" + std::to_string(Id) + ">(static_cast<bool>((";
}

std::string probeClosing(ProbeKind Kind, const std::string &CaseTargets,
                         const std::string &Instance) {
  if (Kind != ProbeKind::Switch)
    return Instance.empty() ? ")))" : ")), " + Instance + ")";
  if (Instance.empty())
    return CaseTargets.empty() ? "))" : "), " + CaseTargets + ")";
  // Without case targets, the distinct values stand for them.
  return "), " + (CaseTargets.empty() ? "[](long long v) -> long long { return v; }" : CaseTargets) +
         ", " + Instance + ")";
}

namespace {

/// (file, offset, length) of a condition.
struct RangeKey {
  FileID FID;
  unsigned Offset = 0, Length = 0;
  bool operator<(const RangeKey &O) const {
    return std::tie(FID, Offset, Length) < std::tie(O.FID, O.Offset, O.Length);
  }
};

/// What the AST says about the expression at a condition's range.
struct ExprInfo {
  const Expr *E = nullptr; ///< the outermost expression with exactly that range
  const FunctionDecl *Function = nullptr;
  bool InConstexprFunction = false;
  bool IfConstexpr = false; ///< the condition of an `if constexpr`
};

/// Finds, for each wanted range, the expression that spans it.
class ExprIndex : public RecursiveASTVisitor<ExprIndex> {
  using Base = RecursiveASTVisitor<ExprIndex>;

public:
  ExprIndex(ASTContext &Ctx, const std::set<RangeKey> &Wanted) : Ctx(Ctx), Wanted(Wanted) {
    for (const RangeKey &K : Wanted)
      WantedFiles.insert(K.FID);
  }
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool R = Base::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return R;
  }
  bool VisitIfStmt(IfStmt *S) {
    if (S->isConstexpr() && S->getCond())
      if (auto K = key(S->getCond()))
        ConstexprConditions.insert(*K);
    return conditionVariable(S->getConditionVariable(), S->getCond());
  }
  bool VisitWhileStmt(WhileStmt *S) {
    return conditionVariable(S->getConditionVariable(), S->getCond());
  }
  bool VisitForStmt(ForStmt *S) {
    return conditionVariable(S->getConditionVariable(), S->getCond());
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    return conditionVariable(S->getConditionVariable(), S->getCond());
  }
  /// `if (T x = init)`: the condition is the variable itself and cannot be wrapped.
  bool conditionVariable(const VarDecl *Var, const Expr *Cond) {
    if (Var && Cond)
      if (auto K = key(Cond))
        VariableConditions.insert(*K);
    return true;
  }
  bool VisitExpr(Expr *E) {
    auto K = key(E);
    if (!K || !Wanted.count(*K) || Found.count(*K))
      return true;
    ExprInfo &I = Found[*K];
    I.E = E;
    if (!Functions.empty()) {
      I.Function = Functions.back();
      for (const FunctionDecl *FD : Functions)
        if (FD->isConstexprSpecified() || FD->isConsteval())
          I.InConstexprFunction = true;
    }
    return true;
  }

  std::map<RangeKey, ExprInfo> Found;
  std::set<RangeKey> ConstexprConditions, VariableConditions;

private:
  ASTContext &Ctx;
  const std::set<RangeKey> &Wanted;
  std::set<FileID> WantedFiles;
  std::vector<const FunctionDecl *> Functions;

  std::optional<RangeKey> key(const Expr *E) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation B = E->getBeginLoc();
    if (B.isInvalid() || !WantedFiles.count(SM.getFileID(SM.getExpansionLoc(B))))
      return std::nullopt;
    CharSourceRange CR = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
    if (CR.isInvalid())
      return std::nullopt;
    auto [FID, Begin] = SM.getDecomposedLoc(CR.getBegin());
    auto [EndFID, End] = SM.getDecomposedLoc(CR.getEnd());
    if (FID != EndFID || End < Begin)
      return std::nullopt;
    return RangeKey{FID, Begin, End - Begin};
  }
};

struct UserFile {
  FileID FID;
  std::string Path; ///< absolute, as the source manager opened it
};

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// Whether \p FID is the main file or reached from it by #include (not by `-include` on the
/// command line, like divlint's own compatibility header).
bool includedFromMain(const SourceManager &SM, FileID FID) {
  for (unsigned Depth = 0; Depth < 512; ++Depth) {
    if (FID == SM.getMainFileID())
      return true;
    SourceLocation Includer = SM.getIncludeLoc(FID);
    if (Includer.isInvalid())
      return false;
    FID = SM.getFileID(Includer);
    if (!SM.getFileEntryRefForID(FID))
      return false; // the predefines buffer: a command-line -include
  }
  return false;
}

/// Every file of the translation unit that is not a system header, a built-in buffer or a
/// command-line -include.
std::vector<UserFile> userFiles(const SourceManager &SM) {
  std::vector<UserFile> Files;
  std::set<std::string> Seen;
  auto Add = [&](FileID FID) {
    if (FID.isInvalid())
      return;
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    if (!FE || SM.isInSystemHeader(SM.getLocForStartOfFile(FID)) || !includedFromMain(SM, FID))
      return;
    llvm::StringRef Name = FE->getName();
    if (Name.starts_with("/divlint-builtin") || !llvm::sys::fs::exists(Name))
      return;
    std::string Path = absolute(Name);
    if (Seen.insert(Path).second)
      Files.push_back({FID, Path});
  };
  Add(SM.getMainFileID());
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
    Add(SM.translateFile(It->first));
  return Files;
}

std::string commonDirectory(const std::vector<UserFile> &Files) {
  std::string Root = llvm::sys::path::parent_path(Files.front().Path).str();
  for (const UserFile &F : Files) {
    llvm::StringRef Dir = llvm::sys::path::parent_path(F.Path);
    while (!Root.empty() && !(Dir == Root || Dir.starts_with(Root + "/")))
      Root = llvm::sys::path::parent_path(Root).str();
  }
  return Root.empty() ? "/" : Root;
}

/// The statement (or && / || / ?: expression) whose branch \p E decides: the terminator the
/// analysis and its cost model use (DESIGN.md §2).
const Stmt *branchTerminator(ASTContext &Ctx, const Expr *E) {
  const Stmt *Child = E;
  const Stmt *TopLogical = nullptr;
  DynTypedNodeList Parents = Ctx.getParents(*E);
  for (unsigned Depth = 0; Depth < 64 && !Parents.empty(); ++Depth) {
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      return TopLogical;
    if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isLogicalOp()) {
      // The left operand's block ends in this operator; the right one's in what encloses it.
      if (BO->getLHS()->IgnoreParenImpCasts() == cast<Expr>(Child)->IgnoreParenImpCasts())
        return BO;
      TopLogical = BO;
    } else if (const auto *If = dyn_cast<IfStmt>(P)) {
      return If->getCond() && If->getCond()->IgnoreParenImpCasts() ==
                                  cast<Expr>(Child)->IgnoreParenImpCasts()
                 ? P
                 : TopLogical;
    } else if (isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, AbstractConditionalOperator>(P)) {
      return P;
    } else if (!isa<ParenExpr, ImplicitCastExpr, ExprWithCleanups, UnaryOperator>(P) ||
               (isa<UnaryOperator>(P) && cast<UnaryOperator>(P)->getOpcode() != UO_LNot)) {
      return TopLogical; // a value context (e.g. `bool b = x && y;`)
    }
    Child = P;
    Parents = Ctx.getParents(*P);
  }
  return TopLogical;
}

/// Whether \p E false skips its branch's region and runs nothing instead (ProbeSite::
/// FalseSkipsRegion): \p E is the whole condition (not under a `!`) of an `if` without `else`,
/// or of a `for` / `while` loop.
bool falseSkipsRegion(ASTContext &Ctx, const Expr *E) {
  const Stmt *Terminator = branchTerminator(Ctx, E);
  auto IsWhole = [&](const Expr *Cond) {
    return Cond && Cond->IgnoreParenImpCasts() == E->IgnoreParenImpCasts();
  };
  if (const auto *If = dyn_cast_or_null<IfStmt>(Terminator))
    return !If->getElse() && IsWhole(If->getCond());
  if (const auto *For = dyn_cast_or_null<ForStmt>(Terminator))
    return IsWhole(For->getCond());
  if (const auto *While = dyn_cast_or_null<WhileStmt>(Terminator))
    return IsWhole(While->getCond());
  return false;
}

/// Arm costs from divlint's cost model, so that measured and predicted efficiencies use the same
/// weights; without a terminator, an empty false side (an `if` without `else`, a loop's exit)
/// costs 0 and everything else 1.
std::pair<double, double> armCosts(ASTContext &Ctx, const Expr *E, llvm::StringRef Construct) {
  if (const Stmt *Terminator = branchTerminator(Ctx, E)) {
    CostModel Model(Ctx);
    ArmCosts A = Model.arms(Terminator, E);
    if (A.True > 0 || A.False > 0)
      return {A.True, A.False};
  }
  if (Construct == "for" || Construct == "while" || Construct == "do")
    return {1, 0};
  return {1, 1};
}

/// For the switch whose condition is \p E: a lambda mapping a value to the index of the case
/// statement it reaches (stacked labels share one; no match is its own index), so the probe counts
/// the paths a warp takes rather than its distinct values. Empty when unknown (GNU case ranges).
std::string caseTargets(ASTContext &Ctx, const Expr *E) {
  const SwitchStmt *Switch = nullptr;
  DynTypedNodeList Parents = Ctx.getParents(*E);
  for (unsigned Depth = 0; Depth < 4 && !Parents.empty() && !Switch; ++Depth) {
    Switch = Parents[0].get<SwitchStmt>();
    if (!Switch && Parents[0].get<Expr>())
      Parents = Ctx.getParents(Parents[0]);
    else
      break;
  }
  if (!Switch)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  auto Labels = switchLabelTargets(Switch, SM);
  std::string Body;
  int Default = -1;
  unsigned Targets = Labels.empty() ? 0 : Labels.back().second + 1;
  for (auto [C, Target] : Labels) {
    if (isa<DefaultStmt>(C)) {
      Default = int(Target);
      continue;
    }
    const auto *Case = cast<CaseStmt>(C);
    if (Case->getRHS())
      return ""; // case LO ... HI
    std::string Value;
    const Expr *LHS = Case->getLHS();
    if (!LHS->isValueDependent()) {
      llvm::APSInt V = LHS->EvaluateKnownConstInt(Ctx);
      Value = V.isSigned() ? std::to_string(V.getExtValue()) + "LL"
                           : std::to_string(V.getZExtValue()) + "ULL";
    } else {
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(LHS->getSourceRange()), SM, Ctx.getLangOpts());
      if (R.isInvalid())
        return "";
      Value = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    }
    Body += "v == (long long)(" + Value + ") ? " + std::to_string(Target) + " : ";
  }
  Body += std::to_string(Default >= 0 ? unsigned(Default) : Targets);
  return "[](long long v) -> int { return " + Body + "; }";
}

/// Whether \p Fixes already holds \p Fix (the same rewrite found in another kernel's context).
bool hasFixIt(const std::vector<FixSuggestion> &Fixes, const FixSuggestion &Fix) {
  auto Same = [](const Replacement &A, const Replacement &B) {
    return A.File == B.File && A.Offset == B.Offset && A.Length == B.Length && A.Text == B.Text;
  };
  return std::any_of(Fixes.begin(), Fixes.end(), [&](const FixSuggestion &F) {
    return std::equal(F.Replacements.begin(), F.Replacements.end(), Fix.Replacements.begin(),
                      Fix.Replacements.end(), Same);
  });
}

std::string quoted(llvm::StringRef Path) {
  std::string Q = "\"";
  for (char C : Path) {
    if (C == '"' || C == '\\')
      Q += '\\';
    Q += C;
  }
  return Q + "\"";
}

} // namespace

InstrumentedSource instrumentTranslationUnit(ASTContext &Ctx,
                                             const std::vector<Finding> &Findings) {
  SourceManager &SM = Ctx.getSourceManager();
  InstrumentedSource Out;
  std::vector<UserFile> Files = userFiles(SM);
  if (Files.empty())
    return Out;
  Out.Root = commonDirectory(Files);
  auto RelPath = [&](const std::string &Path) {
    llvm::StringRef R(Path);
    R.consume_front(Out.Root);
    R.consume_front("/");
    return R.str();
  };
  Out.MainRelPath = RelPath(Files.front().Path);
  std::map<FileID, const UserFile *> ByFID;
  std::map<std::string, FileID> ByPath;
  for (const UserFile &F : Files) {
    ByFID[F.FID] = &F;
    ByPath[F.Path] = F.FID;
  }

  // Group the class findings by their exact range.
  std::map<RangeKey, std::vector<const Finding *>> Groups;
  for (const Finding &F : Findings) {
    if (F.TheRule != Rule::DivergentBranch && F.TheRule != Rule::UniformBranch)
      continue;
    auto Skip = [&](const std::string &Why) {
      Out.Skipped.push_back({F.File, F.Line, F.Column, F.ConditionText, Why});
    };
    if (F.Length == 0) {
      Skip("no exact source range (the condition comes from a macro)");
      continue;
    }
    auto It = ByPath.find(absolute(F.File));
    if (It == ByPath.end()) {
      Skip("not in a user file of this translation unit");
      continue;
    }
    Groups[{It->second, F.Offset, F.Length}].push_back(&F);
  }

  std::set<RangeKey> Wanted;
  for (auto &G : Groups)
    Wanted.insert(G.first);
  ExprIndex Index(Ctx, Wanted);
  Index.TraverseDecl(Ctx.getTranslationUnitDecl());

  Rewriter RW(SM, Ctx.getLangOpts());
  std::vector<std::pair<RangeKey, ProbeKind>> Accepted;
  std::vector<std::string> CaseMaps; // per accepted probe: the switch's case targets
  std::vector<const Expr *> Exprs;   // per accepted probe: its condition
  for (auto &[Key, Group] : Groups) {
    const Finding &F = *Group.front();
    auto Skip = [&](const std::string &Why) {
      Out.Skipped.push_back({F.File, F.Line, F.Column, F.ConditionText, Why});
    };
    auto Info = Index.Found.find(Key);
    if (Info == Index.Found.end()) {
      Skip("no expression spans exactly the condition's range");
      continue;
    }
    if (Info->second.InConstexprFunction) {
      Skip("inside a constexpr function (a probe is not a constant expression)");
      continue;
    }
    if (Index.VariableConditions.count(Key)) {
      Skip("a condition variable (`while (T x = ...)`): its declaration cannot be wrapped");
      continue;
    }
    if (Index.ConstexprConditions.count(Key)) {
      Skip("an `if constexpr` condition");
      continue;
    }
    if (auto Why = constantContext(Ctx, Info->second.E)) {
      Skip("in " + *Why + " (evaluated at compile time or never; a probe is not a constant "
           "expression)");
      continue;
    }
    ProbeKind Kind = F.Construct == "switch" ? ProbeKind::Switch : ProbeKind::Branch;
    if (Kind == ProbeKind::Switch &&
        !Info->second.E->IgnoreImplicit()->getType()->isIntegralOrEnumerationType()) {
      Skip("switch on a class type (converted implicitly)");
      continue;
    }
    ProbeSite P;
    P.Id = unsigned(Out.Probes.size());
    P.Kind = Kind;
    P.File = F.File;
    P.RelPath = RelPath(ByFID[Key.FID]->Path);
    P.Line = F.Line;
    P.Column = F.Column;
    P.EndLine = F.EndLine;
    P.EndColumn = F.EndColumn;
    P.Offset = F.Offset;
    P.Length = F.Length;
    P.Construct = F.Construct;
    P.Condition = F.ConditionText;
    P.Function = F.Function;
    for (const Finding *G : Group) {
      P.Predictions.push_back(predictionFromFinding(*G));
      for (const FixSuggestion &Fix : G->Fixes)
        if (!Fix.Replacements.empty() && !hasFixIt(P.FixIts, Fix))
          P.FixIts.push_back(Fix);
    }
    // The finding's own arm costs when it states them (the ones its prediction used).
    if (F.ArmCostTrue && F.ArmCostFalse) {
      std::tie(P.CostTrue, P.CostFalse) = std::make_pair(*F.ArmCostTrue, *F.ArmCostFalse);
      P.CostShared = F.ArmCostShared;
    } else
      std::tie(P.CostTrue, P.CostFalse) = armCosts(Ctx, Info->second.E, F.Construct);
    P.FalseSkipsRegion = Kind == ProbeKind::Branch && falseSkipsRegion(Ctx, Info->second.E);
    Out.Probes.push_back(std::move(P));
    Accepted.push_back({Key, Kind});
    CaseMaps.push_back(Kind == ProbeKind::Switch ? caseTargets(Ctx, Info->second.E) : "");
    Exprs.push_back(Info->second.E);
  }

  // Instance keys: the iteration counters of the loops around each probe (LoopInstances.h). The
  // loops' text goes in first: where a loop and a probe begin at one place, the loop's is outer.
  LoopInstances Loops(Ctx);
  std::vector<std::string> Keys;
  for (size_t I = 0; I < Accepted.size(); ++I) {
    Keys.push_back(Loops.keyFor(Exprs[I]));
    Out.Probes[I].InstanceLoops = unsigned(llvm::StringRef(Keys.back()).count("__divlint_it"));
  }
  Loops.insert(RW);

  // Openings: outer ranges first at a shared start; closings: inner ranges first at a shared end.
  std::vector<size_t> Order(Accepted.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const RangeKey &KA = Accepted[A].first, &KB = Accepted[B].first;
    return std::make_tuple(KA.FID, KA.Offset, ~KA.Length) <
           std::make_tuple(KB.FID, KB.Offset, ~KB.Length);
  });
  for (size_t I : Order) {
    auto [Key, Kind] = Accepted[I];
    RW.InsertTextAfter(SM.getComposedLoc(Key.FID, Key.Offset),
                       probeOpening(Kind, Out.Probes[I].Id));
  }
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const RangeKey &KA = Accepted[A].first, &KB = Accepted[B].first;
    return std::make_tuple(KA.FID, KA.Offset + KA.Length, ~KA.Offset) <
           std::make_tuple(KB.FID, KB.Offset + KB.Length, ~KB.Offset);
  });
  for (size_t I : Order) {
    auto [Key, Kind] = Accepted[I];
    RW.InsertTextAfter(SM.getComposedLoc(Key.FID, Key.Offset + Key.Length),
                       probeClosing(Kind, CaseMaps[I], Keys[I]));
  }

  for (const UserFile &F : Files) {
    MirroredFile M;
    M.OriginalPath = F.Path;
    M.RelPath = RelPath(F.Path);
    M.Original = SM.getBufferData(F.FID).str();
    if (const llvm::RewriteBuffer *B = RW.getRewriteBufferFor(F.FID)) {
      M.Rewritten = true;
      M.Text = "#include \"divlint_probe.cuh\"\n#line 1 " + quoted(F.Path) + "\n" +
               std::string(B->begin(), B->end());
    } else {
      M.Text = SM.getBufferData(F.FID).str();
      if (F.FID == SM.getMainFileID()) { // the main file always gets the probe runtime
        M.Rewritten = true;
        M.Text = "#include \"divlint_probe.cuh\"\n#line 1 " + quoted(F.Path) + "\n" + M.Text;
      }
    }
    Out.Files.push_back(std::move(M));
  }
  return Out;
}

} // namespace divlint::confirm
