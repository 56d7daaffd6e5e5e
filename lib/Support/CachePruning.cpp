//===- CachePruning.cpp - keep the cache directory within a size ---------===//

#include "divlint/Support/CachePruning.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace divlint {

namespace fs = llvm::sys::fs;

namespace {

llvm::sys::TimePoint<> now() {
  return std::chrono::time_point_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now());
}

struct CacheFile {
  std::string Path;
  uint64_t Size;
  llvm::sys::TimePoint<> LastUsed;
};

/// Adds \p Entry to \p Files when it is a regular file (symbolic links are left alone).
void addIfRegular(const fs::directory_entry &Entry, std::vector<CacheFile> &Files) {
  llvm::ErrorOr<fs::basic_file_status> Status = Entry.status();
  if (!Status || Status->type() != fs::file_type::regular_file)
    return; // gone meanwhile (another run pruned it), or not a file
  Files.push_back({Entry.path(), Status->getSize(),
                   std::max(Status->getLastModificationTime(), Status->getLastAccessedTime())});
}

/// The files divlint writes in \p Dir: everything under results/ and pch/, and the
/// compiled-* files beside them (lib/Compiled/CompiledFacts.cpp).
std::vector<CacheFile> cacheFiles(llvm::StringRef Dir) {
  std::vector<CacheFile> Files;
  std::error_code EC;
  for (llvm::StringRef Sub : {"results", "pch"}) {
    llvm::SmallString<256> Root(Dir);
    llvm::sys::path::append(Root, Sub);
    for (fs::recursive_directory_iterator I(Root, EC, /*follow_symlinks=*/false), E;
         I != E && !EC; I.increment(EC))
      addIfRegular(*I, Files);
    EC.clear();
  }
  for (fs::directory_iterator I(Dir, EC, /*follow_symlinks=*/false), E; I != E && !EC;
       I.increment(EC))
    if (llvm::sys::path::filename(I->path()).starts_with("compiled-"))
      addIfRegular(*I, Files);
  return Files;
}

} // namespace

bool pruneCache(llvm::StringRef Dir, const CachePruningPolicy &Policy) {
  if (Policy.MaxBytes == 0 && Policy.Expiration.count() == 0)
    return false;
  if (!fs::is_directory(Dir))
    return false;
  auto Now = now();
  llvm::SmallString<256> Stamp(Dir);
  llvm::sys::path::append(Stamp, PruneStampName);
  fs::file_status StampStatus;
  if (Policy.Interval.count() && !fs::status(Stamp, StampStatus)) {
    auto Since = Now - StampStatus.getLastModificationTime();
    if (Since.count() >= 0 && Since < Policy.Interval) // (a stamp in the future is stale)
      return false;
  }
  // Restamp first, so that runs ending meanwhile do not prune too (two that overlap remove
  // the same least recently used files).
  int FD;
  if (!fs::openFileForWrite(Stamp, FD, fs::CD_OpenAlways)) {
    fs::setLastAccessAndModificationTime(FD, Now);
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }

  std::vector<CacheFile> Candidates; // may be removed for size, least recently used first
  uint64_t Total = 0;
  for (CacheFile &F : cacheFiles(Dir)) {
    auto Unused = Now - F.LastUsed;
    if (Unused < Policy.KeepRecent) {
      Total += F.Size;
    } else if (Policy.Expiration.count() && Unused > Policy.Expiration) {
      fs::remove(F.Path);
    } else {
      Total += F.Size;
      Candidates.push_back(std::move(F));
    }
  }
  if (Policy.MaxBytes == 0)
    return true;
  std::sort(Candidates.begin(), Candidates.end(), [](const CacheFile &A, const CacheFile &B) {
    return std::tie(A.LastUsed, A.Path) < std::tie(B.LastUsed, B.Path);
  });
  for (const CacheFile &F : Candidates) {
    if (Total <= Policy.MaxBytes)
      break;
    if (!fs::remove(F.Path)) // (already gone counts as removed)
      Total -= F.Size;
  }
  return true;
}

void markCacheFileUsed(llvm::StringRef Path) {
  int FD;
  if (fs::openFileForRead(Path, FD))
    return;
  fs::file_status Status;
  if (!fs::status(FD, Status)) // the modification time stays: it says when it was written
    fs::setLastAccessAndModificationTime(FD, now(), Status.getLastModificationTime());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

std::optional<uint64_t> parseCacheSize(llvm::StringRef Text) {
  // A unit letter: K, M, G or T, each 1024 times the one before.
  size_t Unit = Text.empty() ? llvm::StringRef::npos
                             : llvm::StringRef("kmgt").find(llvm::toLower(Text.back()));
  unsigned Shift = 0;
  if (Unit != llvm::StringRef::npos) {
    Shift = 10 * (Unit + 1);
    Text = Text.drop_back();
  }
  uint64_t Value;
  if (Text.getAsInteger(10, Value) || Value > (UINT64_MAX >> Shift))
    return std::nullopt; // not decimal digits alone (an empty text neither), or too large
  return Value << Shift;
}

} // namespace divlint
