//===- CostModelInternal.h - what the cost model's files share -*- C++ -*-===//
//
// Private to lib/Quantify. The cost model is one class (include/divlint/Quantify/CostModel.h)
// written in several files, one concern each:
//
//   CostModel.cpp            what one execution of a statement or call costs (cost, knownCost)
//   LoopTripCount.cpp        the trip count of a loop whose start, bound and step are constants
//   UnpricedWork.cpp         naming the work cost() assumed (loops of unknown trip count, calls
//                            it cannot see into)
//   BranchArms.cpp           what each side of a branch costs, and whether it has side effects
//   EnclosingStatements.cpp  the loops and lane-varying if sides around a branch
//   BranchPrediction.cpp     predict(): efficiency and slowdowns of a branch, and their ranges
//                            over the assumed work
//   SwitchTargets.cpp        where a switch jumps, and the passes a warp makes (its own header)
//
// These are the constants and AST tests more than one of them needs.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_QUANTIFY_COSTMODELINTERNAL_H
#define DIVLINT_QUANTIFY_COSTMODELINTERNAL_H

#include "clang/AST/ExprCXX.h"
#include <optional>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
} // namespace clang

namespace divlint::costmodel {

// Relative costs (one unit: an integer or float operation).
constexpr double SpecialFunctionCost = 4;
constexpr double WarpIntrinsicCost = 2;
constexpr double AtomicCost = 8;
constexpr double UnknownCallCost = 10;
constexpr double PredicationMaxArmCost = 8; // arms at most this cheap become selects
// A bound on the pricing walk's stack, not on what it prices: each function is priced once
// (memo), by its whole body, so its price does not depend on the depth it was first asked at.
// Real call chains stay far below it (CuTe's accessors nest past 16; a cut there priced them at
// UnknownCallCost, differently for each order in which branches asked).
constexpr unsigned MaxCallDepth = 128;

/// A lambda's captures are initialized where it is written; its body runs where the lambda is
/// called, and is priced there (the call of its call operator). The walks of what a statement
/// runs visit only the captures: a generic lambda's body here is its template, calls unresolved.
inline const clang::LambdaExpr *lambdaWritten(const clang::Stmt *S) {
  return llvm::dyn_cast_or_null<clang::LambdaExpr>(S);
}

/// Whether nvcc computes \p E at compile time: literals, enumerators, constants, template
/// arguments and operators over them (`numThreads - 1` in a template). `warpSize` is not one
/// for nvcc (OperationCosts.h).
bool foldsToConstant(const clang::Expr *E);

/// Which side of a branch on \p Cond runs, when nvcc knows it (a template argument, `if
/// constexpr`): the other side is dead code.
std::optional<bool> constantCondition(const clang::Expr *Cond, const clang::ASTContext &Ctx,
                                      bool Constexpr = false);

/// Reads of threadIdx, blockIdx, blockDim, gridDim (clang's headers call a getter): nvcc reads
/// a special register once per kernel or uses a constant-bank operand, so no cost per use.
bool isBuiltinVariableRead(const clang::FunctionDecl *Callee);

} // namespace divlint::costmodel

#endif
