//===- EnumerationMemo.h - reuse of lane enumerations -*- C++ -*-===//
//
// Lane enumeration is a pure function of its query and block shape, and the same query comes
// back often: every instantiation of a kernel template (`reduce<int, 256>`, `reduce<float, 256>`)
// and every calling context of a device function asks about the same condition. Its leaves
// differ only in identity (each instantiation has its own variables), so the key renames them
// in order of first appearance: two queries with the same key are the same question.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_ENUMERATIONMEMO_H
#define DIVLINT_ENUMERATIONMEMO_H

#include "divlint/Quantify/LaneEnumerator.h"
#include "llvm/ADT/StringMap.h"
#include <string>

namespace divlint {

/// Everything enumerateCondition reads from \p Q and \p Shape, with opaque leaves, induction
/// variables and loops renamed 0, 1, 2... in order of first appearance. Not ClassOnly: a full
/// result answers a class-only query too (EnumerationMemo::find).
std::string canonicalEnumerationKey(const EnumerationQuery &Q, const BlockShape &Shape);
/// The part of that key that comes from \p Q, computed once for all of a kernel's shapes.
std::string canonicalQueryKey(const EnumerationQuery &Q);
/// The key of the query whose canonicalQueryKey is \p QueryKey, for \p Shape.
std::string canonicalEnumerationKey(llvm::StringRef QueryKey, const BlockShape &Shape);

/// Results by canonical key, bounded (cleared when full: kernels of one file repeat their
/// queries close together).
class EnumerationMemo {
public:
  /// The result for \p Key if it answers the query: a class-only result (Stopped) answers only
  /// a ClassOnly one.
  const EnumerationResult *find(const std::string &Key, bool ClassOnly) const;
  /// Keeps \p R unless it is class-only and a result is already there.
  void insert(const std::string &Key, const EnumerationResult &R);

private:
  static constexpr size_t MaxEntries = 1 << 14;
  llvm::StringMap<EnumerationResult> Results;
};

} // namespace divlint

#endif
