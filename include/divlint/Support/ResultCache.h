//===- ResultCache.h - reuse a result while its inputs are unchanged -*- C++ -*-===//
//
// A directory of entries, one per key (what determined the result besides file contents: the
// compile command, the options, the divlint build), each holding the result and the files it
// was computed from with a hash of their contents (xxh3-128). A lookup returns the result only
// while every one of those files still has that content; anything else (no entry, or one
// pruned: CachePruning.h; a changed or vanished file, a corrupt or truncated entry, another
// key) is a miss, and the caller computes the result again and stores it over the old entry.
// Entries are written to a temporary file and renamed into place, so that concurrent runs
// never see half an entry. A hit marks its entry used, for pruning.
//
// The cache knows nothing about findings: results are opaque bytes.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SUPPORT_RESULTCACHE_H
#define DIVLINT_SUPPORT_RESULTCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include <optional>
#include <string>

namespace divlint {

class ResultCache {
public:
  /// A cache in \p Dir (created on the first store).
  explicit ResultCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The result stored under \p Key, if its files still have the contents it was computed from.
  std::optional<std::string> lookup(llvm::StringRef Key) const;

  /// Stores \p Result under \p Key, computed from \p Files (absolute paths) by a computation
  /// that began at \p Started: a file modified since then may have been read half-changed, so
  /// nothing is stored. Returns an error message when the entry could not be written.
  std::optional<std::string> store(llvm::StringRef Key, llvm::ArrayRef<std::string> Files,
                                   llvm::StringRef Result,
                                   llvm::sys::TimePoint<> Started) const;

  const std::string &directory() const { return Dir; }

  /// $XDG_CACHE_HOME/divlint, else ~/.cache/divlint (empty when neither is known).
  static std::string defaultDirectory();

private:
  std::string Dir;
  std::string entryPath(llvm::StringRef Key) const;
};

} // namespace divlint

#endif
