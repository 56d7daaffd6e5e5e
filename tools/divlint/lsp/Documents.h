//===- Documents.h - the open documents and their latest analysis -*- C++ -*-===//
//
// What the client has open: each document's path, version and text (kept current by didOpen /
// didChange), and the latest analysis the server published for it: the text it analyzed (for
// positions and offsets) and all its findings in that document, uniform branches included
// (hover shows them; diagnostics only what the command line would print).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_DOCUMENTS_H
#define DIVLINT_TOOLS_DIVLINT_LSP_DOCUMENTS_H

#include "LineTable.h"
#include "divlint/Report/Finding.h"
#include "divlint/Report/KernelSummary.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace divlint::lsp {

/// One published analysis of one version of a document.
struct AnalysisSnapshot {
  int64_t Version = 0;
  LineTable Text;
  std::vector<Finding> Findings;         ///< in this document, in source order
  std::vector<llvm::json::Value> Published; ///< the diagnostic of each reported finding
  std::vector<size_t> Reported; ///< the index in Findings of each of Published
  std::vector<KernelSummary> Kernels;
  std::vector<std::string> Dependencies; ///< the files the parse read

  explicit AnalysisSnapshot(std::string AnalyzedText) : Text(std::move(AnalyzedText)) {}
};

struct Document {
  std::string Path; ///< absolute; empty for a URI that is not a file
  std::string LanguageId;
  int64_t Version = 0;
  std::string Text;
  std::shared_ptr<const AnalysisSnapshot> Latest;
};

/// Whether divlint analyzes a document: CUDA by language id (cuda, cuda-cpp) or extension
/// (.cu, .cuh), and C/C++ headers (.h, .hh, .hpp, .hxx, .inl), which CUDA units include.
bool isAnalyzed(llvm::StringRef Path, llvm::StringRef LanguageId);

/// Applies one TextDocumentContentChangeEvent to \p Text: the whole text, or (though the server
/// asks for full sync) a range replaced. False when the event is malformed.
bool applyContentChange(std::string &Text, const llvm::json::Value &Change);

} // namespace divlint::lsp

#endif
