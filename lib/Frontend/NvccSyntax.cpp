#include "divlint/Frontend/NvccSyntax.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"

namespace divlint {

namespace {

bool isIdentChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || (C >= '0' && C <= '9') || C == '_';
}

/// A scan of C++ text that steps over comments and string and character literals.
class Scanner {
public:
  explicit Scanner(std::string &Text) : Text(Text) {}

  void run() {
    size_t I = 0;
    while (I < Text.size()) {
      size_t Next = skipTrivia(I);
      if (Next != I) {
        I = Next;
        continue;
      }
      char C = Text[I];
      if (isIdentChar(C)) {
        size_t End = I;
        while (End < Text.size() && isIdentChar(Text[End]))
          ++End;
        llvm::StringRef Word(Text.data() + I, End - I);
        I = (Word == "asm" || Word == "__asm__" || Word == "__asm") ? asmStatement(End) : End;
        continue;
      }
      ++I;
    }
  }

  bool Changed = false;

private:
  std::string &Text;

  /// Past a comment or a literal starting at \p I (I itself when there is none).
  size_t skipTrivia(size_t I) const {
    if (Text.compare(I, 2, "//") == 0) {
      size_t E = Text.find('\n', I);
      return E == std::string::npos ? Text.size() : E;
    }
    if (Text.compare(I, 2, "/*") == 0) {
      size_t E = Text.find("*/", I + 2);
      return E == std::string::npos ? Text.size() : E + 2;
    }
    if (Text[I] == '"' || Text[I] == '\'') {
      // A digit separator (1'000) is no literal.
      if (Text[I] == '\'' && I > 0 && isIdentChar(Text[I - 1]))
        return I + 1;
      char Quote = Text[I];
      size_t J = I + 1;
      while (J < Text.size() && Text[J] != Quote && Text[J] != '\n')
        J += Text[J] == '\\' ? 2 : 1;
      return std::min(J + 1, Text.size());
    }
    return I;
  }

  size_t skipBlanks(size_t I) const {
    while (I < Text.size()) {
      if (Text[I] == ' ' || Text[I] == '\t' || Text[I] == '\n' || Text[I] == '\r' ||
          Text[I] == '\\' || Text[I] == '\f' || Text[I] == '\v') {
        ++I;
        continue;
      }
      size_t Next = (Text.compare(I, 2, "//") == 0 || Text.compare(I, 2, "/*") == 0)
                        ? skipTrivia(I)
                        : I;
      if (Next == I)
        break;
      I = Next;
    }
    return I;
  }

  /// After the `asm` keyword at \p I: its qualifiers, then its parenthesized body, where the
  /// blank between an operand's `)` and the next operand's constraint (or `[name]`) becomes
  /// ','. Returns where the scan goes on.
  size_t asmStatement(size_t I) {
    I = skipBlanks(I);
    while (I < Text.size() && isIdentChar(Text[I])) {
      size_t End = I;
      while (End < Text.size() && isIdentChar(Text[End]))
        ++End;
      bool Qualifier = llvm::StringSwitch<bool>(llvm::StringRef(Text.data() + I, End - I))
                           .Cases({"volatile", "__volatile__", "__volatile", "inline", "goto"}, true)
                           .Default(false);
      if (!Qualifier)
        return I;
      I = skipBlanks(End);
    }
    if (I >= Text.size() || Text[I] != '(')
      return I;
    unsigned Depth = 0;
    bool InOperands = false;      // past the first ':' of the body
    size_t OperandClose = 0;      // just past an operand's closing ')', 0 if none is pending
    for (size_t J = I; J < Text.size();) {
      if (size_t Next = skipBlanks(J); Next != J) { // blanks and comments
        J = Next;
        continue;
      }
      char C = Text[J];
      if (Depth == 1 && InOperands && OperandClose && (C == '"' || C == '['))
        insertComma(OperandClose, J);
      OperandClose = 0;
      if (C == '"' || C == '\'') {
        J = skipTrivia(J);
        continue;
      }
      if (C == '(') {
        ++Depth;
      } else if (C == ')') {
        if (--Depth == 0)
          return J + 1;
        if (Depth == 1 && InOperands)
          OperandClose = J + 1;
      } else if (C == ':' && Depth == 1) {
        InOperands = true;
      } else if (C == ';' || C == '{' || C == '}') {
        return J; // not an asm statement after all
      }
      ++J;
    }
    return Text.size();
  }

  /// The first space or tab in [From, To) becomes ',' (a newline would move the lines below).
  void insertComma(size_t From, size_t To) {
    for (size_t K = From; K < To; ++K)
      if (Text[K] == ' ' || Text[K] == '\t') {
        Text[K] = ',';
        Changed = true;
        return;
      }
  }
};

/// A file whose contents are read through withAsmOperandCommas.
class PatchedFile : public llvm::vfs::File {
public:
  explicit PatchedFile(std::unique_ptr<llvm::vfs::File> Inner) : Inner(std::move(Inner)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return Inner->status(); }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    auto Buffer = Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (!Buffer)
      return Buffer;
    std::optional<std::string> Patched = withAsmOperandCommas((*Buffer)->getBuffer());
    if (!Patched)
      return Buffer;
    return llvm::MemoryBuffer::getMemBufferCopy(*Patched, (*Buffer)->getBufferIdentifier());
  }
  std::error_code close() override { return Inner->close(); }

private:
  std::unique_ptr<llvm::vfs::File> Inner;
};

class NvccSyntaxFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    return std::unique_ptr<llvm::vfs::File>(std::make_unique<PatchedFile>(std::move(*F)));
  }
};

} // namespace

std::optional<std::string> withAsmOperandCommas(llvm::StringRef Text) {
  // Most files have no asm: one search decides.
  if (Text.find("asm") == llvm::StringRef::npos)
    return std::nullopt;
  std::string Copy = Text.str();
  Scanner S(Copy);
  S.run();
  if (!S.Changed)
    return std::nullopt;
  return Copy;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
nvccSyntaxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<NvccSyntaxFileSystem>(std::move(Base));
}

} // namespace divlint
