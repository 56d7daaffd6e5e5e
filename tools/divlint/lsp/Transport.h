//===- Transport.h - JSON-RPC messages framed by Content-Length -*- C++ -*-===//
//
// The Language Server Protocol's base protocol: each message is a header block (lines ending in
// \r\n, `Content-Length: N` required, other headers ignored) and N bytes of JSON. LLVM has no
// reusable transport outside clangd, so this is the small one divlint needs.
//
// Reading is lenient so that one bad message never ends the session: header lines that are not
// `Name: value` are skipped (garbage before a header), a `Content-Length` found later in such a
// line still starts a message (a body that was shorter than announced), and a header block
// without a usable length, or a body that is not JSON, is one Malformed result; the reader then
// goes on with the next message.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_TRANSPORT_H
#define DIVLINT_TOOLS_DIVLINT_LSP_TRANSPORT_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace divlint::lsp {

/// The largest body accepted (a larger length is a malformed header).
constexpr size_t MaxMessageBytes = size_t(256) << 20;

/// One read from the input.
struct IncomingMessage {
  enum Kind { Message, Malformed, EndOfInput } What = EndOfInput;
  llvm::json::Value Body = nullptr; ///< Message: the parsed JSON
  std::string Problem;              ///< Malformed: what was wrong, for the log and the reply
};

/// Reads framed messages from a stream (stdin in the server, a memory stream in tests).
class MessageReader {
public:
  explicit MessageReader(std::FILE *In) : In(In) {}
  /// Blocks until a whole message, a malformed one, or the end of the input.
  IncomingMessage read();

private:
  std::FILE *In;
  /// One header line without its line ending; nullopt at the end of the input.
  std::optional<std::string> readLine();
};

/// The value of a `Content-Length` header somewhere in \p Line (case-insensitive name):
/// the bytes announced, or nullopt when the line has none or its value is not a number.
std::optional<size_t> contentLengthIn(llvm::StringRef Line);

/// Writes framed messages; thread-safe (the reader thread answers requests, the analysis thread
/// publishes diagnostics).
class MessageWriter {
public:
  explicit MessageWriter(llvm::raw_ostream &Out) : Out(Out) {}
  void send(const llvm::json::Value &Message);

private:
  std::mutex Lock;
  llvm::raw_ostream &Out;
};

/// \p Message framed: the header block and the JSON text.
std::string frameMessage(const llvm::json::Value &Message);

} // namespace divlint::lsp

#endif
