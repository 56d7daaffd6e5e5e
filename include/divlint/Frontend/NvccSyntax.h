//===- NvccSyntax.h - source that nvcc's parser accepts and clang's rejects -*- C++ -*-===//
//
// nvcc reads inline-asm operand lists without the comma between two operands (`: "r"(a.x)
// "r"(a.y), "r"(b)`, in FasterTransformer's masked multi-head attention) as if it were there;
// clang's parser stops at the second operand and drops the whole asm statement, so the outputs
// look never stored. divlint reads sources through a file system that puts the comma in: one
// blank between the operands becomes ',', so every offset, line and column stays the same
// (docs/user-guide.md, "Exit codes").
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_NVCCSYNTAX_H
#define DIVLINT_NVCCSYNTAX_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>

namespace divlint {

/// \p Text with a ',' in place of the first blank between two inline-asm operands that nvcc
/// reads as separate (`"r"(x) "r"(y)`, `"r"(x) [name] "r"(y)`); std::nullopt when nothing
/// changes. The same length as \p Text. Operands with no blank between them are left alone.
std::optional<std::string> withAsmOperandCommas(llvm::StringRef Text);

/// \p Base, with every file read through withAsmOperandCommas.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
nvccSyntaxFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace divlint

#endif
