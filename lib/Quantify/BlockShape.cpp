#include "divlint/Quantify/BlockShape.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <array>
#include <functional>

namespace divlint {

std::string BlockShape::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

std::optional<std::pair<std::string, BlockShape>> parseKernelBlockShape(llvm::StringRef Text) {
  auto [Kernel, Dims] = Text.split(':');
  Kernel = Kernel.trim();
  if (Dims.empty() || Kernel.empty())
    return std::nullopt;
  auto Shape = parseBlockShape(Dims);
  if (!Shape)
    return std::nullopt;
  return std::make_pair(Kernel.str(), *Shape);
}

std::optional<BlockShape> parseBlockShape(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.trim().split(Parts, Text.contains(',') ? ',' : 'x');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  unsigned Dims[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Dims[I]) || Dims[I] == 0)
      return std::nullopt;
  BlockShape S;
  S.X = Dims[0];
  S.Y = Dims[1];
  S.Z = Dims[2];
  S.Source = "option";
  if (uint64_t(S.X) * S.Y * S.Z > MaxThreadsPerBlock)
    return std::nullopt;
  return S;
}

} // namespace divlint

namespace divlint {

std::optional<BlockShape> PartialBlockShape::shape() const {
  if (!complete())
    return std::nullopt;
  BlockShape S;
  S.X = *Dims[0];
  S.Y = *Dims[1];
  S.Z = *Dims[2];
  S.Source = Source;
  return S;
}

std::string PartialBlockShape::str() const {
  std::string S;
  for (unsigned D = 0; D < 3; ++D)
    S += (D ? "x" : "") + (Dims[D] ? std::to_string(*Dims[D]) : std::string("?"));
  return S;
}

unsigned PartialBlockShape::knownThreads() const {
  unsigned N = 1;
  for (const auto &D : Dims)
    N *= D.value_or(1);
  return N;
}

bool PartialBlockShape::indexIsWarpUniform(unsigned Dim, unsigned WarpSize) const {
  if (Dim > 2)
    return false;
  if (Dims[Dim] == 1u)
    return true;
  // Linear id = x + y*X + z*X*Y: threads of one warp share the coordinates past a prefix whose
  // extent is a multiple of the warp size (warps start at multiples of it).
  unsigned Prefix = 1;
  for (unsigned D = 0; D < Dim; ++D) {
    if (!Dims[D])
      return false;
    Prefix *= *Dims[D];
  }
  return Prefix % WarpSize == 0;
}

namespace {

constexpr size_t MaxListed = 64;           ///< shapes listed one by one, at most
constexpr unsigned MaxListedThreads = 1 << 16; ///< and their threads together
constexpr size_t MaxSampled = 4;           ///< largest shapes of a sample that covers nothing

/// Every assignment of the unknown dimensions of \p P within the thread limit, in order.
std::vector<BlockShape> allAllowed(const PartialBlockShape &P, size_t Limit) {
  std::vector<BlockShape> Out;
  unsigned Max[3];
  for (unsigned D = 0; D < 3; ++D)
    Max[D] = P.Dims[D] ? *P.Dims[D] : MaxThreadsPerBlock / P.knownThreads();
  for (unsigned X = P.Dims[0] ? Max[0] : 1; X <= Max[0]; ++X)
    for (unsigned Y = P.Dims[1] ? Max[1] : 1; Y <= Max[1] && X * Y <= MaxThreadsPerBlock; ++Y)
      for (unsigned Z = P.Dims[2] ? Max[2] : 1; Z <= Max[2] && X * Y * Z <= MaxThreadsPerBlock;
           ++Z) {
        if (Out.size() > Limit)
          return Out;
        BlockShape S;
        S.X = X, S.Y = Y, S.Z = Z, S.Source = "partial";
        Out.push_back(S);
      }
  return Out;
}

/// The allowed shapes no other allowed shape contains (the largest ones), in \p All's order.
/// Every shape that contains S comes before S in descending (x, y, z) order, with an x at least
/// S's: a sweep in that order that keeps the largest z seen at each y or above finds them in
/// n log n steps (comparing every pair, for the 4096 shapes of an unknown launch, took a
/// tenth of a second per launch).
std::vector<BlockShape> maximal(const std::vector<BlockShape> &All) {
  using Point = std::array<unsigned, 3>;
  std::vector<Point> Sorted;
  unsigned MaxY = 0;
  for (const BlockShape &S : All) {
    Sorted.push_back({S.X, S.Y, S.Z});
    MaxY = std::max(MaxY, S.Y);
  }
  std::sort(Sorted.begin(), Sorted.end(), std::greater<Point>());
  Sorted.erase(std::unique(Sorted.begin(), Sorted.end()), Sorted.end());
  // A Fenwick tree of the largest z + 1 seen, over MaxY - y: its prefixes are the y's above.
  std::vector<unsigned> Tree(MaxY + 2, 0);
  std::vector<char> Contained(Sorted.size(), 0);
  for (size_t I = 0; I < Sorted.size(); ++I) {
    const Point &P = Sorted[I];
    unsigned Best = 0;
    for (unsigned R = MaxY - P[1] + 1; R > 0; R -= R & -R)
      Best = std::max(Best, Tree[R]);
    Contained[I] = Best >= P[2] + 1;
    for (unsigned R = MaxY - P[1] + 1; R < Tree.size(); R += R & -R)
      Tree[R] = std::max(Tree[R], P[2] + 1);
  }
  std::vector<BlockShape> Out;
  for (const BlockShape &S : All) {
    Point P{S.X, S.Y, S.Z};
    auto It = std::lower_bound(Sorted.begin(), Sorted.end(), P, std::greater<Point>());
    if (!Contained[It - Sorted.begin()])
      Out.push_back(S);
  }
  return Out;
}

} // namespace

static ShapeCandidates candidateLayouts(const PartialBlockShape &P, unsigned WarpSize);

ShapeCandidates candidateShapes(const PartialBlockShape &P, unsigned WarpSize) {
  ShapeCandidates C = candidateLayouts(P, WarpSize);
  // A candidate's unknown dimensions are layouts to check, not values the code fixes: the
  // uniformity proof keeps those blockDim components open.
  unsigned char Fixed = 0;
  for (unsigned D = 0; D < 3; ++D)
    Fixed |= P.Dims[D] ? 1u << D : 0u;
  for (BlockShape &S : C.Shapes) {
    S.FixedDims = Fixed;
    S.Sampled = !C.CoversLayouts;
  }
  return C;
}

namespace {

/// Whether the warp layout of \p P's allowed shapes does not depend on the unknown values
/// (candidateLayouts says why each case holds).
bool layoutIndependent(const PartialBlockShape &P, unsigned WarpSize) {
  unsigned First = P.firstUnknown();
  unsigned Prefix = 1;
  for (unsigned D = 0; D < First; ++D)
    Prefix *= *P.Dims[D];
  bool OnlyUnknown = true, TrailingOnes = true;
  for (unsigned D = First + 1; D < 3; ++D) {
    OnlyUnknown &= P.Dims[D].has_value();
    TrailingOnes &= P.Dims[D] == 1u;
  }
  return Prefix % WarpSize == 0 || (OnlyUnknown && TrailingOnes);
}

/// Whether \p All (allAllowed's) is few enough shapes to list one by one.
bool fewEnoughToList(const std::vector<BlockShape> &All) {
  unsigned AllThreads = 0;
  for (const BlockShape &S : All)
    AllThreads += S.threads();
  return All.size() <= MaxListed && AllThreads <= MaxListedThreads;
}

} // namespace

static ShapeCandidates candidateLayouts(const PartialBlockShape &P, unsigned WarpSize) {
  ShapeCandidates C;
  if (auto S = P.shape()) {
    C.Shapes = {*S};
    C.CoversLayouts = C.Exhaustive = true;
    return C;
  }
  std::vector<BlockShape> All = allAllowed(P, MaxListed * 64);
  if (layoutIndependent(P, WarpSize)) {
    // The warp layout does not depend on the unknown values, so every allowed shape S embeds
    // into a largest one L that contains it (S.d <= L.d in every dimension), warp by warp:
    //  - the known dimensions before the first unknown one span a multiple of the warp size:
    //    with linear id x + y*X + z*X*Y, a warp is an aligned run of WarpSize ids of that
    //    prefix at fixed values of the later coordinates, the same run in S as in L;
    //  - or the only unknown dimension is the last one longer than 1: the linear id of a
    //    thread is the same in S and in L (the unknown extent multiplies nothing), so a warp
    //    of S is the part of a warp of L that S has.
    // A condition on thread indices that splits a warp of S splits that warp of L.
    C.Shapes = maximal(All);
    C.CoversLayouts = true;
  } else {
    if (fewEnoughToList(All)) {
      // The layout changes with the unknown values, but the shapes are few: all of them.
      C.Shapes = All;
      std::reverse(C.Shapes.begin(), C.Shapes.end()); // the largest first
      C.CoversLayouts = C.Exhaustive = true;
      return C;
    }
    // The layout changes with the unknown values (16-wide rows and an unknown y with z = 2:
    // where a warp wraps into the next slice depends on y) and there are too many shapes to
    // list: the largest shapes and the small ones below are a sample, nothing more. What the
    // sample proves is not used (ShapeJoin.cpp), so a few layouts give witnesses and numbers.
    C.Shapes = maximal(All);
    if (C.Shapes.size() > MaxSampled)
      C.Shapes.resize(MaxSampled);
    // The known dimensions before the first unknown one are exact in every allowed shape
    // (40x?x?: x = linear id mod 40 whatever y and z are), and all their warps are in the
    // shape whose first unknown dimension is as large as allowed, the later ones 1 (40x25x1):
    // conditions on those indices alone are decided by it.
    PartialBlockShape Rows = P;
    for (unsigned D = P.firstUnknown() + 1; D < 3; ++D)
      if (!Rows.Dims[D])
        Rows.Dims[D] = 1u;
    std::vector<BlockShape> Largest = maximal(allAllowed(Rows, MaxListed * 64));
    if (!Largest.empty() &&
        std::find(C.Shapes.begin(), C.Shapes.end(), Largest.front()) == C.Shapes.end())
      C.Shapes.insert(C.Shapes.begin(), Largest.front());
  }
  // Small values of each unknown dimension (the others as large as allowed): conditions that
  // read an unknown blockDim component see more than its largest value.
  for (unsigned D = 0; D < 3; ++D) {
    if (P.Dims[D])
      continue;
    for (unsigned V : {1u, 2u, 3u}) {
      PartialBlockShape Q = P;
      Q.Dims[D] = V;
      if (Q.knownThreads() > MaxThreadsPerBlock)
        continue;
      std::vector<BlockShape> Largest = maximal(allAllowed(Q, MaxListed * 64));
      if (!Largest.empty() &&
          std::find(C.Shapes.begin(), C.Shapes.end(), Largest.front()) == C.Shapes.end())
        C.Shapes.push_back(Largest.front());
    }
  }
  return C;
}

ShapeCandidates candidateShapes(const std::vector<PartialBlockShape> &Launches,
                                unsigned WarpSize) {
  ShapeCandidates All;
  All.CoversLayouts = All.Exhaustive = !Launches.empty();
  for (const PartialBlockShape &P : Launches) {
    ShapeCandidates C = candidateShapes(P, WarpSize);
    All.CoversLayouts &= C.CoversLayouts;
    All.Exhaustive &= C.Exhaustive;
    for (const BlockShape &S : C.Shapes)
      if (std::find(All.Shapes.begin(), All.Shapes.end(), S) == All.Shapes.end())
        All.Shapes.push_back(S);
  }
  return All;
}

} // namespace divlint
