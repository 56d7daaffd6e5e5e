//===- SharedAnalysisTest.cpp - the three checks share one analysis per TU ----===//

#include "SharedAnalysis.h"

#include "divlint/Frontend/CudaFrontend.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <gtest/gtest.h>

using namespace divlint;

namespace {

std::unique_ptr<clang::ASTUnit> parse(llvm::StringRef Code) {
  CudaFrontendOptions Front;
  Front.ForcePrelude = true; // no dependence on the installed CUDA
  CudaSetup Setup = detectCuda(Front);
  return clang::tooling::buildASTFromCodeWithArgs(
      Code, Setup.Args, "k.cu", "divlint-tidy-test",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), clang::tooling::FileContentMappings(),
      nullptr, preludeFileSystem());
}

const char *const Kernel = "__global__ void k(float *x) {\n"
                           "  if (threadIdx.x < 8) x[threadIdx.x] = 0.f;\n"
                           "}\n";

} // namespace

TEST(SharedAnalysis, AnalyzesEachTranslationUnitOncePerOptions) {
  auto AST = parse(Kernel);
  ASSERT_TRUE(AST);
  tidy::SharedAnalysis Shared;
  Shared.startTranslationUnit();
  AnalysisOptions Default;
  const auto &First = Shared.findings(AST->getASTContext(), Default);
  ASSERT_EQ(First.size(), 1u);
  EXPECT_EQ(First[0].TheRule, Rule::DivergentBranch);
  EXPECT_EQ(First[0].Line, 2u);
  EXPECT_EQ(First[0].DivergentWarps, 1u); // 256x1x1: only the first warp splits
  // A second check with the same options reuses the result.
  EXPECT_EQ(&Shared.findings(AST->getASTContext(), Default), &First);
  EXPECT_EQ(Shared.analysesRun(), 1u);

  // Another BlockDim is another analysis (16x16: every warp splits).
  AnalysisOptions Square;
  Square.BlockDimOption = parseBlockShape("16,16");
  const auto &Other = Shared.findings(AST->getASTContext(), Square);
  ASSERT_EQ(Other.size(), 1u);
  EXPECT_EQ(Other[0].DivergentWarps, 8u);
  EXPECT_EQ(Shared.analysesRun(), 2u);

  // The next translation unit starts afresh.
  auto Next = parse(Kernel);
  ASSERT_TRUE(Next);
  Shared.startTranslationUnit();
  EXPECT_EQ(Shared.findings(Next->getASTContext(), Default).size(), 1u);
  EXPECT_EQ(Shared.analysesRun(), 3u);
}
