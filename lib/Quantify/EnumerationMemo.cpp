#include "divlint/Quantify/EnumerationMemo.h"

#include "llvm/ADT/DenseMap.h"
#include <cstring>

namespace divlint {

namespace {

// Appends raw bytes: keys are built for every query, and formatting numbers as text cost more
// than the enumerations they saved. Each node's fields go out in one append.
class KeyWriter {
public:
  explicit KeyWriter(std::string &Out) : Out(Out) {}

  template <typename T> void put(T V) { Out.append(reinterpret_cast<const char *>(&V), sizeof V); }

  void write(const SymRef &E) {
    if (!E) {
      Out.push_back(static_cast<char>(0xff)); // most children are absent: the cheapest append
      return;
    }
    const SymExpr &N = *E;
    NodeBytes Node;
    Node.put<uint8_t>(static_cast<uint8_t>(N.Kind));
    Node.put<uint8_t>(static_cast<uint8_t>(N.Op));
    Node.put<uint8_t>(static_cast<uint8_t>(N.Ty.Bits));
    Node.put<uint8_t>(static_cast<uint8_t>(N.Ty.Signed | N.DataDependent << 1 | N.HasThread << 2 |
                                           N.Evaluable << 3 | static_cast<unsigned>(N.Class) << 4 |
                                           static_cast<unsigned>(N.Group) << 6));
    Node.put<uint8_t>(static_cast<uint8_t>(N.Dim));
    switch (N.Kind) {
    case SymKind::Opaque: Node.put(rename(Ids, N.Id)); break;
    case SymKind::IndVar:
      // Value holds the loop id, Id the (loop, variable) pair.
      Node.put(rename(Loops, static_cast<uint64_t>(N.Value)));
      Node.put(rename(Ids, N.Id));
      break;
    default: Node.put(N.Value); break;
    }
    Out.append(Node.Bytes, Node.Size);
    for (const SymRef *Child : {&N.A, &N.B, &N.C})
      write(*Child);
  }

  void loop(uint64_t LoopId) { put(rename(Loops, LoopId)); }

private:
  /// One node's fields: five bytes and at most eight more.
  struct NodeBytes {
    char Bytes[16];
    size_t Size = 0;
    template <typename T> void put(T V) {
      std::memcpy(Bytes + Size, &V, sizeof V);
      Size += sizeof V;
    }
  };
  using Renames = llvm::SmallDenseMap<uint64_t, unsigned, 16>;

  std::string &Out;
  Renames Ids, Loops;

  static unsigned rename(Renames &Names, uint64_t Id) {
    return Names.try_emplace(Id, Names.size()).first->second;
  }
};

} // namespace

std::string canonicalQueryKey(const EnumerationQuery &Q) {
  std::string Key;
  Key.reserve(512);
  KeyWriter W(Key);
  for (unsigned V : {Q.WarpSize, Q.RemapGroup})
    W.put(V);
  W.put<uint8_t>(Q.IsLoopCondition | Q.MultiWay << 1);
  W.write(Q.Cond);
  W.write(Q.Guard);
  for (const LoopContext &L : Q.Loops) {
    W.loop(L.LoopId);
    W.write(L.Cond);
  }
  return Key;
}

std::string canonicalEnumerationKey(llvm::StringRef QueryKey, const BlockShape &Shape) {
  std::string Key;
  Key.reserve(3 * sizeof(unsigned) + Shape.Source.size() + 2 + QueryKey.size());
  KeyWriter W(Key);
  for (unsigned V : {Shape.X, Shape.Y, Shape.Z})
    W.put(V);
  // Where the shape came from and what it fixes decide whether a split seen in no lane proves
  // uniformity (a launch's 1024x1x1) or needs the proof (an open launch's 1024x1x1 candidate).
  W.put<uint8_t>(Shape.FixedDims);
  Key.append(Shape.Source);
  Key.push_back('\0');
  Key.append(QueryKey.data(), QueryKey.size());
  return Key;
}

std::string canonicalEnumerationKey(const EnumerationQuery &Q, const BlockShape &Shape) {
  return canonicalEnumerationKey(canonicalQueryKey(Q), Shape);
}

const EnumerationResult *EnumerationMemo::find(const std::string &Key, bool ClassOnly) const {
  auto It = Results.find(Key);
  if (It == Results.end() || !It->second.answers(ClassOnly))
    return nullptr;
  return &It->second;
}

void EnumerationMemo::insert(const std::string &Key, const EnumerationResult &R) {
  if (Results.size() >= MaxEntries)
    Results.clear();
  auto [It, New] = Results.insert({Key, R});
  if (!New && R.answers(/*ClassOnly=*/false))
    It->second = R;
}

} // namespace divlint
