#include "divlint/Compiled/SassLineTable.h"
#include <gtest/gtest.h>

using namespace divlint;

namespace {
// The shape of `nvdisasm -c -gi` output (nvcc 13.0, sm_90), trimmed.
const char *Sass = R"(//--------------------- .text._Z1kPf --------------------------
_Z1kPf:
	//## File "/src/k.cu", line 11
        /*0090*/                   LOP3.LUT R4, R7, 0x1, RZ, 0xc0, !PT ;
        /*00b0*/                   ISETP.NE.U32.AND P0, PT, R4, 0x1, PT ;
	//## File "/src/k.cu", line 12
        /*00c0*/              @!P0 BRA `(.L_x_16) ;
	//## File "/src/h.cuh", line 4 inlined at "/src/k.cu", line 12
        /*00e0*/                   FFMA R5, R5, R2, 0.5 ;
	//## File "/src/k.cu", line 22
        /*00f0*/              @!P0 FADD R9, R2, 1 ;
        /*0100*/               @P1 EXIT ;
        /*0110*/                   BRA.DIV `(.L_x_3) ;
        /*0120*/                @PT BRA `(.L_x_4) ;
        .type           $__internal_0_$__slowpath,@function
$__internal_0_$__slowpath:
        /*0130*/               @P0 BRA `(.L_x_5) ;
)";
} // namespace

TEST(SassLineTable, BranchesPredicationAndGuards) {
  SassLineTable T = readNvdisasm(Sass);
  const SassLineFacts &Cond = T.at({"/src/k.cu", 11});
  EXPECT_EQ(Cond.Instructions, 2u);
  EXPECT_EQ(Cond.ConditionalBranches, 0u);
  EXPECT_EQ(Cond.GuardedBranches, 1u) << "the comparison feeding line 12's branch";
  EXPECT_TRUE(Cond.branches());
  EXPECT_EQ(T.at({"/src/k.cu", 12}).ConditionalBranches, 1u);
  EXPECT_EQ(T.at({"/src/h.cuh", 4}).Instructions, 1u) << "the innermost frame";
  const SassLineFacts &Select = T.at({"/src/k.cu", 22});
  EXPECT_EQ(Select.PredicatedInstructions, 1u);
  EXPECT_EQ(Select.PredicatedExits, 1u);
  EXPECT_EQ(Select.ConditionalBranches, 0u) << "BRA.DIV and @PT BRA are not conditional branches";
  EXPECT_EQ(Select.Instructions, 4u);
  // The slow path after `.type ... @function` has no line info: not counted anywhere.
  unsigned Total = 0;
  for (const auto &[Key, F] : T)
    Total += F.Instructions;
  EXPECT_EQ(Total, 8u);
}

TEST(SassLineTable, LooksUpByFileName) {
  SassLineTable T = readNvdisasm(Sass);
  const SassLineFacts *F = lookupLine(T, "elsewhere/k.cu", 12);
  ASSERT_NE(F, nullptr) << "one k.cu in the table: matched by name";
  EXPECT_EQ(F->ConditionalBranches, 1u);
  EXPECT_EQ(lookupLine(T, "k.cu", 13), nullptr) << "no instruction on that line";
  EXPECT_EQ(lookupLine(T, "other.cu", 12), nullptr);
  EXPECT_TRUE(readNvdisasm("not a disassembly\n").empty());
}
