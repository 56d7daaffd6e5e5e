// `divlint confirm` launch specs: --grid/--block dimensions and --arg parameter values.
#include "divlint/Confirm/LaunchSpec.h"
#include <gtest/gtest.h>

using namespace divlint::confirm;

TEST(ConfirmLaunchSpec, Dimensions) {
  EXPECT_EQ(parseDim3("256"), (Dim3{256, 1, 1}));
  EXPECT_EQ(parseDim3("16,16"), (Dim3{16, 16, 1}));
  EXPECT_EQ(parseDim3("8x4x2"), (Dim3{8, 4, 2}));
  EXPECT_EQ(parseDim3("8x4x2")->count(), 64u);
  EXPECT_EQ(parseDim3("32,2")->str(), "32x2x1");
  EXPECT_FALSE(parseDim3(""));
  EXPECT_FALSE(parseDim3("0"));
  EXPECT_FALSE(parseDim3("1,2,3,4"));
  EXPECT_FALSE(parseDim3("abc"));
}

TEST(ConfirmLaunchSpec, Scalars) {
  EXPECT_EQ(parseScalar("42"), 42.0);
  EXPECT_EQ(parseScalar("-7"), -7.0);
  EXPECT_EQ(parseScalar("0x10"), 16.0);
  EXPECT_EQ(parseScalar("2.5"), 2.5);
  EXPECT_EQ(parseScalar("1e3"), 1000.0);
  EXPECT_EQ(parseScalar("true"), 1.0);
  EXPECT_EQ(parseScalar("false"), 0.0);
  EXPECT_FALSE(parseScalar("ten"));
  EXPECT_FALSE(parseScalar("1.5x"));
  EXPECT_FALSE(parseScalar(""));
}

TEST(ConfirmLaunchSpec, ScalarArgument) {
  auto A = parseArgSpec("n=1048576");
  ASSERT_TRUE(bool(A)) << llvm::toString(A.takeError());
  EXPECT_EQ(A->Name, "n");
  EXPECT_FALSE(A->IsBuffer);
  EXPECT_EQ(A->Scalar, "1048576");
  EXPECT_EQ(A->str(), "n=1048576");
}

TEST(ConfirmLaunchSpec, BufferArguments) {
  auto A = parseArgSpec("x=float[1024]:random=-2..3");
  ASSERT_TRUE(bool(A)) << llvm::toString(A.takeError());
  EXPECT_TRUE(A->IsBuffer);
  EXPECT_EQ(A->Buffer.ElementType, "float");
  EXPECT_EQ(A->Buffer.Count, 1024u);
  EXPECT_EQ(A->Buffer.Fill, FillKind::Random);
  EXPECT_EQ(A->Buffer.Lo, -2.0);
  EXPECT_EQ(A->Buffer.Hi, 3.0);
  EXPECT_EQ(A->str(), "x=float[1024]:random=-2..3");

  auto B = parseArgSpec("idx=unsigned int[64]");
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->Buffer.ElementType, "unsigned int");
  EXPECT_EQ(B->Buffer.Fill, FillKind::Random) << "the default fill";
  EXPECT_FALSE(B->Buffer.Lo);

  auto C = parseArgSpec("m=int[8]:alternating=3,5");
  ASSERT_TRUE(bool(C));
  EXPECT_EQ(C->Buffer.Fill, FillKind::Alternating);
  EXPECT_EQ(C->Buffer.Lo, 3.0);
  EXPECT_EQ(C->Buffer.Hi, 5.0);

  auto D = parseArgSpec("s=double[8]:sorted");
  ASSERT_TRUE(bool(D));
  EXPECT_EQ(D->Buffer.Fill, FillKind::Sorted);
  auto E = parseArgSpec("c=int[8]:constant=7");
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(E->Buffer.Fill, FillKind::Constant);
  EXPECT_EQ(E->Buffer.Lo, 7.0);
}

TEST(ConfirmLaunchSpec, MalformedArgumentsSayWhy) {
  auto Message = [](const char *Text) {
    auto A = parseArgSpec(Text);
    EXPECT_FALSE(bool(A)) << Text;
    return A ? std::string() : llvm::toString(A.takeError());
  };
  EXPECT_NE(Message("n").find("expected name=..."), std::string::npos);
  EXPECT_NE(Message("n=ten").find("'ten' is not a number"), std::string::npos);
  EXPECT_NE(Message("x=float[0]").find("not a positive integer"), std::string::npos);
  EXPECT_NE(Message("x=float[10").find("missing ']'"), std::string::npos);
  EXPECT_NE(Message("x=[10]").find("missing element type"), std::string::npos);
  EXPECT_NE(Message("x=float[10]:shuffled").find("unknown fill 'shuffled'"), std::string::npos);
  EXPECT_NE(Message("x=float[10]:random=5..1").find("LO < HI"), std::string::npos);
  EXPECT_NE(Message("x=float[10]random").find("expected ':'"), std::string::npos);
  EXPECT_NE(Message("a-b=1").find("not a parameter name"), std::string::npos);
  // Every message shows the accepted forms.
  EXPECT_NE(Message("n").find("name=TYPE[COUNT][:FILL]"), std::string::npos);
}
