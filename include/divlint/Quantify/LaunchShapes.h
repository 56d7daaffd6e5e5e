//===- LaunchShapes.h - the block shape a <<<grid, block>>> launch passes -*- C++ -*-===//
//
// Real code rarely writes `<<<g, 256>>>`: it writes `int threads = 256;`, `dim3 block(8, 8, 4);`,
// `dim3 b; b.x = TILE; b.y = TILE;`, constexpr and macro values. A launch's block argument is
// resolved through locals that nothing changes after their initializer and through dim3 fields
// assigned exactly one constant; anything else (a parameter, a value computed at run time, a
// local assigned twice) leaves the shape unknown, never guessed.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LAUNCHSHAPES_H
#define DIVLINT_LAUNCHSHAPES_H

#include "divlint/Quantify/BlockShape.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace divlint {

class LaunchShapeResolver {
public:
  explicit LaunchShapeResolver(clang::ASTContext &Ctx);
  ~LaunchShapeResolver();

  /// The constant block shape of a launch's block argument, or std::nullopt.
  std::optional<BlockShape> blockShape(const clang::Expr *BlockArg);
  /// What a launch's block argument fixes, dimension by dimension: `dim3 block(32, nwarps)` is
  /// 32x?x1, `dim3 b = {4, 8, n}` 4x8x?, `<<<g, n>>>` ?x1x1; a dim3 the resolver cannot follow
  /// is ?x?x?. The concrete shapes that stand for it: candidateShapes (BlockShape.h).
  PartialBlockShape partialBlockShape(const clang::Expr *BlockArg);

  /// The shape a kernel insists on: `assert(blockDim.x == 256)` or
  /// `if (blockDim.x != 256) __trap();` (also `return`) at the top level of its body. Dimensions
  /// it does not pin stay 1 and the shape is "assert-x" (x alone is known), else "assert".
  std::optional<BlockShape> assertedShape(const clang::FunctionDecl *Kernel);
  /// The same with the dimensions the kernel does not pin unknown (`assert(blockDim.x == 32)`
  /// alone is 32x?x?).
  std::optional<PartialBlockShape> assertedPartialShape(const clang::FunctionDecl *Kernel);

  /// Whether \p VD is a local (not a parameter) with an initializer that nothing in its
  /// function changes afterwards (assigns, increments, takes the address of, binds to a
  /// non-const reference): `auto kernel = &attention<T>; kernel<<<g, b>>>(p);`.
  bool unchangedAfterInit(const clang::VarDecl *VD);

private:
  struct LocalWrites;
  clang::ASTContext &Ctx;
  /// Per function: how each of its locals is written after its declaration.
  std::map<const clang::FunctionDecl *, std::unique_ptr<LocalWrites>> Writes;

  const LocalWrites &writesIn(const clang::FunctionDecl *FD);
  std::optional<int64_t> integer(const clang::Expr *E, unsigned Depth);
  std::optional<BlockShape> shape(const clang::Expr *E, unsigned Depth);
  PartialBlockShape partial(const clang::Expr *E, unsigned Depth);
  /// (kernel, dimension) pairs an assertion pins (assertedShape).
  std::set<std::pair<const clang::FunctionDecl *, unsigned>> AssertedDims;
};

} // namespace divlint

#endif
