//===- Uri.cpp - file:// URIs of the protocol -----------------------------===//

#include "Uri.h"

#include "llvm/ADT/StringExtras.h"

namespace divlint::lsp {

std::optional<std::string> pathFromUri(llvm::StringRef Uri) {
  // The scheme is case-insensitive.
  if (Uri.size() < 7 || !Uri.take_front(7).equals_insensitive("file://"))
    return std::nullopt;
  llvm::StringRef Rest = Uri.drop_front(7);
  llvm::StringRef Authority = Rest.take_until([](char C) { return C == '/'; });
  if (!Authority.empty() && !Authority.equals_insensitive("localhost"))
    return std::nullopt;
  Rest = Rest.drop_front(Authority.size());
  std::string Path;
  for (size_t I = 0; I < Rest.size(); ++I) {
    if (Rest[I] == '%' && I + 2 < Rest.size() && llvm::isHexDigit(Rest[I + 1]) &&
        llvm::isHexDigit(Rest[I + 2])) {
      Path.push_back(static_cast<char>(llvm::hexFromNibbles(Rest[I + 1], Rest[I + 2])));
      I += 2;
      continue;
    }
    if (Rest[I] == '?' || Rest[I] == '#')
      break; // a query or fragment is not part of the path
    Path.push_back(Rest[I]);
  }
  if (Path.empty() || Path[0] != '/')
    return std::nullopt;
  return Path;
}

std::string uriFromPath(llvm::StringRef AbsolutePath) {
  std::string Uri = "file://";
  for (unsigned char C : AbsolutePath) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/') {
      Uri.push_back(static_cast<char>(C));
    } else {
      Uri.push_back('%');
      Uri.push_back(llvm::hexdigit(C >> 4, /*LowerCase=*/false));
      Uri.push_back(llvm::hexdigit(C & 15, /*LowerCase=*/false));
    }
  }
  return Uri;
}

} // namespace divlint::lsp
