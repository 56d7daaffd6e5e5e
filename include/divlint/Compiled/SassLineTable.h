//===- SassLineTable.h - what nvcc compiled each source line to -*- C++ -*-===//
//
// Issue 15, compiled-code facts. `nvdisasm -c -gi` on a cubin built with `-lineinfo` prints every
// SASS instruction under `//## File "F", line N [inlined at "G", line M]` comments. Per source
// line (the innermost frame: the line the instruction's own code is on), this records its
// instructions, its conditional branches (BRA under a predicate other than PT, not BRA.DIV;
// BRX, JMX), its predicated EXITs (an `if (...) return;`), its predicated instructions (a select
// or an if nvcc if-converted), and the branches whose guard predicate it computed (nvcc often
// puts an if's branch on another line than the comparison).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_COMPILED_SASSLINETABLE_H
#define DIVLINT_COMPILED_SASSLINETABLE_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <string>
#include <utility>

namespace divlint {

struct SassLineFacts {
  unsigned Instructions = 0;
  unsigned ConditionalBranches = 0;
  unsigned PredicatedExits = 0;
  unsigned PredicatedInstructions = 0; ///< other instructions under a predicate (selects)
  unsigned GuardedBranches = 0;        ///< branches/exits elsewhere whose guard this line computed
  bool branches() const { return ConditionalBranches || PredicatedExits || GuardedBranches; }
};

/// (file as the line table names it, line) -> facts.
using SassLineTable = std::map<std::pair<std::string, unsigned>, SassLineFacts>;

/// Reads `nvdisasm -c -gi` (or `-c -g`) output. Lines without line info are skipped.
SassLineTable readNvdisasm(llvm::StringRef Text);

/// The facts of \p Line of \p File: the line table's file names are matched by their real path,
/// else by file name when only one file of the table has it. Null when no instruction is there.
const SassLineFacts *lookupLine(const SassLineTable &Table, llvm::StringRef File, unsigned Line);

} // namespace divlint

#endif
