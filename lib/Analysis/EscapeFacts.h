//===- EscapeFacts.h - which locals are memory, and why ------------*- C++ -*-===//
//
// Private to lib/Analysis (EscapeFacts.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_ANALYSIS_ESCAPEFACTS_H
#define DIVLINT_LIB_ANALYSIS_ESCAPEFACTS_H

#include "divlint/Analysis/FunctionStructure.h"
#include <memory>

namespace clang {
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace divlint {

struct FunctionState;

/// The local variable an lvalue is part of (`v`, `s.a`, `a[i]` of an array), if any; not
/// through `->` or a pointer's subscript (what a pointer points to is not part of it).
const clang::VarDecl *rootLocal(const clang::Expr *E);

/// Whether \p VD is a local of \p FD (of its body, its lambdas' bodies included; not a
/// lambda's init-capture, which lives in the closure).
bool isLocalOf(const clang::VarDecl *VD, const clang::FunctionDecl *FD);

/// What \p F's function does with the addresses of its locals (found once per function).
std::unique_ptr<FunctionStructure::EscapeFacts> findEscapeFacts(const FunctionState &F);

} // namespace divlint

#endif
