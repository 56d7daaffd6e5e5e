#include "divlint/Report/WhyTrace.h"
#include "divlint/Support/WrittenText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <map>
#include <set>

using namespace clang;

namespace divlint {

namespace {

/// Locals of the function read by an expression.
std::vector<const VarDecl *> localsReadBy(const Stmt *S, const FunctionDecl *FD) {
  std::vector<const VarDecl *> Out;
  std::vector<const Stmt *> Work{S};
  while (!Work.empty()) {
    const Stmt *X = Work.back();
    Work.pop_back();
    if (!X)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage() && VD->getDeclContext() == FD &&
            std::find(Out.begin(), Out.end(), VD) == Out.end())
          Out.push_back(VD);
    for (const Stmt *Child : X->children())
      Work.push_back(Child);
  }
  return Out;
}

/// One place a local gets a value.
struct Definition {
  SourceLocation Loc;     ///< where to point (the declared name, or the assignment)
  const Stmt *Written;    ///< what to quote (the initializer, or the whole assignment)
  const Expr *Value;      ///< what it reads
  bool IsInitializer;
};

/// Every place a local gets a value: its initializer and the assignments to it.
class DefinitionFinder : public RecursiveASTVisitor<DefinitionFinder> {
public:
  std::map<const VarDecl *, std::vector<Definition>> Defs;

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && VD->hasLocalStorage())
      Defs[VD].push_back({VD->getLocation(), VD->getInit(), VD->getInit(), true});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      if (const VarDecl *VD = target(BO->getLHS()))
        Defs[VD].push_back({BO->getBeginLoc(), BO, BO->getRHS(), false});
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      if (const VarDecl *VD = target(UO->getSubExpr()))
        Defs[VD].push_back({UO->getBeginLoc(), UO, UO->getSubExpr(), false});
    return true;
  }

private:
  static const VarDecl *target(const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  }
};

} // namespace

struct WhyTracer::Definitions {
  std::map<const VarDecl *, std::vector<Definition>> Of;
};

WhyTracer::WhyTracer(ASTContext &Ctx) : Ctx(Ctx) {}
WhyTracer::~WhyTracer() = default;

std::vector<SourcePoint> WhyTracer::trace(const Expr *Condition, const FunctionDecl *FD,
                                          const SymRef &Value, Uniformity Class) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<SourcePoint> Points;
  std::set<std::pair<unsigned, unsigned>> Seen;
  auto Add = [&](SourceLocation Loc, std::string Text) {
    PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (PL.isInvalid() || !Seen.insert({PL.getLine(), PL.getColumn()}).second)
      return;
    Points.push_back({PL.getLine(), PL.getColumn(), std::move(Text)});
  };
  auto Text = [&](const Stmt *S) {
    return writtenText(S->getSourceRange(), SM, Ctx.getLangOpts(), 60);
  };

  // 1. Seeds: the leaves of the condition's value that are not block-uniform.
  std::vector<SourcePoint> Seeds;
  forEachLeaf(Value, [&](const SymExpr &Leaf) {
    bool Seed = Leaf.Kind == SymKind::ThreadIdx || Leaf.Kind == SymKind::IndVar ||
                (Leaf.Kind == SymKind::Opaque && Leaf.Class != Uniformity::BlockUniform);
    if (!Seed || Leaf.Label.empty())
      return;
    std::string What = Leaf.Kind == SymKind::IndVar
                           ? Leaf.Label + " is a loop induction variable"
                           : Leaf.Label + " is " + uniformityName(Leaf.Class).str();
    if (Leaf.Kind == SymKind::Opaque && Leaf.DataDependent && Leaf.Class == Uniformity::LaneVarying)
      What += " (data-dependent)";
    Seeds.push_back({Leaf.OriginLine, Leaf.OriginColumn, What});
  });
  for (SourcePoint &S : Seeds)
    if (S.Line && Seen.insert({S.Line, S.Column}).second)
      Points.push_back(S);

  // 2. The assignments that feed the locals the condition reads (the last one before the
  //    condition, and, for loop updates after it, the initial one too).
  if (FD && FD->hasBody() && Condition) {
    std::unique_ptr<Definitions> &Defs = Cache[FD];
    if (!Defs) {
      DefinitionFinder Finder;
      Finder.TraverseStmt(FD->getBody());
      Defs = std::make_unique<Definitions>();
      Defs->Of = std::move(Finder.Defs);
    }
    unsigned CondOffset = SM.getFileOffset(SM.getExpansionLoc(Condition->getBeginLoc()));
    std::vector<const VarDecl *> Work = localsReadBy(Condition, FD);
    std::set<const VarDecl *> Done;
    unsigned Steps = 0;
    while (!Work.empty() && Steps < MaxWhySteps) {
      const VarDecl *VD = Work.front();
      Work.erase(Work.begin());
      if (!Done.insert(VD).second)
        continue;
      const std::vector<Definition> &VarDefs = Defs->Of[VD];
      auto OffsetOf = [&](const Definition &D) {
        return SM.getFileOffset(SM.getExpansionLoc(D.Loc));
      };
      const Definition *Before = nullptr;
      for (const Definition &D : VarDefs)
        if (OffsetOf(D) <= CondOffset)
          Before = &D;
      std::vector<const Definition *> Chosen;
      if (Before)
        Chosen.push_back(Before);
      for (const Definition &D : VarDefs) // updates after the condition feed it through a loop
        if (&D != Before && OffsetOf(D) > CondOffset)
          Chosen.push_back(&D);
      for (const Definition *D : Chosen) {
        if (Steps++ >= MaxWhySteps)
          break;
        std::string T = D->IsInitializer ? VD->getNameAsString() + " = " + Text(D->Written)
                                         : Text(D->Written);
        Add(D->Loc, "'" + T + "' feeds '" + VD->getNameAsString() + "'");
        for (const VarDecl *Next : localsReadBy(D->Value, FD))
          Work.push_back(Next);
      }
    }
  }
  // Source order by line; on one line the seed (added first) comes before the assignment.
  std::stable_sort(Points.begin(), Points.end(),
                   [](const SourcePoint &A, const SourcePoint &B) { return A.Line < B.Line; });
  // 3. The condition itself closes the chain.
  if (Condition) {
    PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Condition->getBeginLoc()));
    if (PL.isValid())
      Points.push_back({PL.getLine(), PL.getColumn(),
                        "so '" + Text(Condition) + "' is " + uniformityName(Class).str()});
  }
  return Points;
}

} // namespace divlint
