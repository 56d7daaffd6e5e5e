// The renaming behind reused analyses (lib/Pipeline/ContextReuse.h): which contexts count as
// equal up to renaming, and what a result becomes in the other context.
#include "../../lib/Pipeline/ContextReuse.h"
#include "llvm/ADT/Hashing.h"
#include <gtest/gtest.h>

using namespace divlint;
using namespace divlint::pipeline;

namespace {

const IntType I32{32, true};

SymRef leaf(uint64_t Id, const char *Label, Uniformity C = Uniformity::BlockUniform) {
  return sym::opaque(Id, C, false, Label, I32);
}
SymRef plus(SymRef A, SymRef B) { return sym::binary(SymOp::Add, A, B, I32); }

TEST(ContextReuse, ContextsEqualUpToTheLeavesIdsShareAKey) {
  SymRef N1 = leaf(101, "n"), N2 = leaf(202, "n");
  SymRef Tid = sym::threadIdx(0);
  EXPECT_EQ(canonicalArguments({plus(Tid, N1), N1}), canonicalArguments({plus(Tid, N2), N2}));
  // Not when a label differs (a why trace names it), nor when one leaf stands where two did.
  EXPECT_NE(canonicalArguments({N1}), canonicalArguments({leaf(202, "m")}));
  SymRef M2 = leaf(303, "n");
  EXPECT_NE(canonicalArguments({N1, N1}), canonicalArguments({N2, M2}));
  // Nor when the class differs.
  EXPECT_NE(canonicalArguments({N1}),
            canonicalArguments({leaf(202, "n", Uniformity::LaneVarying)}));
  // A global's value is the same leaf in every context: it is never renamed.
  SymRef G1 = sym::contextFreeOpaque(7, Uniformity::BlockUniform, false, "g", I32),
         G2 = sym::contextFreeOpaque(8, Uniformity::BlockUniform, false, "g", I32);
  EXPECT_NE(canonicalArguments({G1}), canonicalArguments({G2}));
  EXPECT_EQ(canonicalArguments({G1}), canonicalArguments({G1}));
  // An induction variable also names its loop: not renamed.
  SymRef I = sym::indVar(5, 6, sym::constant(0), SymOp::Add, sym::constant(1), I32, "i");
  EXPECT_FALSE(canonicalArguments({I}));
}

TEST(ContextReuse, MatchingMapsEachLeafToOneLeaf) {
  SymRef A = leaf(1, "x"), B = leaf(2, "x"), C = leaf(3, "x");
  LeafRenaming R;
  ASSERT_TRUE(matchArguments({A, plus(A, B)}, {C, plus(C, leaf(4, "x"))}, R));
  EXPECT_EQ(R.Leaves.size(), 2u);
  EXPECT_EQ(R.NowIds.size(), 2u);
  EXPECT_EQ(R.Leaves.find(1)->second.Now->Id, 3u);
  EXPECT_EQ(R.Leaves.find(2)->second.Now->Id, 4u);
  // Two leaves of one context cannot become one leaf of the other (they would compare equal
  // there and not here), nor can one leaf become two.
  LeafRenaming Two;
  EXPECT_FALSE(matchArguments({A, B}, {C, C}, Two));
  LeafRenaming One;
  EXPECT_FALSE(matchArguments({A, A}, {B, C}, One));
  // A leaf read at another source position is no match (the why trace points at it).
  auto Moved = std::make_shared<SymExpr>(*C);
  Moved->OriginLine = 12;
  LeafRenaming Pos;
  EXPECT_FALSE(matchArguments({A}, {Moved}, Pos));
}

TEST(ContextReuse, ResultsTakeTheOtherContextsLeaves) {
  SymRef A = leaf(1, "x"), C = leaf(3, "x");
  LeafRenaming R;
  ASSERT_TRUE(matchArguments({A}, {C}, R));
  // The callee's own leaf (a load) gets an id of the other context, the same one each time.
  SymRef Load = leaf(llvm::hash_combine(uint64_t(77), 99), "load p[0]", Uniformity::LaneVarying);
  SymRef Result = plus(A, Load);
  ASSERT_TRUE(renamableResult(Result, R));
  SymRef Again = renamed(Result, R, /*Salt=*/555);
  EXPECT_EQ(Again->A, C);
  EXPECT_NE(Again->B->Id, Load->Id);
  EXPECT_EQ(Again->B->Label, "load p[0]");
  EXPECT_EQ(Again->B->Class, Uniformity::LaneVarying);
  EXPECT_TRUE(symEqual(Again->B, renamed(Load, R, 555)));
  EXPECT_FALSE(symEqual(Again->B, renamed(Load, R, 556)));
  // The structural hash is the one the renamed tree would have had if built directly.
  EXPECT_EQ(Again->Hash, plus(C, renamed(Load, R, 555))->Hash);
  // A leaf standing for a tree of the arguments is made again from the renamed tree: the same
  // leaf a new analysis (or the caller) would make from the other context's values.
  SymRef Folded = sym::opaqueOf(plus(A, sym::constant(1)), "x + 1");
  ASSERT_TRUE(renamableResult(Folded, R));
  SymRef Refolded = renamed(Folded, R, 555);
  EXPECT_EQ(Refolded->Id, sym::opaqueOf(plus(C, sym::constant(1)), "x + 1")->Id);
  // So is a field of an argument without fields.
  SymRef Field = sym::fieldOf(A, 42, I32, "x.f");
  EXPECT_EQ(renamed(Field, R, 555)->Id, sym::fieldOf(C, 42, I32, "x.f")->Id);
  // Not renamable: an induction variable, or a leaf remade with an argument's id and another
  // class (what a new analysis would make of it is not known).
  SymRef I = sym::indVar(5, 6, sym::constant(0), SymOp::Add, sym::constant(1), I32, "i");
  EXPECT_FALSE(renamableResult(plus(A, I), R));
  EXPECT_FALSE(renamableResult(leaf(1, "x", Uniformity::LaneVarying), R));
}

} // namespace
