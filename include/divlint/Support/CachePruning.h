//===- CachePruning.h - keep the cache directory within a size -*- C++ -*-===//
//
// divlint's cache directory holds result entries (results/), precompiled CUDA headers (pch/)
// and --compiled disassembly (compiled-*). pruneCache() removes the files used least recently
// until those take no more than a size limit, and files unused for a long time whatever the
// size, as llvm::pruneCache does. It is not llvm::pruneCache: that one looks at the
// `llvmcache-*` files of one flat directory, and may remove a file used a moment ago, such as
// a precompiled header that a parse has checked and is about to open (the parse would fail).
// Here a file used within KeepRecent is never removed, so the directory can exceed the limit
// for a few minutes.
//
// A file's last use is the later of its modification time (written) and its access time,
// which a cache hit sets with markCacheFileUsed() (noatime and relatime mounts do not update
// it on every read). Removing a file is safe for concurrent runs: a reader that has not
// opened it yet gets a miss, one that has keeps reading it. Only regular files under the
// directory's own names are considered (no symbolic link is followed), so a --cache-dir that
// names a directory holding other files loses none of them.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SUPPORT_CACHEPRUNING_H
#define DIVLINT_SUPPORT_CACHEPRUNING_H

#include "llvm/ADT/StringRef.h"
#include <chrono>
#include <cstdint>
#include <optional>

namespace divlint {

struct CachePruningPolicy {
  /// The bytes the cache's files may take together; 0: no size limit.
  uint64_t MaxBytes = uint64_t(1) << 30;
  /// Files unused for this long are removed whatever the size; 0: never.
  std::chrono::seconds Expiration = std::chrono::hours(30 * 24);
  /// Files used this recently are never removed: a parse may be about to open a precompiled
  /// header, another run may be writing a temporary file.
  std::chrono::seconds KeepRecent = std::chrono::minutes(5);
  /// Pruning runs at most this often (the age of the stamp file it leaves); 0: every call.
  std::chrono::seconds Interval = std::chrono::minutes(20);
};

/// The stamp file's name in the cache directory: its modification time is the last pruning.
inline constexpr llvm::StringLiteral PruneStampName = "last-prune.stamp";

/// Prunes the cache directory \p Dir by \p Policy unless it was pruned less than
/// Policy.Interval ago. Returns whether it pruned. A missing directory is left missing.
bool pruneCache(llvm::StringRef Dir, const CachePruningPolicy &Policy);

/// Records that the cache file \p Path was just used (its access time), so that pruning keeps
/// it longer. Does nothing when it cannot (the file is gone, or is another user's).
void markCacheFileUsed(llvm::StringRef Path);

/// A size such as `500M`, `2G` or `1048576`: bytes, or K, M, G, T (powers of 1024, either case).
/// nullopt when \p Text is not one.
std::optional<uint64_t> parseCacheSize(llvm::StringRef Text);

} // namespace divlint

#endif
