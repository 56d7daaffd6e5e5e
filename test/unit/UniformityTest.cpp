#include "divlint/Analysis/Uniformity.h"
#include <gtest/gtest.h>

using namespace divlint;

TEST(Uniformity, JoinIsMaxOfTheLattice) {
  EXPECT_EQ(join(Uniformity::BlockUniform, Uniformity::BlockUniform), Uniformity::BlockUniform);
  EXPECT_EQ(join(Uniformity::BlockUniform, Uniformity::WarpUniform), Uniformity::WarpUniform);
  EXPECT_EQ(join(Uniformity::LaneVarying, Uniformity::WarpUniform), Uniformity::LaneVarying);
  EXPECT_EQ(join(Uniformity::WarpUniform, Uniformity::BlockUniform), Uniformity::WarpUniform);
}

TEST(Uniformity, NamesRoundTrip) {
  for (Uniformity U : {Uniformity::BlockUniform, Uniformity::WarpUniform, Uniformity::LaneVarying})
    EXPECT_EQ(parseUniformity(uniformityName(U)), U);
  EXPECT_EQ(uniformityName(Uniformity::WarpUniform), "warp-uniform");
  EXPECT_FALSE(parseUniformity("uniform").has_value());
  EXPECT_EQ(extentName(Extent::EveryWarp), "every-warp");
  EXPECT_EQ(extentName(Extent::DataDependent), "data-dependent");
}
