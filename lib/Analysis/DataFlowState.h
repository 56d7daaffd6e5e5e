//===- DataFlowState.h - the value of every tracked location -*- C++ -*-===//
//
// Private to lib/Analysis. The data flow's state: each tracked location (an access path: a
// local, then fields) and its symbolic value, sorted by path. It is copied at every block (the
// block's out-state, the joins) and holds a function's tracked locals and their fields, tens
// of entries: a sorted vector copies with one allocation where a std::map allocated a node per
// entry (a fifth of the analysis's instructions went to map nodes and their malloc and free).
// The interface is the part of std::map's the analysis uses, in the same order of paths.
// Unlike std::map's, an insertion or erasure moves the later entries: no iterator or
// reference into a state survives a change of that state.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_ANALYSIS_DATAFLOWSTATE_H
#define DIVLINT_LIB_ANALYSIS_DATAFLOWSTATE_H

#include "divlint/Analysis/SymExpr.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <cassert>
#include <utility>
#include <vector>

namespace divlint {

/// A tracked location: a local variable, then field declarations (`s.a.b`). Inline storage:
/// most paths are one variable or one field deep.
using AccessPath = llvm::SmallVector<const clang::ValueDecl *, 2>;

class State {
public:
  using value_type = std::pair<AccessPath, SymRef>;
  using iterator = std::vector<value_type>::iterator;
  using const_iterator = std::vector<value_type>::const_iterator;

  iterator begin() { return Entries.begin(); }
  iterator end() { return Entries.end(); }
  const_iterator begin() const { return Entries.begin(); }
  const_iterator end() const { return Entries.end(); }
  size_t size() const { return Entries.size(); }
  bool empty() const { return Entries.empty(); }
  void reserve(size_t N) { Entries.reserve(N); }

  /// The first entry whose path is not before \p K, and the first after it.
  iterator lower_bound(const AccessPath &K) {
    return std::lower_bound(begin(), end(), K, pathBefore);
  }
  const_iterator lower_bound(const AccessPath &K) const {
    return std::lower_bound(begin(), end(), K, pathBefore);
  }
  iterator upper_bound(const AccessPath &K) {
    return std::upper_bound(begin(), end(), K, beforePath);
  }
  const_iterator upper_bound(const AccessPath &K) const {
    return std::upper_bound(begin(), end(), K, beforePath);
  }
  iterator find(const AccessPath &K) {
    iterator It = lower_bound(K);
    return It != end() && It->first == K ? It : end();
  }
  const_iterator find(const AccessPath &K) const {
    const_iterator It = lower_bound(K);
    return It != end() && It->first == K ? It : end();
  }
  /// The value of \p K, a null one inserted in its place when the state has none.
  SymRef &operator[](const AccessPath &K) {
    iterator It = lower_bound(K);
    if (It == end() || It->first != K)
      It = Entries.insert(It, value_type(K, nullptr));
    return It->second;
  }
  iterator erase(const_iterator It) { return Entries.erase(It); }
  iterator erase(const_iterator First, const_iterator Last) { return Entries.erase(First, Last); }
  /// Adds \p K, which sorts after every path the state holds (a merge of sorted states).
  void append(const AccessPath &K, SymRef V) {
    assert((empty() || Entries.back().first < K) && "appended out of order");
    Entries.emplace_back(K, std::move(V));
  }

private:
  static bool pathBefore(const value_type &E, const AccessPath &K) { return E.first < K; }
  static bool beforePath(const AccessPath &K, const value_type &E) { return K < E.first; }
  std::vector<value_type> Entries;
};

} // namespace divlint

#endif
