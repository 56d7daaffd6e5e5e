//===- StackGuard.h - deep nesting ends with an error, not a crash -*- C++ -*-===//
//
// clang's parser recurses once per level of constructs that have no nesting limit (`!!!!x`,
// `if (a) if (b) ...`, long `else if` chains), so a hostile file overflows any stack, and
// clang 22 overflows the usual 8 MiB one at a few thousand levels. runWithStackGuard runs a
// parse on a thread with a large stack and turns an overflow of that stack into
// `divlint: error: FILE: nesting too deep ...` and exit status 2 (tool failure).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_STACKGUARD_H
#define DIVLINT_STACKGUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace divlint {

/// Address space, not memory: only the pages a deep recursion touches become resident.
constexpr unsigned DefaultGuardedStackMB = 512;

/// Runs \p Fn on a thread with a \p StackMB MiB stack and waits for it. If \p Fn overflows that
/// stack, the process prints an error naming \p File and exits with status 2. Other faults go to
/// the handler installed before (LLVM's crash handler). Runs \p Fn directly where a thread with
/// such a stack cannot be created.
void runWithStackGuard(llvm::StringRef File, llvm::function_ref<void()> Fn,
                       unsigned StackMB = DefaultGuardedStackMB);

} // namespace divlint

#endif
