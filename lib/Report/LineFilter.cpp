//===- LineFilter.cpp - keep findings on chosen lines only ---------------===//

#include "divlint/Report/LineFilter.h"

#include "divlint/Report/Finding.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdint>
#include <nlohmann/json.hpp>

namespace divlint {

namespace {

llvm::Error invalid(const std::string &Why) {
  return llvm::createStringError(std::errc::invalid_argument, "invalid --line-filter: %s",
                                 Why.c_str());
}

/// The filter \p Root describes, in clang-tidy's JSON shape (parsed from text or from CBOR).
llvm::Expected<LineFilter> filterOf(const nlohmann::json &Root) {
  using FileLines = LineFilter::FileLines;
  if (!Root.is_array())
    return invalid("expected a JSON array of {\"name\": ..., \"lines\": ...} objects");
  std::vector<FileLines> Files;
  for (size_t I = 0; I < Root.size(); ++I) {
    const nlohmann::json &Entry = Root[I];
    std::string Where = "entry " + std::to_string(I + 1);
    if (!Entry.is_object())
      return invalid(Where + " is not an object");
    for (const auto &Item : Entry.items())
      if (Item.key() != "name" && Item.key() != "lines")
        return invalid(Where + " has an unknown key '" + Item.key() + "' (name, lines)");
    auto Name = Entry.find("name");
    if (Name == Entry.end() || !Name->is_string() || Name->get<std::string>().empty())
      return invalid(Where + " needs a non-empty string \"name\"");
    FileLines File{Name->get<std::string>(), {}};
    if (auto Lines = Entry.find("lines"); Lines != Entry.end()) {
      if (!Lines->is_array())
        return invalid(Where + " (" + File.Name + "): \"lines\" must be an array of [first, last]");
      for (const nlohmann::json &Range : *Lines) {
        auto IsLine = [](const nlohmann::json &V) {
          return V.is_number_unsigned() && V.get<uint64_t>() <= UINT32_MAX;
        };
        if (!Range.is_array() || Range.size() != 2 || !IsLine(Range[0]) || !IsLine(Range[1]))
          return invalid(Where + " (" + File.Name + "): line range " + Range.dump() +
                         " is not [first, last] with non-negative integers");
        unsigned First = Range[0].get<unsigned>(), Last = Range[1].get<unsigned>();
        if (First > Last)
          return invalid(Where + " (" + File.Name + "): line range " + Range.dump() +
                         " ends before it starts");
        File.Lines.push_back({First, Last});
      }
    }
    Files.push_back(std::move(File));
  }
  return LineFilter(std::move(Files));
}

} // namespace

llvm::Expected<LineFilter> LineFilter::fromJson(llvm::StringRef Json) {
  nlohmann::json Root = nlohmann::json::parse(Json.begin(), Json.end(), /*cb=*/nullptr,
                                              /*allow_exceptions=*/false);
  if (Root.is_discarded())
    return invalid("not valid JSON (expected [{\"name\":\"file.cu\",\"lines\":[[1,3]]}, ...])");
  return filterOf(Root);
}

std::string LineFilter::toCbor() const {
  nlohmann::json Root = nlohmann::json::array();
  for (const FileLines &F : Files) {
    nlohmann::json Entry = {{"name", F.Name}};
    if (!F.Lines.empty()) { // (no "lines": every line, as fromJson reads it)
      nlohmann::json Ranges = nlohmann::json::array();
      for (const LineRange &R : F.Lines)
        Ranges.push_back(nlohmann::json::array({R.first, R.second}));
      Entry["lines"] = std::move(Ranges);
    }
    Root.push_back(std::move(Entry));
  }
  std::vector<uint8_t> Bytes = nlohmann::json::to_cbor(Root);
  return std::string(Bytes.begin(), Bytes.end());
}

llvm::Expected<LineFilter> LineFilter::fromCbor(llvm::StringRef Bytes) {
  nlohmann::json Root = nlohmann::json::from_cbor(Bytes.begin(), Bytes.end(), /*strict=*/true,
                                                  /*allow_exceptions=*/false);
  if (Root.is_discarded())
    return invalid("not a line filter's CBOR encoding");
  return filterOf(Root);
}

bool LineFilter::keeps(llvm::StringRef Path, unsigned Line) const {
  if (Files.empty())
    return true; // clang-tidy: an empty filter filters nothing
  for (const FileLines &F : Files) {
    if (!Path.ends_with(F.Name))
      continue;
    if (F.Lines.empty())
      return true;
    for (const LineRange &R : F.Lines)
      if (R.first <= Line && Line <= R.second)
        return true;
    return false; // the first entry that names the file decides, as in clang-tidy
  }
  return false;
}

bool LineFilter::keeps(const Finding &F) const {
  llvm::SmallString<256> Path(F.File);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return keeps(Path, F.Line);
}

} // namespace divlint
