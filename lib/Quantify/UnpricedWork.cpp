//===- UnpricedWork.cpp - naming the work the cost model assumed -----------===//
//
// Where the code does not say what work costs (a loop of unknown trip count, a call with no
// body divlint can see, recursion), cost() assumes a price. unpricedWork() lists those
// assumptions, through the calls it prices, as sentences the findings show ("16 trips of the
// loop at line 17 ('k < n')"); the prediction makes its numbers ranges over them.
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/CostModel.h"

#include "CostModelInternal.h"
#include "divlint/Analysis/IntrinsicTable.h"
#include "divlint/Support/WrittenText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace divlint {

using namespace costmodel;

namespace {
const Expr *loopCondition(const Stmt *Loop) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return For->getCond();
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return While->getCond();
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return Do->getCond();
  return nullptr;
}
} // namespace

std::string CostModel::siteName(const Stmt *S, const FunctionDecl *In) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = "line " + std::to_string(SM.getExpansionLineNumber(S->getBeginLoc()));
  if (In)
    Name += " in '" + In->getNameAsString() + "'";
  return Name;
}

std::string CostModel::assumedTripsSite(const Stmt *Loop, const FunctionDecl *Named) const {
  std::string Cond;
  if (const Expr *C = loopCondition(Loop)) {
    Cond = writtenText(C->getSourceRange(), Ctx.getSourceManager(), Ctx.getLangOpts(), 40);
  }
  return std::to_string(static_cast<int>(DefaultTripCount)) + " trips of the loop at " +
         siteName(Loop, Named) + (Cond.empty() ? "" : " ('" + Cond + "')");
}

unsigned CostModel::siteId(std::string Name) {
  auto [It, New] = SiteIds.try_emplace(Name, SiteNames.size());
  if (New)
    SiteNames.push_back(std::move(Name));
  return It->second;
}

namespace {
void sortUnique(std::vector<unsigned> &Ids) {
  llvm::sort(Ids);
  Ids.erase(std::unique(Ids.begin(), Ids.end()), Ids.end());
}
} // namespace

std::vector<std::string> CostModel::unpricedWork(const Stmt *S, const FunctionDecl *In) {
  auto Memo = UnpricedSites.find(S);
  if (Memo != UnpricedSites.end())
    return Memo->second;
  std::vector<unsigned> Ids;
  std::vector<const FunctionDecl *> Stack;
  collectUnpriced(S, In, /*Callee=*/false, Ids, Stack);
  sortUnique(Ids);
  std::vector<std::string> Sites;
  Sites.reserve(Ids.size());
  for (unsigned Id : Ids)
    Sites.push_back(SiteNames[Id]);
  llvm::sort(Sites);
  UnpricedSites[S] = Sites;
  return Sites;
}

void CostModel::collectUnpriced(const Stmt *S, const FunctionDecl *In, bool Callee,
                                std::vector<unsigned> &Sites,
                                std::vector<const FunctionDecl *> &Stack) {
  if (!S)
    return;
  const FunctionDecl *Named = Callee ? In : nullptr; // name the function below the top
  if (const LambdaExpr *Lambda = lambdaWritten(S)) {
    for (const Expr *Init : Lambda->capture_inits())
      collectUnpriced(Init, In, Callee, Sites, Stack);
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    if (auto Known = constantCondition(If->getCond(), Ctx, If->isConstexpr())) {
      collectUnpriced(*Known ? If->getThen() : If->getElse(), In, Callee, Sites, Stack);
      return;
    }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S))
    if (auto Known = constantCondition(CO->getCond(), Ctx)) {
      collectUnpriced(*Known ? CO->getTrueExpr() : CO->getFalseExpr(), In, Callee, Sites, Stack);
      return;
    }
  if (isLoop(S) && !tripCount(S))
    Sites.push_back(siteId(assumedTripsSite(S, Named)));
  // The calls themselves (opaqueCall looks through the parentheses and implicit casts around
  // one, which the walk reaches next).
  if (isa<CallExpr>(S) || isa<CXXNewExpr>(S) || isa<CXXDeleteExpr>(S)) {
    const auto *E = cast<Expr>(S);
    if (std::optional<std::string> What = opaqueCall(E)) {
      Sites.push_back(siteId(std::to_string(static_cast<int>(UnknownCallCost)) + " units for " +
                             *What + " at " + siteName(S, Named)));
    } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Def = CE->getDirectCallee() ? CE->getDirectCallee()->getDefinition()
                                                      : nullptr;
      if (Def && Def->hasBody() && !isBuiltinVariableRead(Def) &&
          !(Def->getIdentifier() && lookupIntrinsic(Def->getName()))) {
        bool Recursive = std::find(Stack.begin(), Stack.end(), Def) != Stack.end();
        if (Recursive || Stack.size() >= MaxCallDepth) {
          Sites.push_back(siteId(std::to_string(static_cast<int>(UnknownCallCost)) +
                                 " units for '" + Def->getNameAsString() + "' at " +
                                 siteName(S, Named) +
                                 (Recursive ? std::string(" (recursion)")
                                            : " (calls nested deeper than " +
                                                  std::to_string(MaxCallDepth) + ")")));
        } else {
          // Each function's sites once (a call tree may reach a function many times).
          auto Memo = CalleeUnpriced.find(Def);
          if (Memo == CalleeUnpriced.end()) {
            std::vector<unsigned> Inside;
            Stack.push_back(Def);
            collectUnpriced(Def->getBody(), Def, /*Callee=*/true, Inside, Stack);
            Stack.pop_back();
            sortUnique(Inside);
            Memo = CalleeUnpriced.try_emplace(Def, std::move(Inside)).first;
          }
          Sites.insert(Sites.end(), Memo->second.begin(), Memo->second.end());
        }
      }
    }
  }
  for (const Stmt *Child : S->children())
    collectUnpriced(Child, In, Callee, Sites, Stack);
}

} // namespace divlint
