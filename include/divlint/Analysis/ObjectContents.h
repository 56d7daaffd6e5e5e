//===- ObjectContents.h - what a private object holds, field by field -*- C++ -*-===//
//
// DESIGN §6.2: private memory holds what was stored into it. A store into one field of an object
// (`this->n = m` in a constructor, `t.l.s1 = k`) is not a store into its other fields, so an
// object's class is kept per field path: a tensor built from a lane-varying pointer and a
// uniform shape keeps its shape uniform. Paths name fields only (a base class's fields are its
// own FieldDecls, so a cast to a base needs no step); a store of unknown place (through an
// index, or a pointer cast to another type) is a store into the whole object.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_ANALYSIS_OBJECTCONTENTS_H
#define DIVLINT_ANALYSIS_OBJECTCONTENTS_H

#include "divlint/Analysis/Uniformity.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <utility>

namespace clang {
class FieldDecl;
} // namespace clang

namespace divlint {

/// Fields from an object to one of its subobjects (`.l.s1`); empty: the object itself.
using FieldPath = llvm::SmallVector<const clang::FieldDecl *, 2>;

/// Whether one path is a prefix of the other: the subobjects they name overlap.
bool pathsOverlap(llvm::ArrayRef<const clang::FieldDecl *> A,
                  llvm::ArrayRef<const clang::FieldDecl *> B);

/// The join of every store into an object: into the whole of it (`Whole`), and per field path.
/// Reading a subobject joins the whole and every path that overlaps it.
struct ObjectContents {
  Uniformity Whole = Uniformity::BlockUniform;
  llvm::SmallVector<std::pair<FieldPath, Uniformity>, 2> Fields;

  static ObjectContents of(Uniformity C) {
    ObjectContents O;
    O.Whole = C;
    return O;
  }
  /// What a read of the subobject at \p Path may see (the whole object: an empty path).
  Uniformity at(llvm::ArrayRef<const clang::FieldDecl *> Path) const;
  Uniformity all() const { return at({}); }
  /// Joins a store of class \p C into the subobject at \p Path; whether a read may now see more.
  bool store(llvm::ArrayRef<const clang::FieldDecl *> Path, Uniformity C);
  /// Joins \p O, placed at \p Path (what a callee stored through a pointer to a member).
  bool storeAll(llvm::ArrayRef<const clang::FieldDecl *> Path, const ObjectContents &O);
  /// What the subobject at \p Path holds, as an object of its own.
  ObjectContents below(llvm::ArrayRef<const clang::FieldDecl *> Path) const;
  uint64_t hash() const;
  bool operator==(const ObjectContents &O) const {
    return Whole == O.Whole && Fields == O.Fields;
  }
  bool operator!=(const ObjectContents &O) const { return !(*this == O); }
};

} // namespace divlint

#endif
