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
  // Induction variables rename too, their loops numbered apart: `i` of one loop where `i` of
  // another stood, but not two variables of one loop where those of two loops stood.
  auto Ind = [](uint64_t Loop, uint64_t Var) {
    return sym::indVar(Loop, Var, sym::constant(0), SymOp::Add, sym::constant(1), I32, "i");
  };
  EXPECT_TRUE(canonicalArguments({Ind(5, 6)}));
  EXPECT_EQ(canonicalArguments({Ind(5, 6)}), canonicalArguments({Ind(7, 6)}));
  EXPECT_EQ(canonicalArguments({Ind(5, 6), Ind(5, 8)}), canonicalArguments({Ind(7, 6), Ind(7, 8)}));
  EXPECT_NE(canonicalArguments({Ind(5, 6), Ind(5, 8)}), canonicalArguments({Ind(7, 6), Ind(9, 8)}));
  // Nor one that starts elsewhere.
  EXPECT_NE(canonicalArguments({Ind(5, 6)}),
            canonicalArguments({sym::indVar(7, 6, N1, SymOp::Add, sym::constant(1), I32, "i")}));
}

TEST(ContextReuse, InductionVariablesMapLoopToLoop) {
  auto Ind = [](uint64_t Loop, uint64_t Var, SymRef Init) {
    return sym::indVar(Loop, Var, std::move(Init), SymOp::Add, sym::constant(1), I32, "i");
  };
  SymRef A = leaf(1, "n"), B = leaf(2, "n");
  // The start holds an argument's leaf: renamed with it.
  LeafRenaming R;
  ASSERT_TRUE(matchArguments({Ind(5, 6, A), Ind(5, 8, A)}, {Ind(7, 6, B), Ind(7, 8, B)}, R));
  EXPECT_EQ(R.Loops.size(), 1u);
  EXPECT_EQ(R.Leaves.find(1)->second.Now->Id, 2u);
  // Two variables of one loop where variables of two loops stand (or the reverse): no match,
  // since the enumeration steps one loop's variables together.
  LeafRenaming Split;
  EXPECT_FALSE(matchArguments({Ind(5, 6, A), Ind(5, 8, A)}, {Ind(7, 6, B), Ind(9, 8, B)}, Split));
  LeafRenaming Joined;
  EXPECT_FALSE(matchArguments({Ind(5, 6, A), Ind(9, 8, A)}, {Ind(7, 6, B), Ind(7, 8, B)}, Joined));
  // A result holding the argument's variable takes the other context's; a variable of the
  // callee's own loop gets ids of the other context, one loop for all its variables.
  SymRef Own1 = Ind(11, 6, A), Own2 = Ind(11, 8, A);
  SymRef Result = plus(Ind(5, 6, A), plus(Own1, Own2));
  ASSERT_TRUE(renamableResult(Result, R));
  SymRef Again = renamed(Result, R, 555);
  EXPECT_TRUE(symEqual(Again->A, Ind(7, 6, B)));
  SymRef Again1 = Again->B->A, Again2 = Again->B->B;
  EXPECT_EQ(Again1->Kind, SymKind::IndVar);
  EXPECT_NE(Again1->Value, Own1->Value);
  EXPECT_EQ(Again1->Value, Again2->Value);
  EXPECT_NE(Again1->Id, Again2->Id);
  EXPECT_TRUE(symEqual(Again1->A, B));
  // A variable of the argument's loop that the argument did not hold: not the callee's own.
  EXPECT_FALSE(renamableResult(Ind(5, 12, A), R));
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
  auto Moved = makeLocal<SymExpr>(*C);
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
  // Not renamable: a leaf remade with an argument's id and another class (what a new analysis
  // would make of it is not known).
  EXPECT_FALSE(renamableResult(leaf(1, "x", Uniformity::LaneVarying), R));
}

} // namespace
