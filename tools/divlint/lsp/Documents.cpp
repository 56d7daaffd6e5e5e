//===- Documents.cpp - the open documents and their latest analysis ------===//

#include "Documents.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

namespace divlint::lsp {

bool isAnalyzed(llvm::StringRef Path, llvm::StringRef LanguageId) {
  if (LanguageId == "cuda" || LanguageId == "cuda-cpp")
    return !Path.empty();
  std::string Ext = llvm::sys::path::extension(Path).lower();
  return llvm::StringSwitch<bool>(Ext)
      .Cases({".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl"}, true)
      .Default(false);
}

bool applyContentChange(std::string &Text, const llvm::json::Value &Change) {
  const llvm::json::Object *O = Change.getAsObject();
  if (!O)
    return false;
  std::optional<llvm::StringRef> NewText = O->getString("text");
  if (!NewText)
    return false;
  const llvm::json::Value *RangeValue = O->get("range");
  if (!RangeValue) {
    Text = NewText->str();
    return true;
  }
  Range R;
  llvm::json::Path::Root Root;
  if (!fromJSON(*RangeValue, R, Root))
    return false;
  LineTable Lines(Text);
  size_t Begin = Lines.offsetOf(R.Start), End = Lines.offsetOf(R.End);
  if (End < Begin)
    return false;
  Text.replace(Begin, End - Begin, NewText->str());
  return true;
}

} // namespace divlint::lsp
