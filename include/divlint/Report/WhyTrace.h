//===- WhyTrace.h - why a branch condition has its class -*- C++ -*-===//
//
// The chain from the seeds (threadIdx.x read at 4:13, a load, a vote) through the assignments of
// the locals the condition reads, to the condition itself, in source order.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_WHYTRACE_H
#define DIVLINT_WHYTRACE_H

#include "divlint/Report/Finding.h"
#include "divlint/Analysis/SymExpr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <map>
#include <memory>
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint {

constexpr unsigned MaxWhySteps = 8;

/// Builds why traces; remembers each function's assignments so that a function with n branches
/// is walked once, not n times.
class WhyTracer {
public:
  explicit WhyTracer(clang::ASTContext &Ctx);
  ~WhyTracer();
  std::vector<SourcePoint> trace(const clang::Expr *Condition, const clang::FunctionDecl *FD,
                                 const SymRef &Value, Uniformity Class);

private:
  struct Definitions;
  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, std::unique_ptr<Definitions>> Cache;
};

} // namespace divlint

#endif
