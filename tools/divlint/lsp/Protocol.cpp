//===- Protocol.cpp - JSON-RPC 2.0 message shapes -------------------------===//

#include "Protocol.h"

namespace divlint::lsp {

using llvm::json::Object;
using llvm::json::Value;

ParsedMessage parseMessage(const Value &Message) {
  ParsedMessage M;
  const Object *O = Message.getAsObject();
  if (!O) {
    M.Problem = "a message must be a JSON object";
    return M;
  }
  const Value *Id = O->get("id");
  if (Id && Id->kind() != Value::Number && Id->kind() != Value::String &&
      Id->kind() != Value::Null) {
    M.Problem = "\"id\" must be a number or a string";
    return M;
  }
  if (Id)
    M.Id = *Id;
  const Value *Method = O->get("method");
  if (!Method) {
    if (Id && (O->get("result") || O->get("error"))) {
      M.What = ParsedMessage::Response;
      return M;
    }
    M.Problem = "a message without \"method\"";
    return M;
  }
  std::optional<llvm::StringRef> Name = Method->getAsString();
  if (!Name) {
    M.Problem = "\"method\" must be a string";
    return M;
  }
  M.Method = Name->str();
  if (const Value *Params = O->get("params"))
    M.Params = *Params;
  M.What = Id ? ParsedMessage::Request : ParsedMessage::Notification;
  return M;
}

Value makeResponse(Value Id, Value Result) {
  return Object{{"jsonrpc", "2.0"}, {"id", std::move(Id)}, {"result", std::move(Result)}};
}

Value makeError(Value Id, int Code, llvm::StringRef Message) {
  return Object{{"jsonrpc", "2.0"},
                {"id", std::move(Id)},
                {"error", Object{{"code", Code}, {"message", jsonText(Message.str())}}}};
}

Value makeNotification(llvm::StringRef Method, Value Params) {
  return Object{{"jsonrpc", "2.0"}, {"method", Method.str()}, {"params", std::move(Params)}};
}

std::string jsonText(std::string Text) {
  return llvm::json::isUTF8(Text) ? Text : llvm::json::fixUTF8(Text);
}

} // namespace divlint::lsp
