//===- CudaBuiltins.h - the CUDA facts the data flow relies on -*- C++ -*-===//
//
// Private to lib/Analysis. What makes a value lane-varying or uniform in CUDA, apart from the
// intrinsic table (include/divlint/Analysis/IntrinsicTable.h): the builtin variables (threadIdx,
// blockIdx, blockDim, gridDim, as clang's CUDA headers declare them), the PTX special registers
// behind them, the cooperative-groups types, and the C library's memory functions device code
// calls. The rest of the analysis asks these functions and knows no CUDA names itself.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_ANALYSIS_CUDABUILTINS_H
#define DIVLINT_LIB_ANALYSIS_CUDABUILTINS_H

#include "divlint/Analysis/CudaNames.h"
#include "divlint/Analysis/SymExpr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <utility>

namespace divlint {

/// The value of component \p Comp of builtin variable \p Var (threadIdx and blockDim are
/// symbolic; blockIdx and gridDim are block-uniform leaves).
SymRef builtinVar(unsigned Var, unsigned Comp);

/// The cooperative-groups kind and tile size of a (possibly derived) group type.
std::optional<std::pair<GroupKind, int64_t>> groupTypeOf(clang::QualType T);
/// The object a member function is called on (`g.sync()`), also for a static member called
/// through an object (`grid.thread_rank()`: a plain call whose callee is a member expression);
/// null when there is none.
const clang::Expr *memberCallObject(const clang::CallExpr *CE);

/// The C library's memory functions, which device code may call (also as `__builtin_`, as
/// clang's CUDA headers' wrappers do): memcpy-like copies from the second argument into the
/// first, bcopy from the first into the second, memset-like sets the first. None for any other.
enum class MemoryBuiltin { Copy, CopyFromSecond, Set };
std::optional<MemoryBuiltin> memoryBuiltinOf(const clang::FunctionDecl *Callee);

} // namespace divlint

#endif
