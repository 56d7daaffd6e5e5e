//===- Protocol.h - JSON-RPC 2.0 message shapes for the language server -*- C++ -*-===//
//
// What an incoming message is (request, notification, response, or invalid, with why) and how
// replies and notifications are built. Parameters are read with llvm::json's accessors where
// they are used. (A json::Value or ObjectKey made from a StringRef borrows it: text that does
// not outlive the message is passed as std::string.)
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_PROTOCOL_H
#define DIVLINT_TOOLS_DIVLINT_LSP_PROTOCOL_H

#include "llvm/Support/JSON.h"
#include <string>

namespace divlint::lsp {

/// JSON-RPC and LSP error codes the server answers with.
enum ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
};

struct ParsedMessage {
  enum Kind { Request, Notification, Response, Invalid } What = Invalid;
  std::string Method;
  llvm::json::Value Id = nullptr;     ///< requests (and invalid ones, when they had an id)
  llvm::json::Value Params = nullptr; ///< absent params: null
  std::string Problem;                ///< Invalid: why
};

/// Classifies one JSON-RPC message: a request has a method and an id (a number or a string),
/// a notification a method and no id, a response an id and no method.
ParsedMessage parseMessage(const llvm::json::Value &Message);

llvm::json::Value makeResponse(llvm::json::Value Id, llvm::json::Value Result);
llvm::json::Value makeError(llvm::json::Value Id, int Code, llvm::StringRef Message);
llvm::json::Value makeNotification(llvm::StringRef Method, llvm::json::Value Params);

/// \p Text as a JSON string may hold it: invalid UTF-8 (source bytes quoted in a message)
/// replaced by U+FFFD.
std::string jsonText(std::string Text);

} // namespace divlint::lsp

#endif
