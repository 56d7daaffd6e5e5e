//===- ResultCache.cpp - reuse a result while its inputs are unchanged ---===//
//
// An entry is CBOR (nlohmann::json::to_cbor): {"key", "files": [[path, size, hash]...],
// "result"}. CBOR rather than JSON text because results may quote source bytes that are not
// UTF-8, which CBOR strings carry unchanged.
//
//===----------------------------------------------------------------------===//

#include "divlint/Support/ResultCache.h"

#include "divlint/Support/CachePruning.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <nlohmann/json.hpp>

namespace divlint {

namespace {

/// Bumped when the entry layout changes, so that old entries are misses.
constexpr int EntryFormat = 1;

/// The file's size and content hash; nullopt when it cannot be read.
std::optional<std::pair<uint64_t, std::string>> fingerprint(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  llvm::StringRef Data = (*Buffer)->getBuffer();
  llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(Data));
  return std::make_pair(uint64_t(Data.size()),
                        llvm::utohexstr(H.high64, false, 16) + llvm::utohexstr(H.low64, false, 16));
}

} // namespace

std::string ResultCache::defaultDirectory() {
  llvm::SmallString<256> Dir;
  if (!llvm::sys::path::cache_directory(Dir))
    return "";
  llvm::sys::path::append(Dir, "divlint");
  return std::string(Dir);
}

std::string ResultCache::entryPath(llvm::StringRef Key) const {
  std::string Hex = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key)),
                                /*LowerCase=*/true);
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "results", llvm::StringRef(Hex).take_front(2),
                          llvm::StringRef(Hex).drop_front(2) + ".cbor");
  return std::string(Path);
}

std::optional<std::string> ResultCache::lookup(llvm::StringRef Key) const {
  std::string Path = entryPath(Key);
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt; // none, or pruned (CachePruning.h)
  llvm::StringRef Bytes = (*Buffer)->getBuffer();
  nlohmann::json Entry = nlohmann::json::from_cbor(Bytes.begin(), Bytes.end(), /*strict=*/true,
                                                   /*allow_exceptions=*/false);
  try {
    if (Entry.is_discarded() || Entry.at("format") != EntryFormat || Entry.at("key").get<std::string>() != Key)
      return std::nullopt;
    for (const nlohmann::json &File : Entry.at("files")) {
      std::string Input = File.at(0).get<std::string>();
      uint64_t Size = File.at(1).get<uint64_t>();
      llvm::sys::fs::file_status Status;
      if (llvm::sys::fs::status(Input, Status) || Status.getSize() != Size)
        return std::nullopt; // cheap reject before reading the file
      auto Now = fingerprint(Input);
      if (!Now || Now->second != File.at(2).get<std::string>())
        return std::nullopt;
    }
    markCacheFileUsed(Path);
    return Entry.at("result").get<std::string>();
  } catch (const nlohmann::json::exception &) {
    return std::nullopt; // written by something else: a miss, rebuilt by the next store
  }
}

std::optional<std::string> ResultCache::store(llvm::StringRef Key,
                                              llvm::ArrayRef<std::string> Files,
                                              llvm::StringRef Result,
                                              llvm::sys::TimePoint<> Started) const {
  nlohmann::json Entry = {{"format", EntryFormat}, {"key", Key.str()}};
  nlohmann::json List = nlohmann::json::array();
  for (const std::string &Path : Files) {
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(Path, Status) || Status.getLastModificationTime() >= Started)
      return std::nullopt; // gone, or changed while it was being analyzed: not reusable
    auto Print = fingerprint(Path);
    if (!Print)
      return std::nullopt;
    List.push_back({Path, Print->first, Print->second});
  }
  Entry["files"] = std::move(List);
  Entry["result"] = Result.str();
  std::vector<uint8_t> Bytes = nlohmann::json::to_cbor(Entry);

  std::string Final = entryPath(Key);
  llvm::StringRef Parent = llvm::sys::path::parent_path(Final);
  if (std::error_code EC = llvm::sys::fs::create_directories(Parent))
    return "cannot create " + Parent.str() + ": " + EC.message();
  // A temporary file beside the entry, renamed over it once complete (atomic on POSIX).
  int FD;
  llvm::SmallString<256> Temp;
  if (std::error_code EC =
          llvm::sys::fs::createUniqueFile(Parent + "/tmp-%%%%%%%%%%%%", FD, Temp))
    return "cannot write in " + Parent.str() + ": " + EC.message();
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out.write(reinterpret_cast<const char *>(Bytes.data()), Bytes.size());
    Out.close();
    if (Out.has_error()) {
      std::string Message = Out.error().message();
      Out.clear_error();
      llvm::sys::fs::remove(Temp);
      return "cannot write " + std::string(Temp) + ": " + Message;
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, Final)) {
    llvm::sys::fs::remove(Temp);
    return "cannot rename into " + Final + ": " + EC.message();
  }
  return std::nullopt;
}

} // namespace divlint
