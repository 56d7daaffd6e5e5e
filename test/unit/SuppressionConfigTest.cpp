#include "divlint/Fix/Config.h"
#include "divlint/Fix/Suppression.h"
#include <gtest/gtest.h>

using namespace divlint;

static Finding at(unsigned Line, Rule R = Rule::DivergentBranch) {
  Finding F;
  F.Line = Line;
  F.TheRule = R;
  return F;
}

TEST(NoLint, SameLineNextLineAndBlocks) {
  NoLintDirectives D("a; // NOLINT\n"                           // 1
                     "b; // NOLINT(divlint-barrier-divergence)\n" // 2
                     "// NOLINTNEXTLINE(cuda-divergence-*)\n"    // 3
                     "c;\n"                                      // 4
                     "// NOLINTBEGIN\n"                          // 5
                     "d;\n"                                      // 6
                     "// NOLINTEND\n"                            // 7
                     "e;\n");                                    // 8
  EXPECT_TRUE(D.suppresses(at(1)));
  EXPECT_FALSE(D.suppresses(at(2)));
  EXPECT_TRUE(D.suppresses(at(2, Rule::BarrierDivergence)));
  EXPECT_TRUE(D.suppresses(at(4)));
  EXPECT_TRUE(D.suppresses(at(4, Rule::WarpSyncDivergence)));
  EXPECT_TRUE(D.suppresses(at(6)));
  EXPECT_FALSE(D.suppresses(at(8)));
  EXPECT_TRUE(D.problems().empty());
}

TEST(NoLint, UnbalancedBlocksAreReported) {
  NoLintDirectives D("// NOLINTBEGIN(divlint-*)\nx;\n// NOLINTEND\n");
  EXPECT_FALSE(D.suppresses(at(2))) << "END with another list does not close the block";
  ASSERT_EQ(D.problems().size(), 2u);
}

TEST(Config, ParsesAndValidates) {
  auto C = parseConfig("Checks: 'divlint-*,-divlint-uniform-branch'\nBlockDim: '16,16'\n"
                       "WarpSize: 32\nMinSeverity: warning\nHeaderFilter: 'inc/.*'\n",
                       "x/.divlint.yaml");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_EQ(*C->BlockDim, "16,16");
  EXPECT_EQ(*C->WarpSize, 32u);
  EXPECT_EQ(*C->MinSeverity, "warning");
  auto Bad = parseConfig("MinSeverity: loud\n", "y/.divlint.yaml");
  EXPECT_FALSE(bool(Bad));
  llvm::consumeError(Bad.takeError());
  auto Garbage = parseConfig("Checks: [unclosed\n", "z/.divlint.yaml");
  EXPECT_FALSE(bool(Garbage));
  llvm::consumeError(Garbage.takeError());
}

TEST(Config, ChecksGlobsLaterOnesWin) {
  EXPECT_TRUE(checkEnabled("*", Rule::UniformBranch));
  EXPECT_FALSE(checkEnabled("divlint-*,-divlint-uniform-branch", Rule::UniformBranch));
  EXPECT_TRUE(checkEnabled("divlint-*,-divlint-uniform-branch", Rule::BarrierDivergence));
  EXPECT_TRUE(checkEnabled("-*,cuda-divergence-barrier", Rule::BarrierDivergence));
  EXPECT_FALSE(checkEnabled("-*,cuda-divergence-barrier", Rule::DivergentBranch));
  EXPECT_FALSE(checkEnabled("", Rule::DivergentBranch));
}
