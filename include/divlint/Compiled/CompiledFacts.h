//===- CompiledFacts.h - findings checked against the compiled code -*- C++ -*-===//
//
// `--compiled` (issue 15): the translation unit is compiled with nvcc for the target arch
// (`-cubin -lineinfo`) and disassembled with nvdisasm (SassLineTable.h). Each branch finding then
// says what nvcc made of its line: a real conditional branch, predicated code with no branch (an
// if-conversion or a select: the warp does not split there), or no code at all (merged into
// other lines or removed). The disassembly is cached by what determines it (the source and
// every file it includes, the nvcc command, nvcc itself).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_COMPILED_COMPILEDFACTS_H
#define DIVLINT_COMPILED_COMPILEDFACTS_H

#include "divlint/Compiled/SassLineTable.h"
#include "divlint/Report/Finding.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace divlint {

struct CompiledRequest {
  std::string Source;
  std::vector<std::string> Flags; ///< -I, -D, -isystem, -std from the compile command
  std::string Arch = "sm_90";
  std::string CudaPath;           ///< where to look for nvcc and nvdisasm first
  std::string CacheDir;           ///< empty: no cache
  std::string GivenDisassembly;   ///< a file with nvdisasm's output, instead of compiling
};

/// The line table of the compiled translation unit; an error says what failed (no nvcc, no
/// nvdisasm, nvcc's own errors).
llvm::Expected<SassLineTable> compiledLineTable(const CompiledRequest &R);

/// Adds to every branch finding of \p Findings what the compiled code has on its line (JSON
/// `compiled`, a sentence in the message); a branch nvcc predicated is a note, one it really
/// emits is no longer dismissed as "likely predicated".
void applyCompiledFacts(std::vector<Finding> &Findings, const SassLineTable &Table,
                        llvm::StringRef Arch);

} // namespace divlint

#endif
