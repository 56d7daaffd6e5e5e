// --diff: the lines a unified diff adds (lib/Report/UnifiedDiff.cpp).
#include "divlint/Report/UnifiedDiff.h"
#include <gtest/gtest.h>

using namespace divlint;
using Ranges = std::vector<LineFilter::LineRange>;

static std::vector<ChangedFile> parse(llvm::StringRef Diff, unsigned Strip = 1) {
  auto Files = parseUnifiedDiff(Diff, Strip);
  EXPECT_TRUE(static_cast<bool>(Files)) << (Files ? "" : llvm::toString(Files.takeError()));
  return Files ? std::move(*Files) : std::vector<ChangedFile>();
}

static std::string errorOf(llvm::StringRef Diff, unsigned Strip = 1) {
  auto Files = parseUnifiedDiff(Diff, Strip);
  if (Files)
    return "(parsed)";
  return llvm::toString(Files.takeError());
}

// What `git diff -U0` prints for an edit of line 3, two lines added after 7, one line removed.
static const char *GitDiffU0 = "diff --git a/src/k.cu b/src/k.cu\n"
                               "index 83db48f..bf269f4 100644\n"
                               "--- a/src/k.cu\n"
                               "+++ b/src/k.cu\n"
                               "@@ -3 +3 @@ __global__ void k(int *x) {\n"
                               "-  if (x[0]) return;\n"
                               "+  if (threadIdx.x % 2) return;\n"
                               "@@ -7,0 +8,2 @@ __global__ void k(int *x) {\n"
                               "+  if (threadIdx.x < 3)\n"
                               "+    x[1] = 0;\n"
                               "@@ -12 +13,0 @@\n"
                               "--- removed line that looks like a header\n";

TEST(UnifiedDiff, GitDiffU0) {
  auto Files = parse(GitDiffU0);
  ASSERT_EQ(Files.size(), 1u);
  EXPECT_EQ(Files[0].Path, "src/k.cu");
  EXPECT_EQ(Files[0].AddedLines, (Ranges{{3, 3}, {8, 9}}));
}

TEST(UnifiedDiff, ContextLinesAreNotChanges) {
  auto Files = parse("--- a/k.cu\t2024-01-01 10:00:00\n"
                     "+++ b/k.cu\t2024-01-02 10:00:00\n"
                     "@@ -1,4 +1,5 @@\n"
                     " line 1\n"
                     "-line 2\n"
                     "+line 2 changed\n"
                     "+line 3 added\n"
                     " line 4\n"
                     "\n" // an empty context line whose space an editor removed
                     "\\ No newline at end of file\n");
  ASSERT_EQ(Files.size(), 1u);
  EXPECT_EQ(Files[0].Path, "k.cu") << "the timestamp after the tab is not part of the name";
  EXPECT_EQ(Files[0].AddedLines, (Ranges{{2, 3}}));
}

TEST(UnifiedDiff, SeveralFilesDeletedFilesAndPureDeletions) {
  auto Files = parse("diff --git a/gone.cu b/gone.cu\n"
                     "deleted file mode 100644\n"
                     "--- a/gone.cu\n"
                     "+++ /dev/null\n"
                     "@@ -1,2 +0,0 @@\n"
                     "-a\n"
                     "-b\n"
                     "diff --git a/only-removals.cu b/only-removals.cu\n"
                     "--- a/only-removals.cu\n"
                     "+++ b/only-removals.cu\n"
                     "@@ -4 +3,0 @@\n"
                     "-x\n"
                     "diff --git a/new.cuh b/new.cuh\n"
                     "new file mode 100644\n"
                     "--- /dev/null\n"
                     "+++ b/include/new.cuh\n"
                     "@@ -0,0 +1,2 @@\n"
                     "+a\n"
                     "+b\n"
                     "diff --git a/img.png b/img.png\n"
                     "Binary files a/img.png and b/img.png differ\n");
  ASSERT_EQ(Files.size(), 1u) << "deleted files and files without added lines are left out";
  EXPECT_EQ(Files[0].Path, "include/new.cuh");
  EXPECT_EQ(Files[0].AddedLines, (Ranges{{1, 2}}));
}

TEST(UnifiedDiff, StripLikePatch) {
  const char *Diff = "--- a/x/y/k.cu\n+++ b/x/y/k.cu\n@@ -1 +1 @@\n-a\n+b\n";
  EXPECT_EQ(parse(Diff, 0)[0].Path, "b/x/y/k.cu");
  EXPECT_EQ(parse(Diff, 2)[0].Path, "y/k.cu");
  EXPECT_EQ(errorOf(Diff, 4), "malformed diff, line 2: cannot strip 4 directories from "
                              "'b/x/y/k.cu' (--diff-strip)");
}

TEST(UnifiedDiff, QuotedPaths) {
  auto Files = parse("--- \"a/t\\303\\251st k.cu\"\n+++ \"b/t\\303\\251st k.cu\"\n"
                     "@@ -1 +1 @@\n-a\n+b\n");
  ASSERT_EQ(Files.size(), 1u);
  EXPECT_EQ(Files[0].Path, "t\xc3\xa9st k.cu");
}

TEST(UnifiedDiff, EmptyDiffChangesNothing) {
  EXPECT_TRUE(parse("").empty());
  EXPECT_TRUE(parse("\n").empty());
}

TEST(UnifiedDiff, SectionsOfOneFileAreMerged) {
  auto Files = parse("--- a/k.cu\n+++ b/k.cu\n@@ -5 +5 @@\n-a\n+b\n"
                     "--- a/k.cu\n+++ b/k.cu\n@@ -1 +1,2 @@\n-a\n+b\n+c\n@@ -6 +7 @@\n-a\n+b\n");
  ASSERT_EQ(Files.size(), 1u);
  EXPECT_EQ(Files[0].AddedLines, (Ranges{{1, 2}, {5, 5}, {7, 7}}));
}

TEST(UnifiedDiff, MalformedDiffsSayWhereAndWhy) {
  EXPECT_EQ(errorOf("hello\nworld\n"), "malformed diff: no '--- FILE' / '+++ FILE' lines "
                                       "(expected a unified diff, e.g. git diff -U0)");
  EXPECT_EQ(errorOf("@@ -1 +1 @@\n-a\n+b\n"),
            "malformed diff, line 1: a hunk before any '+++ FILE' line");
  EXPECT_EQ(errorOf("--- a/k.cu\n+++ b/k.cu\n@@ -1 +x @@\n"),
            "malformed diff, line 3: bad hunk header '@@ -1 +x @@' (expected @@ -OLD[,N] "
            "+NEW[,N] @@)");
  EXPECT_EQ(errorOf("--- a/k.cu\n+++ b/k.cu\n@@ -1,2 +1,2 @@\n a\n+b\nqq\n"),
            "malformed diff, line 6: the hunk ends early (1 old and 0 new lines missing)");
  EXPECT_EQ(errorOf("--- a/k.cu\n+++ b/k.cu\n@@ -1,3 +1,3 @@\n a\n"),
            "malformed diff, line 4: the diff ends inside a hunk (2 old and 2 new lines "
            "missing)");
  EXPECT_EQ(errorOf("--- a/k.cu\n+++ b/k.cu\n@@ -1 +99999999999 @@\n-a\n+b\n"),
            "malformed diff, line 3: a line number in '@@ -1 +99999999999 @@' is too large");
}

TEST(UnifiedDiff, FilterKeepsAddedLinesAndMostSpecificPathFirst) {
  auto Files = parse("--- a/k.cu\n+++ b/k.cu\n@@ -1 +1 @@\n-a\n+b\n"
                     "--- a/src/k.cu\n+++ b/src/k.cu\n@@ -3 +3 @@\n-a\n+b\n");
  LineFilter F = lineFilterFor(Files);
  EXPECT_TRUE(F.keeps("/repo/src/k.cu", 3));
  EXPECT_FALSE(F.keeps("/repo/src/k.cu", 1)) << "src/k.cu decides for /repo/src/k.cu";
  EXPECT_TRUE(F.keeps("/repo/k.cu", 1));
  EXPECT_FALSE(F.keeps("/repo/k.cu", 3));
  EXPECT_FALSE(F.keeps("/repo/other.cu", 1));
}
