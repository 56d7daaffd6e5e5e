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
  for (const FieldStores &F : Fields)
    if (pathsOverlap(F.Path, Path))
      C = join(C, F.Class);
  return C;
}

bool ObjectContents::noPrivateAddressAt(llvm::ArrayRef<const clang::FieldDecl *> Path) const {
  if (!WholeNoPrivateAddress)
    return false;
  for (const FieldStores &F : Fields)
    if (pathsOverlap(F.Path, Path) && !F.NoPrivateAddress)
      return false;
  return true;
}

bool ObjectContents::store(llvm::ArrayRef<const clang::FieldDecl *> Path, Uniformity C,
                           bool NoPrivateAddress) {
  if (Path.size() > MaxPathLength)
    Path = Path.take_front(MaxPathLength);
  auto Own = llvm::find_if(Fields, [&](const FieldStores &F) {
    return llvm::ArrayRef<const clang::FieldDecl *>(F.Path) == Path;
  });
  if (Path.empty() || (Own == Fields.end() && Fields.size() >= MaxFieldPaths)) {
    bool Grew = join(Whole, C) != Whole || (WholeNoPrivateAddress && !NoPrivateAddress);
    Whole = join(Whole, C);
    WholeNoPrivateAddress &= NoPrivateAddress;
    return Grew;
  }
  // Already covered: the whole holds at least as much.
  if (join(Whole, C) == Whole && (NoPrivateAddress || !WholeNoPrivateAddress))
    return false;
  if (Own != Fields.end()) {
    bool Grew = join(Own->Class, C) != Own->Class || (Own->NoPrivateAddress && !NoPrivateAddress);
    Own->Class = join(Own->Class, C);
    Own->NoPrivateAddress &= NoPrivateAddress;
    return Grew;
  }
  Fields.push_back({FieldPath(Path.begin(), Path.end()), C, NoPrivateAddress});
  return true;
}

bool ObjectContents::storeAll(llvm::ArrayRef<const clang::FieldDecl *> Path,
                              const ObjectContents &O) {
  bool Grew = store(Path, O.Whole, O.WholeNoPrivateAddress);
  for (const FieldStores &F : O.Fields) {
    FieldPath Full(Path.begin(), Path.end());
    Full.append(F.Path.begin(), F.Path.end());
    Grew |= store(Full, F.Class, F.NoPrivateAddress);
  }
  return Grew;
}

ObjectContents ObjectContents::below(llvm::ArrayRef<const clang::FieldDecl *> Path) const {
  ObjectContents O = of(Whole, WholeNoPrivateAddress);
  for (const FieldStores &F : Fields) {
    if (!pathsOverlap(F.Path, Path))
      continue;
    if (F.Path.size() <= Path.size()) { // the subobject lies in what was stored: all of it
      O.Whole = join(O.Whole, F.Class);
      O.WholeNoPrivateAddress &= F.NoPrivateAddress;
    } else {
      O.store(llvm::ArrayRef<const clang::FieldDecl *>(F.Path).drop_front(Path.size()), F.Class,
              F.NoPrivateAddress);
    }
  }
  return O;
}

uint64_t ObjectContents::hash() const {
  uint64_t H = llvm::hash_combine(static_cast<int>(Whole), WholeNoPrivateAddress, Fields.size());
  for (const FieldStores &F : Fields) {
    H = llvm::hash_combine(H, static_cast<int>(F.Class), F.NoPrivateAddress);
    for (const clang::FieldDecl *FD : F.Path)
      H = llvm::hash_combine(H, FD);
  }
  return H;
}

} // namespace divlint
