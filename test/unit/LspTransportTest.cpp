//===- LspTransportTest.cpp - Content-Length framing of divlint lsp ------===//

#include "lsp/Transport.h"

#include <gtest/gtest.h>
#include <cstdio>
#include <vector>

using namespace divlint::lsp;

namespace {

/// Every read of \p Input until the end.
std::vector<IncomingMessage> readAll(const std::string &Input) {
  std::vector<IncomingMessage> Out;
  std::FILE *F = fmemopen(const_cast<char *>(Input.data()), Input.size(), "rb");
  EXPECT_NE(F, nullptr);
  MessageReader Reader(F);
  for (int I = 0; I < 20; ++I) {
    IncomingMessage M = Reader.read();
    if (M.What == IncomingMessage::EndOfInput)
      break;
    Out.push_back(std::move(M));
  }
  std::fclose(F);
  return Out;
}

std::string framed(const std::string &Body) {
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
}

std::string methodOf(const IncomingMessage &M) {
  const llvm::json::Object *O = M.Body.getAsObject();
  return O && O->getString("method") ? O->getString("method")->str() : "";
}

} // namespace

TEST(LspTransport, ReadsFramedMessagesBackToBack) {
  auto Ms = readAll(framed(R"({"method":"a"})") + framed(R"({"method":"b","params":[1,2]})"));
  ASSERT_EQ(Ms.size(), 2u);
  EXPECT_EQ(Ms[0].What, IncomingMessage::Message);
  EXPECT_EQ(methodOf(Ms[0]), "a");
  EXPECT_EQ(methodOf(Ms[1]), "b");
}

TEST(LspTransport, AcceptsOtherHeadersAnyCaseAndBareNewlines) {
  std::string Body = R"({"method":"x"})";
  auto Ms = readAll("content-length: " + std::to_string(Body.size()) +
                    "\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n" + Body);
  ASSERT_EQ(Ms.size(), 1u);
  EXPECT_EQ(Ms[0].What, IncomingMessage::Message);
  EXPECT_EQ(methodOf(Ms[0]), "x");
}

TEST(LspTransport, BodyIsCountedInBytesNotCharacters) {
  std::string Body = "{\"method\":\"\xC3\xA9\xF0\x9F\x98\x80\"}"; // é and an emoji
  auto Ms = readAll(framed(Body) + framed(R"({"method":"next"})"));
  ASSERT_EQ(Ms.size(), 2u);
  EXPECT_EQ(methodOf(Ms[0]), "\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(methodOf(Ms[1]), "next");
}

TEST(LspTransport, MissingContentLengthIsMalformedAndTheNextMessageIsRead) {
  auto Ms = readAll("garbage without a colon\r\nX-Other: 1\r\n\r\n" + framed(R"({"method":"ok"})"));
  ASSERT_EQ(Ms.size(), 2u);
  EXPECT_EQ(Ms[0].What, IncomingMessage::Malformed);
  EXPECT_EQ(Ms[0].Problem, "a message header without Content-Length");
  EXPECT_EQ(methodOf(Ms[1]), "ok");
}

TEST(LspTransport, GarbageLineBeforeAHeaderIsSkipped) {
  // A garbage line followed directly by a header: one header block, the message is read.
  auto Ms = readAll("noise\r\n" + framed(R"({"method":"ok"})"));
  ASSERT_EQ(Ms.size(), 1u);
  EXPECT_EQ(Ms[0].What, IncomingMessage::Message);
  EXPECT_EQ(methodOf(Ms[0]), "ok");
}

TEST(LspTransport, NonNumericAndHugeLengthsAreMalformed) {
  auto Ms = readAll("Content-Length: twelve\r\n\r\n" + framed(R"({"method":"ok"})"));
  ASSERT_EQ(Ms.size(), 2u);
  EXPECT_EQ(Ms[0].Problem, "the Content-Length header is not a number");
  EXPECT_EQ(methodOf(Ms[1]), "ok");
  auto Huge = readAll("Content-Length: 999999999999\r\n\r\n");
  ASSERT_EQ(Huge.size(), 1u);
  EXPECT_EQ(Huge[0].What, IncomingMessage::Malformed);
  EXPECT_EQ(Huge[0].Problem.rfind("a Content-Length of 999999999999 bytes", 0), 0u);
}

TEST(LspTransport, InvalidJsonIsMalformedButFramingContinues) {
  auto Ms = readAll(framed("{not json") + framed(R"({"method":"ok"})"));
  ASSERT_EQ(Ms.size(), 2u);
  EXPECT_EQ(Ms[0].What, IncomingMessage::Malformed);
  EXPECT_EQ(Ms[0].Problem.rfind("invalid JSON: ", 0), 0u) << Ms[0].Problem;
  EXPECT_EQ(methodOf(Ms[1]), "ok");
}

TEST(LspTransport, ShortBodyResynchronizesOnTheNextHeader) {
  // Announces 5 bytes but sends more: the rest runs into the next header line, whose
  // Content-Length is still found.
  std::string Next = framed(R"({"method":"ok"})");
  auto Ms = readAll("Content-Length: 5\r\n\r\n{\"method\":\"cut\"}" + Next);
  ASSERT_EQ(Ms.size(), 2u);
  EXPECT_EQ(Ms[0].What, IncomingMessage::Malformed);
  EXPECT_EQ(Ms[1].What, IncomingMessage::Message);
  EXPECT_EQ(methodOf(Ms[1]), "ok");
}

TEST(LspTransport, TruncatedInputIsMalformedThenEnds) {
  auto Ms = readAll("Content-Length: 50\r\n\r\n{\"method\":");
  ASSERT_EQ(Ms.size(), 1u);
  EXPECT_EQ(Ms[0].Problem, "the input ended after 10 of 50 announced bytes");
  auto Header = readAll("Content-Length: 50\r\n");
  ASSERT_EQ(Header.size(), 1u);
  EXPECT_EQ(Header[0].Problem, "the input ended inside a message header");
  EXPECT_TRUE(readAll("").empty());
}

TEST(LspTransport, ContentLengthIn) {
  EXPECT_EQ(contentLengthIn("Content-Length: 42"), std::optional<size_t>(42));
  EXPECT_EQ(contentLengthIn("CONTENT-LENGTH:7"), std::optional<size_t>(7));
  EXPECT_EQ(contentLengthIn("}tail of a body}Content-Length: 12"), std::optional<size_t>(12));
  EXPECT_EQ(contentLengthIn("Content-Length: -1"), std::nullopt);
  EXPECT_EQ(contentLengthIn("Content-Type: x"), std::nullopt);
}

TEST(LspTransport, WriterFramesWithTheByteLength) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  MessageWriter W(OS);
  W.send(llvm::json::Object{{"method", "\xC3\xA9"}});
  EXPECT_EQ(Out, "Content-Length: 15\r\n\r\n{\"method\":\"\xC3\xA9\"}");
  // What the writer frames, the reader reads back.
  auto Ms = readAll(Out);
  ASSERT_EQ(Ms.size(), 1u);
  EXPECT_EQ(methodOf(Ms[0]), "\xC3\xA9");
}
