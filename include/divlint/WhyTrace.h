//===- WhyTrace.h - why a branch condition has its class -*- C++ -*-===//
//
// The chain from the seeds (threadIdx.x read at 4:13, a load, a vote) through the assignments of
// the locals the condition reads, to the condition itself, in source order.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_WHYTRACE_H
#define DIVLINT_WHYTRACE_H

#include "divlint/Finding.h"
#include "divlint/SymExpr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint {

constexpr unsigned MaxWhySteps = 8;

std::vector<SourcePoint> buildWhyTrace(const clang::Expr *Condition,
                                       const clang::FunctionDecl *FD, const SymRef &Value,
                                       Uniformity Class, clang::ASTContext &Ctx);

} // namespace divlint

#endif
