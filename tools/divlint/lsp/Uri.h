//===- Uri.h - file:// URIs of the protocol -*- C++ -*-===//
//
// Documents are named by `file://` URIs (RFC 3986, percent-encoded); divlint and clang by
// absolute paths. Other schemes (untitled:, vscode-notebook-cell:) have no path.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_URI_H
#define DIVLINT_TOOLS_DIVLINT_LSP_URI_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace divlint::lsp {

/// `file:///a%20b/k.cu` -> `/a b/k.cu`; nullopt for another scheme or a remote authority.
std::optional<std::string> pathFromUri(llvm::StringRef Uri);

/// An absolute path as a `file://` URI (every byte but unreserved characters and '/' encoded).
std::string uriFromPath(llvm::StringRef AbsolutePath);

} // namespace divlint::lsp

#endif
