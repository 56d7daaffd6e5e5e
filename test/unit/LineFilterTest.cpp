// --line-filter: clang-tidy's JSON and matching (lib/Report/LineFilter.cpp).
#include "divlint/Report/Finding.h"
#include "divlint/Report/LineFilter.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>

using namespace divlint;

static LineFilter parse(const char *Json) {
  auto F = LineFilter::fromJson(Json);
  EXPECT_TRUE(static_cast<bool>(F)) << (F ? "" : llvm::toString(F.takeError()));
  return F ? std::move(*F) : LineFilter();
}

static std::string errorOf(const char *Json) {
  auto F = LineFilter::fromJson(Json);
  if (F)
    return "(parsed)";
  return llvm::toString(F.takeError());
}

TEST(LineFilter, RangesOfOneFileAreInclusive) {
  LineFilter F = parse(R"([{"name":"file.cu","lines":[[1,3],[5,5]]}])");
  EXPECT_TRUE(F.keeps("/src/file.cu", 1));
  EXPECT_TRUE(F.keeps("/src/file.cu", 3));
  EXPECT_FALSE(F.keeps("/src/file.cu", 4));
  EXPECT_TRUE(F.keeps("/src/file.cu", 5));
  EXPECT_FALSE(F.keeps("/src/file.cu", 6));
}

TEST(LineFilter, FileWithoutLinesKeepsEveryLineAndUnlistedFilesNone) {
  LineFilter F = parse(R"([{"name":"file.cu","lines":[[2,2]]},{"name":"other.h"}])");
  EXPECT_TRUE(F.keeps("/src/other.h", 1));
  EXPECT_TRUE(F.keeps("/src/other.h", 100000));
  EXPECT_FALSE(F.keeps("/src/third.cu", 2));
}

TEST(LineFilter, NamesMatchTheEndOfThePathAndTheFirstMatchDecides) {
  LineFilter F = parse(R"([{"name":"a/k.cu","lines":[[1,1]]},{"name":"k.cu"}])");
  EXPECT_TRUE(F.keeps("/repo/a/k.cu", 1));
  EXPECT_FALSE(F.keeps("/repo/a/k.cu", 2)) << "a/k.cu decides; the later k.cu is not consulted";
  EXPECT_TRUE(F.keeps("/repo/b/k.cu", 2));
  EXPECT_FALSE(F.keeps("/repo/k.cuh", 1));
}

TEST(LineFilter, EmptyListKeepsEverything) {
  LineFilter F = parse("[]");
  EXPECT_TRUE(F.keeps("/anything.cu", 7));
}

TEST(LineFilter, FindingsAreMatchedByTheirAbsolutePath) {
  // A finding names its file relative to the current directory; the filter names a longer tail.
  llvm::SmallString<256> Cwd;
  ASSERT_FALSE(llvm::sys::fs::current_path(Cwd));
  std::string Tail = (llvm::sys::path::filename(Cwd) + "/k.cu").str();
  LineFilter F({{Tail, {{4, 4}}}});
  Finding Relative;
  Relative.File = "k.cu";
  Relative.Line = 4;
  EXPECT_TRUE(F.keeps(Relative)) << Tail;
  Relative.File = "sub/../k.cu";
  EXPECT_TRUE(F.keeps(Relative)) << "dots are removed";
  Relative.Line = 5;
  EXPECT_FALSE(F.keeps(Relative));
  Relative.File = "other/k.cu";
  Relative.Line = 4;
  EXPECT_FALSE(F.keeps(Relative));
}

TEST(LineFilter, BadInputIsAnErrorThatSaysWhat) {
  EXPECT_EQ(errorOf("[{\"name\":"), "invalid --line-filter: not valid JSON (expected "
                                    "[{\"name\":\"file.cu\",\"lines\":[[1,3]]}, ...])");
  EXPECT_EQ(errorOf(R"({"name":"a.cu"})"),
            "invalid --line-filter: expected a JSON array of {\"name\": ..., \"lines\": ...} "
            "objects");
  EXPECT_EQ(errorOf(R"([{"lines":[[1,2]]}])"),
            "invalid --line-filter: entry 1 needs a non-empty string \"name\"");
  EXPECT_EQ(errorOf(R"([{"name":"a.cu"},{"name":"b.cu","lines":[[3,1]]}])"),
            "invalid --line-filter: entry 2 (b.cu): line range [3,1] ends before it starts");
  EXPECT_EQ(errorOf(R"([{"name":"a.cu","lines":[[1]]}])"),
            "invalid --line-filter: entry 1 (a.cu): line range [1] is not [first, last] with "
            "non-negative integers");
  EXPECT_EQ(errorOf(R"([{"name":"a.cu","lines":[[-1,2]]}])"),
            "invalid --line-filter: entry 1 (a.cu): line range [-1,2] is not [first, last] with "
            "non-negative integers");
  EXPECT_EQ(errorOf(R"([{"name":"a.cu","lines":"1-3"}])"),
            "invalid --line-filter: entry 1 (a.cu): \"lines\" must be an array of [first, last]");
  EXPECT_EQ(errorOf(R"([{"name":"a.cu","line":[[1,3]]}])"),
            "invalid --line-filter: entry 1 has an unknown key 'line' (name, lines)");
}

// toCbor/fromCbor carry the filter to worker processes and into the result cache's key.
TEST(LineFilter, CborRoundTripKeepsEveryEntryInOrder) {
  // A diff's path need not be UTF-8 (here Latin-1 "t\xe9st.cu"), which JSON text cannot carry.
  LineFilter F({{"src/t\xe9st.cu", {{1, 3}, {7, 7}}}, {"k.cu", {}}, {"a/k.cu", {{0, 4294967295u}}}});
  auto Back = LineFilter::fromCbor(F.toCbor());
  ASSERT_TRUE(static_cast<bool>(Back)) << llvm::toString(Back.takeError());
  ASSERT_EQ(Back->files().size(), 3u);
  for (size_t I = 0; I < 3; ++I) {
    EXPECT_EQ(Back->files()[I].Name, F.files()[I].Name);
    EXPECT_EQ(Back->files()[I].Lines, F.files()[I].Lines);
  }
  EXPECT_EQ(Back->toCbor(), F.toCbor());
  EXPECT_TRUE(Back->keeps("/r/src/t\xe9st.cu", 7));
  EXPECT_FALSE(Back->keeps("/r/src/t\xe9st.cu", 4));
}

TEST(LineFilter, CborBytesAreTheSameForTheSameFilterOnly) {
  // No "lines" and empty "lines" both keep every line: the same filter.
  EXPECT_EQ(parse(R"([{"name":"k.cu"}])").toCbor(), parse(R"([{"name":"k.cu","lines":[]}])").toCbor());
  EXPECT_EQ(parse(R"([{"name":"k.cu","lines":[[1,3]]}])").toCbor(),
            parse(R"([{"lines":[[1,3]],"name":"k.cu"}])").toCbor());
  EXPECT_NE(parse(R"([{"name":"k.cu","lines":[[1,3]]}])").toCbor(),
            parse(R"([{"name":"k.cu","lines":[[1,4]]}])").toCbor());
  EXPECT_NE(parse(R"([{"name":"a.cu"},{"name":"b.cu"}])").toCbor(),
            parse(R"([{"name":"b.cu"},{"name":"a.cu"}])").toCbor());
  EXPECT_NE(parse("[]").toCbor(), parse(R"([{"name":"k.cu"}])").toCbor());
  EXPECT_TRUE(LineFilter::fromCbor(parse("[]").toCbor())->files().empty());
}

TEST(LineFilter, CborThatIsNotAFilterIsAnError) {
  auto NotCbor = LineFilter::fromCbor("garbage");
  EXPECT_FALSE(static_cast<bool>(NotCbor));
  llvm::consumeError(NotCbor.takeError());
  auto Truncated = LineFilter::fromCbor(LineFilter({{"k.cu", {{1, 2}}}}).toCbor().substr(0, 5));
  EXPECT_FALSE(static_cast<bool>(Truncated));
  llvm::consumeError(Truncated.takeError());
}
