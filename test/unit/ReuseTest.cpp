// The pieces of reuse between runs: the lossless Finding <-> JSON round trip that the result
// cache and the worker processes rely on, and the result cache's validity rules.
#include "divlint/Report/FindingSerialization.h"
#include "divlint/Report/Report.h"
#include "divlint/Support/ResultCache.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <gtest/gtest.h>
#include <thread>

using namespace divlint;

namespace {

Finding everyFieldSet() {
  Finding F;
  F.File = "k.cu";
  F.Line = 13;
  F.Column = 7;
  F.EndLine = 13;
  F.EndColumn = 15;
  F.Offset = 321;
  F.Length = 9;
  F.Kernel = "k";
  F.Kernels = {"k", "k2"};
  F.Function = "helper";
  F.TheRule = Rule::BarrierDivergence;
  F.Construct = "&&";
  F.Class = Uniformity::WarpUniform;
  F.Ext = Extent::Partial;
  F.DivergentWarps = 3;
  F.TotalWarps = 8;
  F.TrueLanes = 1;
  F.ActiveLanes = 32;
  F.PredictedEfficiency = 0.1 + 0.2; // not exactly representable in decimal
  F.PredictedSlowdown = 1.0 / 3.0;
  F.PredictedKernelSlowdown = 2.5;
  F.EfficiencyRange = {{0.25, 1.0}};
  F.SlowdownRange = {{1.0, 4.0}};
  F.KernelSlowdownRange = {{1.0, 1.5}};
  F.PredictedFirstLaneSlowdown = 1.75;
  F.PredictedFirstLaneKernelSlowdown = 1.125;
  F.ArmCostTrue = 12;
  F.ArmCostFalse = 0;
  F.ArmWays = 4;
  F.LoopDepth = 2;
  F.LikelyPredicated = true;
  F.Score = 6.5;
  F.Sev = Severity::Error;
  F.Message = "caf\xe9 \xff not UTF-8";
  F.ConditionText = "lane == 0";
  F.LaneMap = "TFFF";
  F.BlockShapeText = "256x1x1";
  F.Assumptions = {"block shape 256x1x1"};
  F.Why = {{5, 19, "threadIdx.x is lane-varying"}};
  F.Fixes = {{"branchless select", {{"k.cu", 10, 4, "x = c ? a : b;"}}}, {"advice", {}}};
  return F;
}

std::string json(const Finding &F) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeJson(OS, {F}, {}, ReportOptions{true, ""});
  return S;
}

std::string sarif(const Finding &F) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeSarif(OS, {F}, {}, ReportOptions{true, ""});
  return S;
}

Finding roundTrip(const Finding &F) {
  // Through bytes, as the cache and the workers do.
  std::vector<uint8_t> Bytes = nlohmann::json::to_cbor(serializeFinding(F));
  auto Back = deserializeFinding(nlohmann::json::from_cbor(Bytes));
  EXPECT_TRUE(static_cast<bool>(Back));
  return Back ? *Back : Finding();
}

} // namespace

TEST(FindingSerialization, RoundTripRendersIdentically) {
  Finding F = everyFieldSet();
  Finding G = roundTrip(F);
  EXPECT_EQ(json(F), json(G));
  EXPECT_EQ(sarif(F), sarif(G));
  EXPECT_EQ(G.Message, F.Message); // bytes that are not UTF-8 survive
  EXPECT_EQ(G.Fixes.size(), 2u);
  EXPECT_EQ(G.Fixes[0].Replacements[0].Text, "x = c ? a : b;");
}

TEST(FindingSerialization, KeepsWhatTheReportOnlyShowsInPairs) {
  Finding F;
  F.TotalWarps = 8;   // without DivergentWarps: the report shows no "warps"
  F.ArmCostTrue = 3;  // without ArmCostFalse: no "arm_costs"
  F.ArmWays = 5;
  Finding G = roundTrip(F);
  EXPECT_EQ(G.TotalWarps, std::optional<unsigned>(8));
  EXPECT_FALSE(G.DivergentWarps);
  EXPECT_EQ(G.ArmCostTrue, std::optional<double>(3));
  EXPECT_FALSE(G.ArmCostFalse);
  EXPECT_EQ(G.ArmWays, 5u);
  EXPECT_FALSE(G.Ext);
  EXPECT_TRUE(G.LaneMap.empty());
}

TEST(FindingSerialization, RejectsWhatItDidNotWrite) {
  for (const char *Text : {"{}", "[1,2]", "{\"file\": 3}"}) {
    auto F = deserializeFinding(nlohmann::json::parse(Text));
    EXPECT_FALSE(static_cast<bool>(F)) << Text;
    llvm::consumeError(F.takeError());
  }
  nlohmann::json J = serializeFinding(everyFieldSet());
  J["rule"] = "no-such-rule";
  auto F = deserializeFinding(J);
  EXPECT_FALSE(static_cast<bool>(F));
  llvm::consumeError(F.takeError());
}

class ResultCacheTest : public ::testing::Test {
protected:
  llvm::SmallString<128> Dir;
  void SetUp() override { ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("reuse-test", Dir)); }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Text;
    return std::string(P);
  }
  static llvm::sys::TimePoint<> now() {
    return std::chrono::time_point_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now());
  }
};

TEST_F(ResultCacheTest, HitsOnlyWhileEveryFileIsUnchanged) {
  std::string A = write("a.cu", "int a;"), H = write("h.h", "int h;");
  std::this_thread::sleep_for(std::chrono::milliseconds(20)); // files older than the start
  ResultCache Cache(std::string(Dir) + "/cache");
  EXPECT_FALSE(Cache.lookup("key"));
  EXPECT_FALSE(Cache.store("key", {A, H}, std::string("res\0ult", 7), now()));
  EXPECT_EQ(Cache.lookup("key"), std::optional<std::string>(std::string("res\0ult", 7)));
  EXPECT_FALSE(Cache.lookup("other key"));
  write("h.h", "int x;"); // same size, other content
  EXPECT_FALSE(Cache.lookup("key"));
  write("h.h", "int h;"); // back as it was: valid again
  EXPECT_TRUE(Cache.lookup("key"));
  llvm::sys::fs::remove(H);
  EXPECT_FALSE(Cache.lookup("key"));
}

TEST_F(ResultCacheTest, StoresNothingReadWhileItChanged) {
  ResultCache Cache(std::string(Dir) + "/cache");
  auto Started = now();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::string A = write("a.cu", "int a;"); // modified after the computation began
  EXPECT_FALSE(Cache.store("key", {A}, "result", Started));
  EXPECT_FALSE(Cache.lookup("key"));
}

TEST_F(ResultCacheTest, CorruptEntriesAreMissesAndAreReplaced) {
  std::string A = write("a.cu", "int a;");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ResultCache Cache(std::string(Dir) + "/cache");
  ASSERT_FALSE(Cache.store("key", {A}, "result", now()));
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator I(std::string(Dir) + "/cache", EC), E;
       I != E && !EC; I.increment(EC))
    if (llvm::StringRef(I->path()).ends_with(".cbor"))
      llvm::raw_fd_ostream(I->path(), EC) << "\xa1garbage";
  EXPECT_FALSE(Cache.lookup("key"));
  EXPECT_FALSE(Cache.store("key", {A}, "result 2", now()));
  EXPECT_EQ(Cache.lookup("key"), std::optional<std::string>("result 2"));
}

TEST_F(ResultCacheTest, AnUnwritableDirectoryIsAnErrorMessage) {
  std::string NotADir = write("file", "x");
  ResultCache Cache(NotADir + "/cache");
  auto Problem = Cache.store("key", {}, "result", now());
  ASSERT_TRUE(Problem);
  EXPECT_NE(Problem->find("cannot create"), std::string::npos);
  EXPECT_FALSE(Cache.lookup("key"));
}
