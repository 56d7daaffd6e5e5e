// Partial block shapes (`dim3 block(32, nwarps)`): what a launch fixes, and the concrete
// candidates that stand for every shape it allows. The candidates' promise (CoversLayouts) is
// checked by brute force: every allowed shape embeds, warp by warp, into some candidate.
#include "divlint/Quantify/BlockShape.h"
#include "divlint/Quantify/LaunchShapes.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>
#include <algorithm>
#include <map>
#include <set>

using namespace divlint;

namespace {

PartialBlockShape partial(std::optional<unsigned> X, std::optional<unsigned> Y,
                          std::optional<unsigned> Z) {
  PartialBlockShape P;
  P.Dims[0] = X, P.Dims[1] = Y, P.Dims[2] = Z;
  return P;
}

/// Every warp of \p S lies inside one warp of \p C, and C has all of S's threads.
bool embeds(const BlockShape &S, const BlockShape &C) {
  if (S.X > C.X || S.Y > C.Y || S.Z > C.Z)
    return false;
  std::map<unsigned, unsigned> WarpInC; // warp of S -> warp of C
  for (unsigned Z = 0; Z < S.Z; ++Z)
    for (unsigned Y = 0; Y < S.Y; ++Y)
      for (unsigned X = 0; X < S.X; ++X) {
        unsigned InS = (X + Y * S.X + Z * S.X * S.Y) / 32;
        unsigned InC = (X + Y * C.X + Z * C.X * C.Y) / 32;
        auto [It, New] = WarpInC.try_emplace(InS, InC);
        if (!New && It->second != InC)
          return false;
      }
  return true;
}

std::vector<BlockShape> allowed(const PartialBlockShape &P) {
  std::vector<BlockShape> Out;
  for (unsigned X = 1; X <= 1024; ++X)
    for (unsigned Y = 1; X * Y <= 1024; ++Y)
      for (unsigned Z = 1; X * Y * Z <= 1024; ++Z)
        if (P.Dims[0].value_or(X) == X && P.Dims[1].value_or(Y) == Y && P.Dims[2].value_or(Z) == Z) {
          BlockShape S;
          S.X = X, S.Y = Y, S.Z = Z;
          Out.push_back(S);
        }
  return Out;
}

std::vector<std::string> names(const ShapeCandidates &C) {
  std::vector<std::string> N;
  for (const BlockShape &S : C.Shapes)
    N.push_back(S.str());
  return N;
}

TEST(PartialBlockShape, Text) {
  EXPECT_EQ(partial(32, std::nullopt, 1).str(), "32x?x1");
  EXPECT_EQ(partial(32, std::nullopt, 1).knownThreads(), 32u);
  EXPECT_EQ(partial(4, 8, 2).shape()->str(), "4x8x2");
  EXPECT_FALSE(partial(4, 8, std::nullopt).shape());
}

TEST(PartialBlockShape, WarpUniformIndices) {
  // dim3 block(WARP_SIZE, nwarps): rows of 32, so threadIdx.y is warp-uniform.
  EXPECT_TRUE(partial(32, std::nullopt, 1).indexIsWarpUniform(1));
  EXPECT_TRUE(partial(32, std::nullopt, 1).indexIsWarpUniform(2));
  EXPECT_FALSE(partial(32, std::nullopt, 1).indexIsWarpUniform(0));
  // dim3 b = {4, 8, n}: slices of 32 threads, so threadIdx.z is; y is not.
  EXPECT_TRUE(partial(4, 8, std::nullopt).indexIsWarpUniform(2));
  EXPECT_FALSE(partial(4, 8, std::nullopt).indexIsWarpUniform(1));
  // x unknown: nothing beyond what is 1.
  EXPECT_FALSE(partial(std::nullopt, 4, 1).indexIsWarpUniform(1));
  EXPECT_TRUE(partial(std::nullopt, 4, 1).indexIsWarpUniform(2));
  EXPECT_FALSE(partial(16, std::nullopt, 1).indexIsWarpUniform(1));
}

TEST(CandidateShapes, RowsOfAWarp) {
  ShapeCandidates C = candidateShapes(partial(32, std::nullopt, 1));
  EXPECT_TRUE(C.CoversLayouts);
  EXPECT_FALSE(C.Exhaustive);
  EXPECT_EQ(names(C), (std::vector<std::string>{"32x32x1", "32x1x1", "32x2x1", "32x3x1"}));
}

TEST(CandidateShapes, SlicesOfAWarp) {
  ShapeCandidates C = candidateShapes(partial(4, 8, std::nullopt));
  EXPECT_TRUE(C.CoversLayouts);
  EXPECT_EQ(names(C), (std::vector<std::string>{"4x8x32", "4x8x1", "4x8x2", "4x8x3"}));
}

TEST(CandidateShapes, OneDimensionalLaunchOfUnknownSize) {
  ShapeCandidates C = candidateShapes(partial(std::nullopt, 1, 1));
  EXPECT_TRUE(C.CoversLayouts);
  EXPECT_EQ(C.Shapes.front().str(), "1024x1x1");
}

TEST(CandidateShapes, LayoutThatDependsOnTheUnknownValueIsListed) {
  // 16-wide rows, y unknown, z = 2: where a warp wraps into the next slice depends on y.
  ShapeCandidates C = candidateShapes(partial(16, std::nullopt, 2));
  EXPECT_TRUE(C.CoversLayouts);
  EXPECT_TRUE(C.Exhaustive);
  EXPECT_EQ(C.Shapes.size(), 32u); // y = 1..32
}

TEST(CandidateShapes, NothingKnownIsOnlyASample) {
  ShapeCandidates C = candidateShapes(partial(std::nullopt, std::nullopt, std::nullopt));
  EXPECT_FALSE(C.CoversLayouts);
  EXPECT_FALSE(C.Exhaustive);
  EXPECT_FALSE(C.Shapes.empty());
  EXPECT_LE(C.Shapes.size(), 80u);
}

TEST(CandidateShapes, ASampleHoldsEveryWarpOfTheKnownRows) {
  // 40x?x?: too many layouts to list, so a sample, marked so (the proof leaves y and z open).
  // A lane's x is its linear id mod 40 in every allowed shape: the 40x25x1 candidate must hold
  // every warp's set of x values of every allowed shape, so that conditions on x alone are
  // decided exactly (40x4x1's warp 1 holds x = 32..39 and 0..23).
  ShapeCandidates C = candidateShapes(partial(40, std::nullopt, std::nullopt));
  EXPECT_FALSE(C.CoversLayouts);
  ASSERT_FALSE(C.Shapes.empty());
  for (const BlockShape &S : C.Shapes) {
    EXPECT_TRUE(S.Sampled) << S.str();
    EXPECT_EQ(S.FixedDims, 1u) << S.str();
  }
  auto Rows = std::find_if(C.Shapes.begin(), C.Shapes.end(), [](const BlockShape &S) {
    return S.X == 40 && S.Y == 25 && S.Z == 1;
  });
  ASSERT_NE(Rows, C.Shapes.end()) << ::testing::PrintToString(names(C));
  auto XsOfWarp = [](unsigned Threads, unsigned W) {
    std::set<unsigned> Xs;
    for (unsigned L = W * 32; L < std::min(Threads, W * 32 + 32); ++L)
      Xs.insert(L % 40);
    return Xs;
  };
  for (const BlockShape &S : allowed(partial(40, std::nullopt, std::nullopt)))
    for (unsigned W = 0; W * 32 < S.threads(); ++W) {
      std::set<unsigned> InS = XsOfWarp(S.threads(), W), InRows = XsOfWarp(Rows->threads(), W);
      EXPECT_TRUE(std::includes(InRows.begin(), InRows.end(), InS.begin(), InS.end()))
          << S.str() << " warp " << W;
    }
  // A launch that covers its layouts is no sample.
  for (const BlockShape &S : candidateShapes(partial(32, std::nullopt, 1)).Shapes)
    EXPECT_FALSE(S.Sampled) << S.str();
}

TEST(CandidateShapes, TheLargestShapesAreThoseNoOtherContains) {
  // 32 x ? x ?: the staircase of y * z <= 32, found by a sorted sweep (BlockShape.cpp's
  // maximal); a comparison of every pair of allowed shapes gives the same list, in order.
  PartialBlockShape P = partial(32, std::nullopt, std::nullopt);
  std::vector<BlockShape> All = allowed(P), Largest;
  for (const BlockShape &S : All)
    if (std::none_of(All.begin(), All.end(), [&](const BlockShape &T) {
          return S.X <= T.X && S.Y <= T.Y && S.Z <= T.Z && !(S == T);
        }))
      Largest.push_back(S);
  ASSERT_EQ(Largest.size(), 10u); // z = 32, 16, 10, 8, 6, 5, 4, 3, 2, 1
  ShapeCandidates C = candidateShapes(P);
  ASSERT_GE(C.Shapes.size(), Largest.size());
  for (size_t I = 0; I < Largest.size(); ++I)
    EXPECT_EQ(C.Shapes[I].str(), Largest[I].str());
}

TEST(CandidateShapes, SeveralLaunches) {
  // <<<g, 256>>> and <<<g, dim3(32, nwarps)>>>: 256x1x1 once, then the partial one's.
  ShapeCandidates C = candidateShapes({partial(256, 1, 1), partial(32, std::nullopt, 1),
                                       partial(256, 1, 1)});
  EXPECT_TRUE(C.CoversLayouts);
  EXPECT_FALSE(C.Exhaustive);
  EXPECT_EQ(names(C),
            (std::vector<std::string>{"256x1x1", "32x32x1", "32x1x1", "32x2x1", "32x3x1"}));
  EXPECT_FALSE(candidateShapes({partial(std::nullopt, 2, 1)}).CoversLayouts);
}

TEST(CandidateShapes, CoversLayoutsIsTrue) {
  // Brute force over every allowed shape: the promise holds wherever it is made.
  std::vector<PartialBlockShape> Cases = {
      partial(32, std::nullopt, 1), partial(32, std::nullopt, std::nullopt),
      partial(64, 2, std::nullopt), partial(4, 8, std::nullopt), partial(std::nullopt, 1, 1),
      partial(16, std::nullopt, 1), partial(16, std::nullopt, 2), partial(12, std::nullopt, 3),
      partial(8, 2, std::nullopt),  partial(std::nullopt, 2, 1), partial(96, std::nullopt, 1)};
  for (const PartialBlockShape &P : Cases) {
    ShapeCandidates C = candidateShapes(P);
    if (!C.CoversLayouts)
      continue;
    for (const BlockShape &S : allowed(P)) {
      bool Found = false;
      for (const BlockShape &Cand : C.Shapes)
        Found |= embeds(S, Cand);
      EXPECT_TRUE(Found) << P.str() << ": " << S.str() << " embeds into no candidate";
    }
  }
}

/// The block argument of the first launch in \p Code, resolved.
std::string launched(const std::string &Code) {
  std::string Prelude = "struct dim3 { unsigned x, y, z; dim3(unsigned x = 1, unsigned y = 1, "
                        "unsigned z = 1) : x(x), y(y), z(z) {} };\n"
                        "template <class F> void launch(F, dim3, dim3);\n";
  auto AST = clang::tooling::buildASTFromCodeWithArgs(Prelude + Code, {"-std=c++17"});
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::Expr *Arg = nullptr;
    bool VisitCallExpr(clang::CallExpr *CE) {
      if (!Arg && CE->getDirectCallee() && CE->getDirectCallee()->getName() == "launch")
        Arg = CE->getArg(2);
      return true;
    }
  } F;
  F.TraverseAST(AST->getASTContext());
  LaunchShapeResolver R(AST->getASTContext());
  return F.Arg ? R.partialBlockShape(F.Arg).str() : "no launch";
}

TEST(LaunchShapes, PartlyConstantBlocks) {
  EXPECT_EQ(launched("void k(); void h(int nwarps) { dim3 block(32, nwarps); launch(k, 1, block); }"),
            "32x?x1");
  EXPECT_EQ(launched("void k(); void h(int n) { dim3 b = {4, 8, (unsigned)n}; launch(k, 1, b); }"),
            "4x8x?");
  EXPECT_EQ(launched("void k(); void h(int n) { launch(k, 1, n); }"), "?x1x1");
  EXPECT_EQ(launched("void k(); void h(int n) { dim3 b(16, 16); b.y = n; launch(k, 1, b); }"),
            "16x?x1");
  EXPECT_EQ(launched("void k(); void h(dim3 b) { launch(k, 1, b); }"), "?x?x?");
  EXPECT_EQ(launched("void k(); void h() { constexpr int W = 32; launch(k, 1, dim3(W, 4)); }"),
            "32x4x1");
}

} // namespace
