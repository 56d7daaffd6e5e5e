// ControlDependences answers what clang::ControlDependencyCalculator answers, block for block
// and in the same order (guards, loop nests and barrier checks read the list in order), on
// hand-written control flow and on random programs.
#include "divlint/Analysis/ControlDependences.h"
#include "divlint/Analysis/FunctionStructure.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>
#include <random>
#include <string>

using namespace divlint;
using namespace clang::ast_matchers;

namespace {

/// Every function defined in \p Code, each block's dependences compared with clang's; returns
/// how many blocks had at least one dependence (so a test can tell it compared something).
unsigned compareAll(const std::string &Code) {
  auto AST = clang::tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17", "-w"});
  EXPECT_TRUE(AST);
  if (!AST)
    return 0;
  clang::ASTContext &Ctx = AST->getASTContext();
  unsigned WithDependences = 0;
  for (const BoundNodes &Found : match(functionDecl(isDefinition()).bind("f"), Ctx)) {
    const auto *F = Found.getNodeAs<clang::FunctionDecl>("f");
    std::unique_ptr<FunctionStructure> S = FunctionStructure::build(F, Ctx);
    if (!S->Cfg)
      continue;
    clang::ControlDependencyCalculator Clang(S->Cfg);
    for (clang::CFGBlock *B : *S->Cfg) {
      auto Expected = Clang.getControlDependencies(B);
      auto Got = S->controlDeps().getControlDependencies(B);
      std::vector<unsigned> E, G;
      for (clang::CFGBlock *D : Expected)
        E.push_back(D->getBlockID());
      for (clang::CFGBlock *D : Got)
        G.push_back(D->getBlockID());
      EXPECT_EQ(E, G) << "block B" << B->getBlockID() << " of " << F->getNameAsString();
      WithDependences += !E.empty();
    }
  }
  return WithDependences;
}

/// A random function body: nested ifs, loops of each kind, switches, break, continue, return,
/// goto and an endless loop, over one variable so that nothing folds.
class RandomBody {
public:
  explicit RandomBody(unsigned Seed) : Rng(Seed) {}

  std::string function(unsigned Index) {
    Labels = 0;
    std::string Body = block(0, false, false);
    std::string Out = "int f" + std::to_string(Index) + "(int v) {\n";
    for (unsigned L = 0; L < Labels; ++L)
      Out += "  if (v == " + std::to_string(L) + ") goto L" + std::to_string(L) + ";\n";
    Out += Body;
    for (unsigned L = 0; L < Labels; ++L)
      Out += "L" + std::to_string(L) + ": v += " + std::to_string(L) + ";\n";
    return Out + "  return v;\n}\n";
  }

private:
  std::mt19937 Rng;
  unsigned Labels = 0;

  unsigned pick(unsigned N) { return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng); }

  std::string cond() {
    static const char *Conds[] = {"v > 3", "v & 1", "v < 100", "v != 7", "v % 3 == 0"};
    return Conds[pick(5)];
  }

  std::string block(unsigned Depth, bool InLoop, bool InSwitch) {
    std::string Out;
    unsigned N = 1 + pick(3);
    for (unsigned I = 0; I < N; ++I)
      Out += statement(Depth, InLoop, InSwitch);
    return Out;
  }

  std::string statement(unsigned Depth, bool InLoop, bool InSwitch) {
    unsigned Kinds = Depth >= 4 ? 1 : 9;
    switch (pick(Kinds)) {
    case 0: return "  v = v * 3 + 1;\n";
    case 1: return "  if (" + cond() + ") {\n" + block(Depth + 1, InLoop, InSwitch) + "  }\n";
    case 2:
      return "  if (" + cond() + ") {\n" + block(Depth + 1, InLoop, InSwitch) + "  } else {\n" +
             block(Depth + 1, InLoop, InSwitch) + "  }\n";
    case 3:
      return "  for (int i = 0; i < v; ++i) {\n" + block(Depth + 1, true, false) + "  }\n";
    case 4: return "  while (" + cond() + ") {\n" + block(Depth + 1, true, false) + "  v--; }\n";
    case 5: return "  do {\n" + block(Depth + 1, true, false) + "  } while (" + cond() + ");\n";
    case 6:
      return "  switch (v & 3) {\n  case 0:\n" + block(Depth + 1, InLoop, true) +
             "  case 1:\n" + block(Depth + 1, InLoop, true) + "    break;\n  default:\n" +
             block(Depth + 1, InLoop, true) + "  }\n";
    case 7: {
      // Leave early: break or continue inside loops and switches, return or goto anywhere.
      unsigned Way = pick(InLoop ? 4 : InSwitch ? 3 : 2);
      std::string Exit = Way == 0   ? "return v;"
                         : Way == 1 ? "goto L" + std::to_string(Labels++) + ";"
                         : Way == 2 ? "break;"
                                    : "continue;";
      return "  if (" + cond() + ") " + Exit + "\n";
    }
    default: return "  while (1) { if (" + cond() + ") break; v++; }\n  for (;;) v++;\n";
    }
  }
};

} // namespace

TEST(ControlDependences, AsClangListsThemOnHandWrittenFlow) {
  unsigned Compared = compareAll(R"cpp(
    int nested(int v) { if (v > 1) { if (v > 2) v++; else v--; } return v; }
    int loop(int v) { for (int i = 0; i < v; ++i) { if (i == 3) break; if (i & 1) continue; v += i; } return v; }
    int chain(int v) { if (v == 1) return 1; else if (v == 2) return 2; else if (v == 3) return 3; return 0; }
    int sw(int v) { switch (v) { case 0: v++; case 1: v += 2; break; default: return 9; } return v; }
    int endless(int v) { while (v > 0) { v--; } for (;;) { if (v == 3) v = 1; } }
    int jumps(int v) { if (v) goto out; v *= 2; out: return v; }
    int straight(int v) { v++; v *= 2; if (v) v--; v++; v += 3; if (v > 9) v = 0; return v; }
  )cpp");
  EXPECT_GT(Compared, 10u);
}

TEST(ControlDependences, AsClangListsThemOnRandomPrograms) {
  unsigned Compared = 0;
  for (unsigned Seed = 1; Seed <= 20; ++Seed) {
    RandomBody Gen(Seed);
    std::string Code;
    for (unsigned I = 0; I < 10; ++I)
      Code += Gen.function(I);
    Compared += compareAll(Code);
  }
  EXPECT_GT(Compared, 500u);
}

// A block whose post-dominator subtree is the whole function (the exit) and a block nested
// four deep: the dependences of the second come innermost first, as clang lists them.
TEST(ControlDependences, InnermostConditionFirst) {
  auto AST = clang::tooling::buildASTFromCodeWithArgs(R"cpp(
    int f(int v) { if (v > 1) { if (v > 2) { if (v > 3) { if (v > 4) v = 7; } } } return v; }
  )cpp", {"-std=c++17"});
  ASSERT_TRUE(AST);
  clang::ASTContext &Ctx = AST->getASTContext();
  auto Found = match(functionDecl(hasName("f"), isDefinition()).bind("f"), Ctx);
  ASSERT_EQ(Found.size(), 1u);
  auto S = FunctionStructure::build(Found.front().getNodeAs<clang::FunctionDecl>("f"), Ctx);
  ASSERT_TRUE(S->Cfg);
  const clang::CFGBlock *Assign = nullptr;
  for (const clang::CFGBlock *B : *S->Cfg)
    for (const clang::CFGElement &E : *B)
      if (auto St = E.getAs<clang::CFGStmt>())
        if (const auto *Op = llvm::dyn_cast<clang::BinaryOperator>(St->getStmt()))
          if (Op->getOpcode() == clang::BO_Assign)
            Assign = B;
  ASSERT_TRUE(Assign);
  std::vector<std::string> Conds;
  for (const clang::CFGBlock *D : S->controlDeps().getControlDependencies(Assign)) {
    const auto *Cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
        llvm::dyn_cast_or_null<clang::Expr>(D->getTerminatorCondition()));
    ASSERT_TRUE(Cond);
    Conds.push_back(std::to_string(
        llvm::cast<clang::IntegerLiteral>(Cond->getRHS()->IgnoreImpCasts())->getValue().getZExtValue()));
  }
  EXPECT_EQ(Conds, (std::vector<std::string>{"4", "3", "2", "1"}));
  EXPECT_TRUE(S->controlDeps().getControlDependencies(&S->Cfg->getExit()).empty());
}
