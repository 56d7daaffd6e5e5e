//===- Transport.cpp - JSON-RPC messages framed by Content-Length --------===//

#include "Transport.h"

#include "llvm/ADT/StringExtras.h"

namespace divlint::lsp {

std::optional<std::string> MessageReader::readLine() {
  std::string Line;
  for (;;) {
    int C = std::getc(In);
    if (C == EOF)
      return Line.empty() ? std::nullopt : std::optional<std::string>(Line);
    if (C == '\n')
      break;
    // A header line never needs to be long; garbage without line breaks must not grow it
    // without bound (only its tail can still hold a Content-Length).
    if (Line.size() >= 4096)
      Line.erase(0, 2048);
    Line.push_back(static_cast<char>(C));
  }
  if (!Line.empty() && Line.back() == '\r')
    Line.pop_back();
  return Line;
}

std::optional<size_t> contentLengthIn(llvm::StringRef Line) {
  std::string Lower = Line.lower();
  size_t At = llvm::StringRef(Lower).rfind("content-length:");
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Value = Line.drop_front(At + strlen("content-length:")).trim();
  size_t Length;
  if (Value.empty() || Value.getAsInteger(10, Length))
    return std::nullopt;
  return Length;
}

IncomingMessage MessageReader::read() {
  IncomingMessage Result;
  std::optional<size_t> Length;
  bool SawHeader = false, BadLength = false;
  // The header block: up to the first empty line after something was seen.
  for (;;) {
    std::optional<std::string> Line = readLine();
    if (!Line) {
      if (!SawHeader)
        return Result; // EndOfInput
      Result.What = IncomingMessage::Malformed;
      Result.Problem = "the input ended inside a message header";
      return Result;
    }
    if (Line->empty()) {
      if (SawHeader)
        break;
      continue; // stray line breaks between messages
    }
    SawHeader = true;
    if (llvm::StringRef(*Line).lower().find("content-length") != std::string::npos) {
      Length = contentLengthIn(*Line);
      BadLength = !Length;
    }
  }
  Result.What = IncomingMessage::Malformed;
  if (!Length) {
    Result.Problem = BadLength ? "the Content-Length header is not a number"
                               : "a message header without Content-Length";
    return Result;
  }
  if (*Length > MaxMessageBytes) {
    Result.Problem = "a Content-Length of " + std::to_string(*Length) + " bytes (at most " +
                     std::to_string(MaxMessageBytes) + ")";
    return Result;
  }
  std::string Body(*Length, '\0');
  size_t Got = *Length ? std::fread(Body.data(), 1, *Length, In) : 0;
  if (Got != *Length) {
    Result.Problem = "the input ended after " + std::to_string(Got) + " of " +
                     std::to_string(*Length) + " announced bytes";
    return Result;
  }
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Body);
  if (!Parsed) {
    Result.Problem = "invalid JSON: " + llvm::toString(Parsed.takeError());
    return Result;
  }
  Result.What = IncomingMessage::Message;
  Result.Body = std::move(*Parsed);
  return Result;
}

std::string frameMessage(const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream(Body) << Message;
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
}

void MessageWriter::send(const llvm::json::Value &Message) {
  std::string Framed = frameMessage(Message);
  std::lock_guard<std::mutex> Guard(Lock);
  Out << Framed;
  Out.flush();
}

} // namespace divlint::lsp
