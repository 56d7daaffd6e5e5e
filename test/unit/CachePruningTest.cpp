// The cache directory's size limit (Support/CachePruning.h): what pruning removes, in which
// order, what it never touches, how often it runs; and the --cache-size-limit values.
#include "divlint/Support/CachePruning.h"
#include "divlint/Support/ResultCache.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <gtest/gtest.h>

using namespace divlint;
namespace fs = llvm::sys::fs;
using std::chrono::hours;

namespace {

TEST(CacheSize, ParsesBytesAndBinaryUnits) {
  EXPECT_EQ(parseCacheSize("0"), std::optional<uint64_t>(0));
  EXPECT_EQ(parseCacheSize("1048576"), std::optional<uint64_t>(1048576));
  EXPECT_EQ(parseCacheSize("64K"), std::optional<uint64_t>(64 << 10));
  EXPECT_EQ(parseCacheSize("500M"), std::optional<uint64_t>(500ull << 20));
  EXPECT_EQ(parseCacheSize("500m"), std::optional<uint64_t>(500ull << 20));
  EXPECT_EQ(parseCacheSize("2G"), std::optional<uint64_t>(2ull << 30));
  EXPECT_EQ(parseCacheSize("1T"), std::optional<uint64_t>(1ull << 40));
  for (const char *Bad : {"", "G", "abc", "5X", "-1", "+1", " 1", "1.5G", "2GB", "0x10",
                          "18446744073709551616", "16777216T"})
    EXPECT_EQ(parseCacheSize(Bad), std::nullopt) << "'" << Bad << "'";
}

class CachePruningTest : public ::testing::Test {
protected:
  llvm::SmallString<128> Root; ///< the cache directory is Root/cache; Root/outside is not in it
  std::string Cache;
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("prune-test", Root));
    Cache = std::string(Root) + "/cache";
  }
  void TearDown() override { fs::remove_directories(Root); }

  /// Writes \p Bytes bytes at \p Path (relative to Root), last used \p Age ago.
  std::string file(llvm::StringRef Path, size_t Bytes, std::chrono::seconds Age) {
    llvm::SmallString<128> P(Root);
    llvm::sys::path::append(P, Path);
    EXPECT_FALSE(fs::create_directories(llvm::sys::path::parent_path(P)));
    {
      std::error_code EC;
      llvm::raw_fd_ostream(P, EC) << std::string(Bytes, 'x');
    }
    setAge(std::string(P), Age);
    return std::string(P);
  }
  static void setAge(const std::string &Path, std::chrono::seconds Age) {
    int FD;
    ASSERT_FALSE(fs::openFileForWrite(Path, FD, fs::CD_OpenExisting, fs::OF_Append));
    auto When = std::chrono::time_point_cast<std::chrono::nanoseconds>(
        std::chrono::system_clock::now() - Age);
    fs::setLastAccessAndModificationTime(FD, When);
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  static CachePruningPolicy limit(uint64_t Bytes) {
    CachePruningPolicy P;
    P.MaxBytes = Bytes;
    P.Interval = std::chrono::seconds(0); // every call, unless a test says otherwise
    return P;
  }
};

TEST_F(CachePruningTest, RemovesLeastRecentlyUsedFirstDownToTheLimit) {
  std::string Sass = file("cache/compiled-1.sass", 100, hours(4));
  std::string Old = file("cache/results/aa/1.cbor", 100, hours(3));
  std::string Newer = file("cache/results/bb/2.cbor", 100, hours(2));
  std::string Pch = file("cache/pch/k.pch", 100, hours(1));
  EXPECT_TRUE(pruneCache(Cache, limit(250)));
  EXPECT_FALSE(fs::exists(Sass));
  EXPECT_FALSE(fs::exists(Old));
  EXPECT_TRUE(fs::exists(Newer)); // 200 bytes left: within the limit
  EXPECT_TRUE(fs::exists(Pch));
  EXPECT_TRUE(pruneCache(Cache, limit(200))); // already within: nothing more
  EXPECT_TRUE(fs::exists(Newer));
}

TEST_F(CachePruningTest, KeepsRecentlyUsedFilesEvenOverTheLimit) {
  std::string Old = file("cache/results/aa/1.cbor", 100, hours(1));
  std::string Writing = file("cache/results/aa/tmp-123456", 100, std::chrono::seconds(10));
  std::string Used = file("cache/pch/k.pch", 100, hours(2));
  markCacheFileUsed(Used); // a hit: used now, though written two hours ago
  EXPECT_TRUE(pruneCache(Cache, limit(1)));
  EXPECT_FALSE(fs::exists(Old));
  EXPECT_TRUE(fs::exists(Writing));
  EXPECT_TRUE(fs::exists(Used));
}

TEST_F(CachePruningTest, MarkingAFileUsedSetsItsAccessTimeOnly) {
  // (A relatime mount updates the access time on some reads, not on every one: a hit marks
  // its file itself.)
  std::string Pch = file("cache/pch/k.pch", 100, hours(2));
  fs::file_status Before, After;
  ASSERT_FALSE(fs::status(Pch, Before));
  markCacheFileUsed(Pch);
  ASSERT_FALSE(fs::status(Pch, After));
  EXPECT_EQ(After.getLastModificationTime(), Before.getLastModificationTime());
  EXPECT_LT(std::chrono::system_clock::now() - After.getLastAccessedTime(),
            std::chrono::minutes(1));
  markCacheFileUsed(std::string(Root) + "/cache/pch/gone.pch"); // nothing to do, no error
  EXPECT_FALSE(fs::exists(std::string(Root) + "/cache/pch/gone.pch"));
}

TEST_F(CachePruningTest, LeavesEverythingElseAlone) {
  std::string Outside = file("outside/k.pch", 100, hours(5));
  std::string Notes = file("cache/notes.txt", 100, hours(5)); // not a name divlint writes
  std::string Mine = file("cache/pch/k.pch", 100, hours(5));
  std::string Linked = std::string(Root) + "/cache/results/aa/link.cbor";
  ASSERT_FALSE(fs::create_directories(std::string(Root) + "/cache/results/aa"));
  ASSERT_FALSE(fs::create_link(Outside, Linked));
  ASSERT_FALSE(fs::create_link(std::string(Root) + "/outside",
                               std::string(Root) + "/cache/results/dir"));
  EXPECT_TRUE(pruneCache(Cache, limit(1)));
  EXPECT_FALSE(fs::exists(Mine));
  EXPECT_TRUE(fs::exists(Notes));
  EXPECT_TRUE(fs::exists(Outside)); // through neither the file link nor the directory link
  EXPECT_TRUE(fs::is_symlink_file(Linked));
}

TEST_F(CachePruningTest, ZeroIsNoSizeLimitButUnusedFilesStillExpire) {
  std::string Big = file("cache/pch/big.pch", 1 << 20, hours(24));
  std::string Expired = file("cache/pch/old.pch", 100, hours(365 * 24));
  CachePruningPolicy Never = limit(0);
  Never.Expiration = std::chrono::seconds(0);
  EXPECT_FALSE(pruneCache(Cache, Never)); // nothing to do: not even a stamp
  EXPECT_TRUE(fs::exists(Expired));
  EXPECT_FALSE(fs::exists(Cache + "/" + PruneStampName.str()));
  setAge(Expired, hours(31 * 24)); // past the default 30 days
  EXPECT_TRUE(pruneCache(Cache, limit(0)));
  EXPECT_TRUE(fs::exists(Big));
  EXPECT_FALSE(fs::exists(Expired));
}

TEST_F(CachePruningTest, RunsAtMostOncePerInterval) {
  CachePruningPolicy Policy = limit(1);
  Policy.Interval = std::chrono::minutes(20);
  EXPECT_FALSE(pruneCache(Cache + "/missing", Policy));
  EXPECT_FALSE(fs::exists(Cache + "/missing")); // not created
  ASSERT_FALSE(fs::create_directories(Cache));
  EXPECT_TRUE(pruneCache(Cache, Policy)); // no stamp yet: prunes, and stamps
  std::string Stamp = Cache + "/" + PruneStampName.str();
  EXPECT_TRUE(fs::exists(Stamp));
  std::string Old = file("cache/results/aa/1.cbor", 100, hours(1));
  EXPECT_FALSE(pruneCache(Cache, Policy)); // pruned a moment ago
  EXPECT_TRUE(fs::exists(Old));
  setAge(Stamp, std::chrono::minutes(21));
  EXPECT_TRUE(pruneCache(Cache, Policy));
  EXPECT_FALSE(fs::exists(Old));
  EXPECT_FALSE(pruneCache(Cache, Policy));
  setAge(Stamp, -hours(1)); // from the future (the clock was set back): stale, not recent
  EXPECT_TRUE(pruneCache(Cache, Policy));
}

// The result cache with pruning: a hit marks its entry used; a pruned entry is a miss.
TEST_F(CachePruningTest, AResultCacheHitKeepsItsEntryAndAPrunedEntryIsAMiss) {
  std::string Source = file("k.cu", 10, hours(1));
  ResultCache Results(Cache);
  auto Now = std::chrono::time_point_cast<std::chrono::nanoseconds>(
      std::chrono::system_clock::now());
  ASSERT_FALSE(Results.store("used", {Source}, "a", Now));
  ASSERT_FALSE(Results.store("unused", {Source}, "b", Now));
  std::error_code EC;
  for (fs::recursive_directory_iterator I(Cache, EC), E; I != E && !EC; I.increment(EC))
    if (fs::is_regular_file(I->path()))
      setAge(I->path(), hours(1));
  EXPECT_EQ(Results.lookup("used"), std::optional<std::string>("a"));
  EXPECT_TRUE(pruneCache(Cache, limit(1)));
  EXPECT_EQ(Results.lookup("used"), std::optional<std::string>("a"));
  EXPECT_EQ(Results.lookup("unused"), std::nullopt);
  ASSERT_FALSE(Results.store("unused", {Source}, "b", Now)); // stored again as usual
  EXPECT_EQ(Results.lookup("unused"), std::optional<std::string>("b"));
}

} // namespace
