//===- ConstantContext.h - is an expression evaluated at compile time? -*- C++ -*-===//
//
// A probe is a function call with side effects: it is not a constant expression. A condition
// that the compiler evaluates as a constant (a constexpr variable's initializer, a template
// argument, an array bound, static_assert, a case label, `if constexpr`, a constexpr or consteval
// function, an enumerator, a bit-field width) must keep its text, or the probed build fails; one
// in an unevaluated operand (sizeof, decltype, noexcept) never runs. Such conditions are listed
// as not instrumented.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_CONSTANTCONTEXT_H
#define DIVLINT_CONFIRM_CONSTANTCONTEXT_H

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace divlint::confirm {

/// Where \p E is evaluated at compile time or never (e.g. "a constexpr variable's initializer"),
/// or nullopt when it runs on the device as written.
std::optional<std::string> constantContext(clang::ASTContext &Ctx, const clang::Expr *E);

} // namespace divlint::confirm

#endif
