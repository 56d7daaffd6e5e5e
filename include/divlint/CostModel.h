//===- CostModel.h - predicted efficiency and slowdown of a branch -*- C++ -*-===//
//
// DESIGN.md §2. Arm costs come from the AST: one unit per operation, memory accesses and special
// functions cost more, loops multiply their body by the trip count (constant when it can be
// computed, else a documented default), calls to functions with bodies cost their body.
//
// For a 2-way branch whose diverging warp splits t true / (a - t) false lanes with arm costs cT, cE:
//   time = cT*[t>0] + cE*[t<a],  efficiency = (t*cT + (a-t)*cE) / (32 * time).
// A k-way switch split evenly costs k passes. The region slowdown is the divergent time over the
// time if every warp were uniform (each warp takes one arm, picked with the lanes' odds); the
// kernel slowdown scales that by the region's share of the kernel's cost (this is what
// `divlint confirm` measures: T(original) / T(branch made warp-uniform)).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_COSTMODEL_H
#define DIVLINT_COSTMODEL_H

#include "divlint/LaneEnumerator.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace divlint {

/// Trip count assumed for loops whose count is not a compile-time constant.
constexpr double DefaultTripCount = 16;

struct ArmCosts {
  double True = 0, False = 0; ///< cost of each side (switch: mean case cost in True)
  unsigned Ways = 2;          ///< 2, or the number of case arms of a switch
  bool SideEffectFree = true; ///< no stores to memory, calls with effects, atomics, barriers, loops
};

struct Prediction {
  double Efficiency = 1;      ///< mean SIMT efficiency of the branch region
  double RegionSlowdown = 1;  ///< divergent / uniform time of the region
  double KernelSlowdown = 1;  ///< whole function (kernel) time, divergent / uniform
  bool LikelyPredicated = false;
  unsigned LoopDepth = 0;
  double Frequency = 1;       ///< executions per thread (product of enclosing trip counts)
  std::vector<std::string> Assumptions;
};

class CostModel {
public:
  explicit CostModel(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Cost of executing \p S once.
  double cost(const clang::Stmt *S);
  /// Cost of one call of \p FD (its body once).
  double functionCost(const clang::FunctionDecl *FD);
  /// Constant trip count of a loop, if it can be computed.
  std::optional<double> tripCount(const clang::Stmt *Loop);
  /// The arms of the branch \p Terminator takes on \p Condition (a leaf of it for && / ||).
  ArmCosts arms(const clang::Stmt *Terminator, const clang::Expr *Condition);

  /// Predicts efficiency and slowdown of a lane-varying branch from its enumeration result.
  Prediction predict(const clang::FunctionDecl *FD, const clang::Stmt *Terminator,
                     const clang::Expr *Condition, const EnumerationResult &R,
                     unsigned WarpSize);

private:
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, double> FunctionCosts;
  /// Statement costs, so nested branches cost linear, not quadratic, time to price.
  llvm::DenseMap<const clang::Stmt *, double> StmtCosts;
  double computeCost(const clang::Stmt *S);
  unsigned CallDepth = 0;

  bool hasSideEffects(const clang::Stmt *S);
  /// Loops enclosing \p S inside \p FD (innermost first).
  std::vector<const clang::Stmt *> enclosingLoops(const clang::Stmt *S);
};

/// The DESIGN §2 efficiency of one diverging warp: t of a active lanes true, arm costs cT, cE.
double warpEfficiency(double T, double A, double CostTrue, double CostFalse, unsigned WarpSize);

} // namespace divlint

#endif
