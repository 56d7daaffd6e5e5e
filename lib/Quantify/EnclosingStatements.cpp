//===- EnclosingStatements.cpp - what is around a branch -------------------===//
//
// A branch's cost depends on where it sits: the loops around it multiply how often it runs,
// the sides of lane-varying ifs around it run it for some warp evaluations only. Both are
// found through the parents of the function's body, or of a constructor's member initializers
// (built once per function: the ASTContext's parent map covers every device function of the
// unit and cost half of a flash-attention unit's analysis, for a few initializers).
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/CostModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace divlint {

const ParentMap *CostModel::bodyParents(const FunctionDecl *FD, const Stmt *S) {
  if (!FD || !FD->getBody())
    return nullptr;
  std::unique_ptr<ParentMap> &PM = BodyParents[FD];
  if (!PM)
    PM = std::make_unique<ParentMap>(FD->getBody());
  return PM->hasParent(S) ? PM.get() : nullptr;
}

const ParentMap *CostModel::initializerParents(const FunctionDecl *FD, const Stmt *S) {
  const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(FD);
  if (!Ctor)
    return nullptr;
  auto [It, New] = InitializerParents.try_emplace(FD);
  InitializerMap &Map = It->second;
  if (New)
    for (const CXXCtorInitializer *Init : Ctor->inits()) {
      Stmt *E = Init->getInit();
      if (!E || !Map.Roots.insert(E).second)
        continue;
      if (!Map.Parents)
        Map.Parents = std::make_unique<ParentMap>(E);
      else
        Map.Parents->addStmt(E);
    }
  if (!Map.Parents || !(Map.Roots.contains(S) || Map.Parents->hasParent(S)))
    return nullptr;
  return Map.Parents.get();
}

static void addSubtree(const Stmt *S, llvm::SmallPtrSet<const Stmt *, 8> &To) {
  if (!S || !To.insert(S).second)
    return;
  for (const Stmt *Child : S->children())
    addSubtree(Child, To);
}

static void addAssumptions(const Stmt *S, llvm::SmallPtrSet<const Stmt *, 8> &To) {
  if (!S)
    return;
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    for (const Attr *A : AS->getAttrs())
      if (const auto *Assume = dyn_cast<CXXAssumeAttr>(A))
        addSubtree(Assume->getAssumption(), To);
  for (const Stmt *Child : S->children())
    addAssumptions(Child, To);
}

bool CostModel::inAssumption(const FunctionDecl *FD, const Stmt *S) {
  if (!FD || !FD->getBody())
    return false;
  auto [It, New] = AssumptionNodes.try_emplace(FD);
  if (New)
    addAssumptions(FD->getBody(), It->second);
  return It->second.contains(S);
}

std::vector<const Stmt *> CostModel::enclosingLoops(const Stmt *S, const FunctionDecl *FD) {
  std::vector<const Stmt *> Loops;
  // A constructor's initializers: outside its body, but no reason to build the ASTContext's map.
  const ParentMap *PM = bodyParents(FD, S);
  if (!PM)
    PM = initializerParents(FD, S);
  if (PM) {
    for (const Stmt *P = PM->getParent(S); P && !isa<LambdaExpr>(P); P = PM->getParent(P))
      if (isLoop(P))
        Loops.push_back(P);
    return Loops;
  }
  if (inAssumption(FD, S))
    return Loops; // no parents in the ASTContext's map either
  DynTypedNodeList Parents = Ctx.getParents(*S);
  for (unsigned Guard = 0; Guard < 4096 && !Parents.empty(); ++Guard) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      break;
    if (const auto *St = P.get<Stmt>()) {
      if (isLoop(St))
        Loops.push_back(St);
    }
    Parents = Ctx.getParents(P);
  }
  return Loops;
}

EnclosingArms CostModel::enclosingArms(
    const FunctionDecl *FD, const Stmt *S,
    llvm::function_ref<const EnumerationResult *(const IfStmt *)> ResultOf) {
  EnclosingArms Around;
  const ParentMap *PM = FD ? bodyParents(FD, S) : nullptr;
  if (!PM)
    return Around;
  const Stmt *Child = S;
  for (const Stmt *P = PM->getParent(S); P && !isa<LambdaExpr>(P);
       Child = P, P = PM->getParent(P)) {
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || (Child != If->getThen() && Child != If->getElse()))
      continue;
    const EnumerationResult *E = ResultOf(If);
    if (!E || !E->Enumerated || E->Sampled || E->Class != Uniformity::LaneVarying)
      continue;
    double Evaluations = E->DivergentEvaluations + E->UniformEvaluations;
    if (Evaluations <= 0)
      continue;
    bool Then = Child == If->getThen();
    Around.AsRun *= (Then ? E->TruePasses : E->FalsePasses) / Evaluations;
    Around.Regrouped *= (Then ? E->RegroupedTruePasses : E->RegroupedFalsePasses) / Evaluations;
  }
  return Around;
}

} // namespace divlint
