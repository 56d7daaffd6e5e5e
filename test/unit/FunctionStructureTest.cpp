// FunctionStructures: one CFG (and its trees) per function, shared by every calling context; an
// analysis that uses the shared structure finds what one that builds its own finds.
#include "divlint/Analysis/FunctionStructure.h"
#include "divlint/Pipeline/SourceAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace divlint;
using namespace clang::ast_matchers;

namespace {

const clang::FunctionDecl *function(clang::ASTContext &Ctx, llvm::StringRef Name) {
  auto Found = match(functionDecl(hasName(Name), isDefinition()).bind("f"), Ctx);
  return Found.empty() ? nullptr : Found.front().getNodeAs<clang::FunctionDecl>("f");
}

} // namespace

TEST(FunctionStructures, OnePerFunction) {
  auto AST = clang::tooling::buildASTFromCodeWithArgs(R"cpp(
    int f(int v) { if (v > 3) return 1; for (int i = 0; i < v; ++i) v += i; return v; }
    int g(int v) { return v ? 2 : 3; }
  )cpp", {"-std=c++17"});
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::FunctionDecl *F = function(Ctx, "f"), *G = function(Ctx, "g");
  ASSERT_TRUE(F && G);
  FunctionStructures Shared;
  const FunctionStructure &First = Shared.get(F, Ctx);
  EXPECT_EQ(&First, &Shared.get(F, Ctx)) << "built once, then reused";
  EXPECT_NE(&First, &Shared.get(G, Ctx));
  // The same CFG as a structure built on its own: same blocks, same trees.
  std::unique_ptr<FunctionStructure> Own = FunctionStructure::build(F, Ctx);
  ASSERT_TRUE(First.Cfg && Own->Cfg);
  EXPECT_EQ(First.Cfg->getNumBlockIDs(), Own->Cfg->getNumBlockIDs());
  EXPECT_GT(First.Cfg->getNumBlockIDs(), 4u) << "an if, a loop: more than entry, exit, body";
  // The trees are built on first use, once: the same object when asked again.
  EXPECT_EQ(&First.domTree(), &First.domTree());
  EXPECT_EQ(&First.postDomTree(), &First.postDomTree());
  EXPECT_EQ(&First.controlDeps(), &First.controlDeps());
  EXPECT_FALSE(First.Acyclic) << "f has a loop";
  EXPECT_TRUE(Shared.get(G, Ctx).Acyclic) << "g has none";
}

// A device function called in two contexts, one passing a uniform value, the other a lane id:
// the second context's analysis (on the structure the first built) still sees the lane-varying
// branch, whichever kernel comes first; and a branch on a uniform argument stays uniform.
TEST(FunctionStructures, ContextsSharingOneCfgKeepTheirOwnClasses) {
  for (bool VaryingFirst : {false, true}) {
    std::string Uniform = "__global__ void a(int *o, int n) { o[0] = pick(n); }\n";
    std::string Varying = "__global__ void b(int *o) { o[1] = pick(threadIdx.x); }\n";
    std::string Code = "__device__ int pick(int v) {\n"
                       "  if (v > 3) return 1;\n"
                       "  return 0;\n"
                       "}\n" +
                       (VaryingFirst ? Varying + Uniform : Uniform + Varying) +
                       "__device__ int twice(int v) {\n"
                       "  if (v > 3) return 2;\n"
                       "  return 0;\n"
                       "}\n"
                       "__global__ void c(int *o, int n) { o[2] = twice(n) + twice(n + 1); }\n";
    AnalysisOptions Opts;
    Opts.BlockDimOption = parseBlockShape("256");
    CudaFrontendOptions Front;
    Front.ForcePrelude = true;
    SourceAnalysisResult R = analyzeSource(Code, "input.cu", Opts, detectCuda(Front));
    ASSERT_TRUE(R.Parsed);
    const Finding *Pick = nullptr, *Twice = nullptr;
    for (const Finding &F : R.Findings) {
      if (F.TheRule != Rule::DivergentBranch && F.TheRule != Rule::UniformBranch)
        continue;
      if (F.Line == 2)
        Pick = &F;
      else if (F.Line == 8)
        Twice = &F;
    }
    ASSERT_NE(Pick, nullptr);
    EXPECT_EQ(Pick->Class, Uniformity::LaneVarying) << "varying first: " << VaryingFirst;
    EXPECT_EQ(Pick->Kernels, (std::vector<std::string>{"a", "b"}));
    ASSERT_NE(Twice, nullptr);
    EXPECT_EQ(Twice->Class, Uniformity::BlockUniform);
  }
}

// Integer constant expressions are evaluated once per unit: the same answer as clang's
// evaluator, each time it is asked; not a constant (a parameter) stays so.
TEST(FunctionStructures, ConstantsAreEvaluatedOncePerExpression) {
  auto AST = clang::tooling::buildASTFromCodeWithArgs(R"cpp(
    constexpr int width(int n) { return n * 4; }
    int f(int v) { return width(sizeof(short)) + v; }
  )cpp", {"-std=c++17"});
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  auto Sum = match(binaryOperator(hasOperatorName("+")).bind("sum"), Ctx);
  ASSERT_EQ(Sum.size(), 1u);
  const auto *Add = Sum.front().getNodeAs<clang::BinaryOperator>("sum");
  FunctionStructures Shared;
  std::optional<ConstantInt> Width = Shared.constantInt(Add->getLHS(), Ctx);
  ASSERT_TRUE(Width);
  EXPECT_EQ(Width->Value, 8);
  EXPECT_FALSE(Width->HasSideEffects);
  EXPECT_EQ(Shared.constantInt(Add->getLHS(), Ctx)->Value, 8) << "remembered";
  EXPECT_FALSE(Shared.constantInt(Add->getRHS(), Ctx)) << "a parameter is no constant";
  EXPECT_FALSE(Shared.constantInt(Add, Ctx));
}
