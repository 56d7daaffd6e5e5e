//===- Targets.h - the private memory an lvalue or a pointer reaches -*- C++ -*-===//
//
// Private to lib/Analysis: Memory and PrivateTargets.cpp (DESIGN §6.2).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_LIB_ANALYSIS_TARGETS_H
#define DIVLINT_LIB_ANALYSIS_TARGETS_H

#include "DataFlowState.h"
#include "divlint/Analysis/ObjectContents.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class Decl;
class FieldDecl;
} // namespace clang

namespace divlint {

/// Private memory the data flow cannot follow value by value, flow-insensitive (one class per
/// field path, ObjectContents):
/// an escaped local or a variable a lambda captured (the variable, false), or what a pointer or
/// reference parameter reaches in the caller's memory (the parameter, or the method for `this`;
/// true).
using MemObject = llvm::PointerIntPair<const clang::Decl *, 1, bool>;

/// A private object, or the subobject at a field path of it (`t.l`, what `&t.l` points to).
struct ObjectRef {
  MemObject Object;
  FieldPath Path;
  bool operator==(const ObjectRef &O) const { return Object == O.Object && Path == O.Path; }
};

/// The private memory an lvalue or a pointer may reach.
struct Targets {
  llvm::SmallVector<ObjectRef, 2> Objects;
  llvm::SmallVector<AccessPath, 1> Paths; ///< tracked locals (an object, a const reference's)
  /// Arguments of this function (`this` first) through which it reaches its caller's memory
  /// otherwise than by a pointer or reference parameter (a closure's by-reference captures).
  llvm::SmallVector<unsigned, 1> Params;
  bool Any = false; ///< unknown: any private object whose address is exposed
  bool empty() const { return Objects.empty() && Paths.empty() && Params.empty() && !Any; }
  void add(const Targets &O);
  bool overlaps(const Targets &O) const;
  /// The subobjects at \p Path of what these reach (`.l.s1` of them).
  Targets member(llvm::ArrayRef<const clang::FieldDecl *> Path) const;
  /// Anywhere in the objects these reach: after pointer arithmetic, or a cast to a pointer of
  /// another type, the field they named says nothing of where the pointer lands.
  Targets wholeObjects() const;
};

} // namespace divlint

#endif
