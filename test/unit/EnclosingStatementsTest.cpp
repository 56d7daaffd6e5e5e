// Where a branch sits, without the ASTContext's parent map (built over every device function of
// a unit, for a handful of conditions outside function bodies): a constructor's member
// initializers have their own parent map, and an [[assume]]'s expression has no parent, both
// as the ASTContext's map says.
#include "divlint/Quantify/CostModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace divlint;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

const char *Code = R"cpp(
  int heavy(int v) { return v * v * v + v / 7; }
  struct S {
    int v, w;
    S(int a, int b) : v(a > 0 && heavy(b) > 0 ? 1 : 2), w(b) {}
  };
  int f(int a, int b) {
    [[assume(a > 1 && b > 1)]];
    return a < b ? a : b;
  }
)cpp";

template <typename T> const T *node(ASTContext &Ctx, const char *Name, DeclarationMatcher Where) {
  auto Found = match(Where, Ctx);
  EXPECT_EQ(Found.size(), 1u) << Name;
  return Found.empty() ? nullptr : Found.front().getNodeAs<T>(Name);
}

} // namespace

TEST(EnclosingStatements, ConstructorInitializersHaveTheirOwnParents) {
  auto AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++23"});
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const auto *Ctor = node<CXXConstructorDecl>(Ctx, "c", cxxConstructorDecl(isDefinition()).bind("c"));
  const auto *Leaf = node<BinaryOperator>(
      Ctx, "leaf",
      cxxConstructorDecl(forEachConstructorInitializer(cxxCtorInitializer(withInitializer(
          forEachDescendant(binaryOperator(hasOperatorName(">"), hasLHS(ignoringImpCasts(
                                               declRefExpr(to(parmVarDecl(hasName("a")))))))
                                .bind("leaf")))))));
  ASSERT_TRUE(Ctor && Leaf);
  CostModel Costs(Ctx);
  EXPECT_EQ(Costs.bodyParents(Ctor, Leaf), nullptr) << "not in the body";
  const ParentMap *PM = Costs.initializerParents(Ctor, Leaf);
  ASSERT_NE(PM, nullptr);
  const auto *Chain = dyn_cast_or_null<BinaryOperator>(PM->getParent(Leaf));
  ASSERT_TRUE(Chain && Chain->getOpcode() == BO_LAnd);
  // The ASTContext's map says the same.
  DynTypedNodeList Parents = Ctx.getParents(*Leaf);
  ASSERT_EQ(Parents.size(), 1u);
  EXPECT_EQ(Parents[0].get<BinaryOperator>(), Chain);
  // An initializer's whole expression: in the map, without a parent statement.
  const Expr *Whole = (*Ctor->init_begin())->getInit();
  EXPECT_EQ(Costs.initializerParents(Ctor, Whole), PM);
  EXPECT_EQ(PM->getParent(Whole), nullptr);
  EXPECT_EQ(Ctx.getParents(*Whole)[0].get<Stmt>(), nullptr) << "its parent is the initializer";
  // Not a constructor, or not in its initializers: no map.
  const auto *F = node<FunctionDecl>(Ctx, "f", functionDecl(hasName("f"), isDefinition()).bind("f"));
  EXPECT_EQ(Costs.initializerParents(F, Leaf), nullptr);
  EXPECT_EQ(Costs.initializerParents(Ctor, F->getBody()), nullptr);
  // The cost of the branch's arms: the rest of the && chain runs on its true side, found through
  // the initializers' map as through the ASTContext's (no function given).
  const auto *Select = dyn_cast<ConditionalOperator>(Whole->IgnoreImplicit());
  ASSERT_NE(Select, nullptr);
  ArmCosts WithCtor = Costs.arms(Select, Leaf, Ctor);
  ArmCosts ThroughContext = CostModel(Ctx).arms(Select, Leaf, nullptr);
  EXPECT_GT(WithCtor.True, WithCtor.False) << "heavy(b) > 0 on the true side";
  EXPECT_DOUBLE_EQ(WithCtor.True, ThroughContext.True);
  EXPECT_DOUBLE_EQ(WithCtor.False, ThroughContext.False);
}

TEST(EnclosingStatements, AnAssumptionHasNoParents) {
  auto AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++23"});
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const auto *F = node<FunctionDecl>(Ctx, "f", functionDecl(hasName("f"), isDefinition()).bind("f"));
  ASSERT_NE(F, nullptr);
  const CXXAssumeAttr *Assume = nullptr;
  for (const Stmt *S : F->getBody()->children())
    if (const auto *AS = dyn_cast<AttributedStmt>(S))
      for (const Attr *A : AS->getAttrs())
        Assume = Assume ? Assume : dyn_cast<CXXAssumeAttr>(A);
  ASSERT_NE(Assume, nullptr);
  const auto *Chain = dyn_cast<BinaryOperator>(Assume->getAssumption()->IgnoreImplicit());
  ASSERT_TRUE(Chain && Chain->getOpcode() == BO_LAnd);
  const Expr *Leaf = Chain->getLHS();
  CostModel Costs(Ctx);
  EXPECT_TRUE(Costs.inAssumption(F, Leaf));
  EXPECT_TRUE(Costs.inAssumption(F, Chain));
  EXPECT_EQ(Costs.bodyParents(F, Leaf), nullptr) << "the body's map does not walk attributes";
  EXPECT_TRUE(Ctx.getParents(*Leaf).empty()) << "nor does the ASTContext's";
  const auto *Ret = dyn_cast<ReturnStmt>(cast<CompoundStmt>(F->getBody())->body_back());
  ASSERT_NE(Ret, nullptr);
  EXPECT_FALSE(Costs.inAssumption(F, Ret->getRetValue()));
}
