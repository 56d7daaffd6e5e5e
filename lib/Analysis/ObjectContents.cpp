//===- ObjectContents.cpp - what a private object holds, field by field ---===//

#include "divlint/Analysis/ObjectContents.h"

#include "llvm/ADT/Hashing.h"
#include <algorithm>

namespace divlint {

namespace {
/// Beyond this many paths an object keeps new stores in its whole (sound, coarser): CuTe's
/// nested tuples would otherwise grow one path per leaf of every layout.
constexpr size_t MaxFieldPaths = 48;
constexpr size_t MaxPathLength = 8;
} // namespace

bool pathsOverlap(llvm::ArrayRef<const clang::FieldDecl *> A,
                  llvm::ArrayRef<const clang::FieldDecl *> B) {
  size_t N = std::min(A.size(), B.size());
  return std::equal(A.begin(), A.begin() + N, B.begin());
}

Uniformity ObjectContents::at(llvm::ArrayRef<const clang::FieldDecl *> Path) const {
  Uniformity C = Whole;
  for (const auto &[P, FC] : Fields)
    if (pathsOverlap(P, Path))
      C = join(C, FC);
  return C;
}

bool ObjectContents::store(llvm::ArrayRef<const clang::FieldDecl *> Path, Uniformity C) {
  if (Path.size() > MaxPathLength)
    Path = Path.take_front(MaxPathLength);
  if (Path.empty() || (Fields.size() >= MaxFieldPaths &&
                       llvm::none_of(Fields, [&](const auto &F) { return F.first == Path; }))) {
    if (join(Whole, C) == Whole)
      return false;
    Whole = join(Whole, C);
    return true;
  }
  // Already covered: the whole, or the subobject itself, holds at least C.
  if (join(Whole, C) == Whole)
    return false;
  for (auto &[P, FC] : Fields)
    if (llvm::ArrayRef<const clang::FieldDecl *>(P) == Path) {
      if (join(FC, C) == FC)
        return false;
      FC = join(FC, C);
      return true;
    }
  Fields.push_back({FieldPath(Path.begin(), Path.end()), C});
  return true;
}

bool ObjectContents::storeAll(llvm::ArrayRef<const clang::FieldDecl *> Path,
                              const ObjectContents &O) {
  bool Grew = store(Path, O.Whole);
  for (const auto &[P, FC] : O.Fields) {
    FieldPath Full(Path.begin(), Path.end());
    Full.append(P.begin(), P.end());
    Grew |= store(Full, FC);
  }
  return Grew;
}

ObjectContents ObjectContents::below(llvm::ArrayRef<const clang::FieldDecl *> Path) const {
  ObjectContents O;
  O.Whole = Whole;
  for (const auto &[P, FC] : Fields) {
    if (!pathsOverlap(P, Path))
      continue;
    if (P.size() <= Path.size()) // the subobject lies in what was stored: all of it
      O.Whole = join(O.Whole, FC);
    else
      O.store(llvm::ArrayRef<const clang::FieldDecl *>(P).drop_front(Path.size()), FC);
  }
  return O;
}

uint64_t ObjectContents::hash() const {
  uint64_t H = llvm::hash_combine(static_cast<int>(Whole), Fields.size());
  for (const auto &[P, FC] : Fields) {
    H = llvm::hash_combine(H, static_cast<int>(FC));
    for (const clang::FieldDecl *F : P)
      H = llvm::hash_combine(H, F);
  }
  return H;
}

} // namespace divlint
