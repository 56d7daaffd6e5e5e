//===- IdentityCalls.h - calls that name their argument's object -*- C++ -*-===//
//
// Private to lib/Analysis. `std::move(x)`, `std::forward<T>(x)`, `std::move_if_noexcept(x)`,
// `std::as_const(x)` and `std::forward_like<T>(x)` are casts written as calls: the result names
// the object x names. Clang treats them as builtins and instantiates no body for them, so the
// data flow saw a call it could not analyze: a lane-varying result, stores of anything through
// the reference it was given, and a witness analysis for every kernel of modern C++ (a move
// constructor of `__nv_bfloat162`, every `std::move` of a functor). They are their argument:
// the same value, the same place.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_ANALYSIS_IDENTITYCALLS_H
#define DIVLINT_LIB_ANALYSIS_IDENTITYCALLS_H

#include "clang/AST/Expr.h"
#include "clang/Basic/Builtins.h"

namespace divlint {

/// The argument of \p E when \p E (parentheses ignored) is such a call; null otherwise.
inline const clang::Expr *identityCallArgument(const clang::Expr *E) {
  const auto *CE = E ? llvm::dyn_cast<clang::CallExpr>(E->IgnoreParens()) : nullptr;
  if (!CE || CE->getNumArgs() != 1)
    return nullptr;
  switch (CE->getBuiltinCallee()) {
  case clang::Builtin::BImove:
  case clang::Builtin::BImove_if_noexcept:
  case clang::Builtin::BIforward:
  case clang::Builtin::BIforward_like:
  case clang::Builtin::BIas_const:
    return CE->getArg(0);
  default:
    return nullptr;
  }
}

} // namespace divlint

#endif
