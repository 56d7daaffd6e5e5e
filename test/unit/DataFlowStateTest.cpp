// The data flow's state (lib/Analysis/DataFlowState.h) is a sorted vector standing in for the
// std::map it replaced: the same entries in the same order after the same operations, which is
// what keeps every finding identical.
#include "../../lib/Analysis/DataFlowState.h"
#include <gtest/gtest.h>
#include <map>
#include <random>

using namespace divlint;

namespace {
/// A path of fake declarations (compared by address, never dereferenced): 1 to 3 deep over 5.
AccessPath path(std::mt19937 &R) {
  AccessPath P;
  unsigned Depth = 1 + R() % 3;
  for (unsigned I = 0; I < Depth; ++I)
    P.push_back(reinterpret_cast<const clang::ValueDecl *>(uintptr_t(16 * (1 + R() % 5))));
  return P;
}
bool isPrefix(const AccessPath &P, const AccessPath &Q) {
  return P.size() <= Q.size() && std::equal(P.begin(), P.end(), Q.begin());
}
void expectSame(const std::map<AccessPath, SymRef> &M, const State &S) {
  ASSERT_EQ(M.size(), S.size());
  auto It = S.begin();
  for (const auto &[K, V] : M) {
    EXPECT_EQ(It->first, K);
    EXPECT_EQ(It->second, V);
    ++It;
  }
}
} // namespace

// Writes as Memory::write makes them (a path's fields erased, then the path set), reads with
// find, lower_bound and upper_bound: a std::map and the state agree after every step.
TEST(DataFlowState, AgreesWithStdMap) {
  std::mt19937 R(7);
  std::map<AccessPath, SymRef> M;
  State S;
  for (unsigned Step = 0; Step < 2000; ++Step) {
    AccessPath P = path(R);
    if (R() % 3) {
      SymRef V = sym::opaque(Step, Uniformity::BlockUniform, false, "v");
      for (auto It = M.lower_bound(P); It != M.end() && isPrefix(P, It->first);)
        It = M.erase(It);
      M[P] = V;
      auto First = S.lower_bound(P), Last = First;
      while (Last != S.end() && isPrefix(P, Last->first))
        ++Last;
      S.erase(First, Last);
      S[P] = V;
    } else if (auto It = M.find(P); It != M.end()) {
      M.erase(It);
      S.erase(S.find(P));
    }
    expectSame(M, S);
    AccessPath Q = path(R);
    const State &C = S;
    EXPECT_EQ(M.find(Q) == M.end(), C.find(Q) == C.end());
    auto ML = M.lower_bound(Q), MU = M.upper_bound(Q);
    auto SL = C.lower_bound(Q), SU = C.upper_bound(Q);
    EXPECT_EQ(std::distance(M.begin(), ML), std::distance(C.begin(), SL));
    EXPECT_EQ(std::distance(M.begin(), MU), std::distance(C.begin(), SU));
  }
  EXPECT_GT(S.size(), 10u) << "the walk kept a state worth comparing";
}

// A join appends the merged paths in order; operator[] inserts a null value in place.
TEST(DataFlowState, AppendAndInsertKeepOrder) {
  auto D = [](uintptr_t I) { return reinterpret_cast<const clang::ValueDecl *>(16 * I); };
  State S;
  S.append(AccessPath{D(1)}, nullptr);
  S.append(AccessPath{D(1), D(2)}, nullptr);
  S.append(AccessPath{D(3)}, nullptr);
  SymRef &Slot = S[AccessPath{D(2)}];
  EXPECT_EQ(Slot, nullptr);
  std::vector<AccessPath> Order;
  for (const auto &[K, V] : S)
    Order.push_back(K);
  EXPECT_EQ(Order, (std::vector<AccessPath>{{D(1)}, {D(1), D(2)}, {D(2)}, {D(3)}}));
  EXPECT_EQ(S.upper_bound(AccessPath{D(1)})->first, (AccessPath{D(1), D(2)}))
      << "a path's fields follow it: reads of a struct find them there";
}
