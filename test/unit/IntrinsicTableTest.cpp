#include "divlint/Analysis/IntrinsicTable.h"
#include <gtest/gtest.h>

using namespace divlint;

static IntrinsicKind kindOf(const char *Name) {
  auto I = lookupIntrinsic(Name);
  EXPECT_TRUE(I.has_value()) << Name;
  return I ? I->Kind : IntrinsicKind::Pure;
}

TEST(IntrinsicTable, VotesAreWarpUniformWithAMask) {
  EXPECT_EQ(kindOf("__ballot_sync"), IntrinsicKind::WarpVote);
  EXPECT_EQ(kindOf("__all_sync"), IntrinsicKind::WarpVote);
  EXPECT_EQ(kindOf("__reduce_add_sync"), IntrinsicKind::WarpVote);
  EXPECT_EQ(lookupIntrinsic("__any_sync")->MaskArg, 0);
}

TEST(IntrinsicTable, ShufflesKnowTheirSourceLane) {
  auto Shfl = lookupIntrinsic("__shfl_sync");
  ASSERT_TRUE(Shfl);
  EXPECT_EQ(Shfl->Kind, IntrinsicKind::Shuffle);
  EXPECT_EQ(Shfl->OperandArg, 2);
  EXPECT_EQ(kindOf("__shfl_down_sync"), IntrinsicKind::ShuffleRelative);
  EXPECT_EQ(kindOf("__shfl_xor_sync"), IntrinsicKind::ShuffleRelative);
}

TEST(IntrinsicTable, VaryingAtomicsAndBarriers) {
  EXPECT_EQ(kindOf("__activemask"), IntrinsicKind::Varying);
  EXPECT_EQ(kindOf("__match_any_sync"), IntrinsicKind::Varying);
  EXPECT_EQ(kindOf("clock64"), IntrinsicKind::Varying);
  EXPECT_EQ(kindOf("atomicAdd"), IntrinsicKind::Atomic);   // by prefix
  EXPECT_EQ(kindOf("atomicCAS"), IntrinsicKind::Atomic);
  EXPECT_EQ(kindOf("__syncthreads"), IntrinsicKind::Barrier);
  EXPECT_EQ(kindOf("__syncthreads_count"), IntrinsicKind::Barrier);
  EXPECT_EQ(kindOf("__syncwarp"), IntrinsicKind::WarpSync);
}

TEST(IntrinsicTable, SpecialRegistersAreNeverPure) {
  // Anything under __nvvm_read_ptx_sreg_ that is not modelled exactly must stay sound.
  EXPECT_EQ(kindOf("__nvvm_read_ptx_sreg_warpid"), IntrinsicKind::Varying);
  EXPECT_EQ(kindOf("__nvvm_read_ptx_sreg_laneid"), IntrinsicKind::LaneId);
  EXPECT_EQ(kindOf("__nvvm_fmin_f"), IntrinsicKind::Pure);
  EXPECT_EQ(kindOf("__nv_sqrtf"), IntrinsicKind::Pure);
  EXPECT_FALSE(lookupIntrinsic("my_helper").has_value());
}
