//===- CudaNames.h - recognizing CUDA's builtin variables in the AST -*- C++ -*-===//
//
// The part of lib/Analysis/CudaBuiltins.h that rewrites need too (lib/Fix: the warp-aligned
// remap finds every threadIdx.x it replaces, and refuses kernels that use cooperative groups),
// and the cost model (lib/Quantify: reading a builtin variable costs nothing).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_ANALYSIS_CUDANAMES_H
#define DIVLINT_ANALYSIS_CUDANAMES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <utility>

namespace divlint {

/// The builtin variable a name denotes: 0 threadIdx, 1 blockIdx, 2 blockDim, 3 gridDim.
std::optional<unsigned> builtinVarIndex(llvm::StringRef Name);
/// The component `x`, `y`, `z` (also `__fetch_builtin_x`): 0, 1, 2.
std::optional<unsigned> componentIndex(llvm::StringRef Name);
/// Whether \p D is declared in namespace cooperative_groups.
bool inCooperativeGroups(const clang::Decl *D);
/// `__nvvm_read_ptx_sreg_tid_x` and friends: (builtin var index, component).
std::optional<std::pair<unsigned, unsigned>> specialRegister(llvm::StringRef Name);
/// `threadIdx.x` and friends as written (an MS property of a builtin variable): (variable,
/// component), else std::nullopt.
std::optional<std::pair<unsigned, unsigned>> builtinVarRead(const clang::Expr *E);

} // namespace divlint

#endif
