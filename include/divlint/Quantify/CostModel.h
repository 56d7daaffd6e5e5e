//===- CostModel.h - predicted efficiency and slowdown of a branch -*- C++ -*-===//
//
// DESIGN.md §2. Arm costs come from the AST: one unit per operation, memory accesses and special
// functions cost more, loops multiply their body by the trip count (constant when it can be
// computed, else a documented default), calls to functions with bodies cost their body.
//
// For a 2-way branch whose diverging warp splits t true / (a - t) false lanes with arm costs cT, cE:
//   time = cT*[t>0] + cE*[t<a],  efficiency = (t*cT + (a-t)*cE) / (32 * time),
// a counting the lanes that reach the branch: fewer than 32 in blocks smaller than a warp and
// under enclosing conditions (the enumeration's means). A switch whose warp takes k case targets
// costs k passes (efficiency a / (32 k)); k comes from the enumerated values of each warp mapped
// to the switch's cases, else the number of cases. The region slowdown is the divergent time over
// the time with the same lanes regrouped so that every warp agrees (issue 15: the time lost to
// divergence, 1 / efficiency for full warps); the kernel slowdown adds the region's lost time,
// times how often it runs, to the function's own cost. Where data decides the split (tails,
// data-dependent conditions) these are ranges: best case no warp splits, worst case the split the
// arm costs make most expensive. The first-lane counterfactual (each warp follows its first
// active lane), which `divlint confirm` times, is kept as its own number.
//
// The class is written in lib/Quantify by concern; lib/Quantify/CostModelInternal.h lists the
// files.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_COSTMODEL_H
#define DIVLINT_COSTMODEL_H

#include "divlint/Quantify/LaneEnumerator.h"
#include "divlint/Quantify/SwitchTargets.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class BinaryOperator;
}

namespace divlint {

namespace costmodel {
struct BranchContext; // one branch as predict() sees it (BranchPrediction.cpp)
} // namespace costmodel

/// A `for`, `while`, `do` or range-`for` statement.
bool isLoop(const clang::Stmt *S);

/// Trip count assumed for loops whose count is not a compile-time constant.
constexpr double DefaultTripCount = 16;
/// Cost of a load or store through a pointer (one unit: one warp instruction issued).
constexpr double MemoryAccessCost = 4;
/// What every warp of a kernel runs besides its body: setting up the stack pointer and the
/// memory descriptor, and EXIT (SASS of bench/costs/ops.cu's `baseline`, sm_90).
constexpr double KernelEntryExitCost = 3;

struct ArmCosts {
  double True = 0, False = 0; ///< cost of each side (switch: mean case cost in True)
  unsigned Ways = 2;          ///< 2, or the number of case arms of a switch
  bool SideEffectFree = true; ///< no stores to memory, calls with effects, atomics, barriers, loops
  /// Work both sides of an if/?: do alike, which the compiler runs once for the whole warp
  /// (sharedArmCost): already taken out of True and False.
  double Shared = 0;
};

/// A number the code decides (Low == High) or, where data decides, the range it may take.
struct Bounds {
  double Low = 1, High = 1;
  bool point() const { return Low == High; }
  /// Widens to hold \p B too.
  void widen(const Bounds &B) {
    Low = std::min(Low, B.Low);
    High = std::max(High, B.High);
  }
};

/// How often the sides of the lane-varying ifs around a nested branch run, per warp evaluation
/// of the outermost: as the lanes are (AsRun: a diverging warp runs both sides) and with the
/// lanes regrouped. The function's cost prices each side at half; without these, a branch
/// nested in a split counts the split's lost time twice (the regrouping runs of issue 15).
struct EnclosingArms {
  double AsRun = 1, Regrouped = 1;
};

struct Prediction {
  ArmCosts Arms;              ///< the arm costs the numbers below use (cT, cE)
  /// Mean SIMT efficiency of the branch region: a point when thread indices and shapes decide
  /// the split (enumerated), else the range from the best case (no warp splits) to the worst
  /// split the arm costs allow.
  Bounds Efficiency;
  /// Time lost to divergence: the region's time as it runs over its time with the same lanes
  /// regrouped so that every warp agrees (1 / efficiency when every lane of a warp reaches it).
  Bounds RegionSlowdown;
  /// The same for the whole function: the region's extra time over the function's own cost.
  Bounds KernelSlowdown;
  /// KernelSlowdown at the costs divlint assumed (AssumedCosts), before it became a range over
  /// them: what a fix-it's predicted speedup rests on, named with those assumptions.
  Bounds PricedKernelSlowdown;
  /// The costs cost() assumed in the function (CostModel::unpricedWork); empty when none.
  std::vector<std::string> AssumedCosts;
  /// The counterfactual `divlint confirm` times today: each warp follows its first active lane
  /// (region, and whole function). Enumerated branches only.
  std::optional<double> FirstLaneSlowdown, FirstLaneKernelSlowdown;
  bool LikelyPredicated = false;
  unsigned LoopDepth = 0;
  double Frequency = 1;       ///< executions per thread (product of enclosing trip counts)
  /// A loop around the branch has a trip count divlint assumed (DefaultTripCount), so Frequency
  /// is not computed from the code.
  bool TripsAssumed = false;
  /// One warp evaluation of the branch region in cost units (KernelEfficiency.h adds them up
  /// per kernel): the time the warp issues, its lane work (lane-instructions / warp size), and
  /// its time with the same lanes regrouped so that every warp agrees (what the function's cost
  /// counts for it). Where data decides, AsRun is the worst split and Best no warp splitting.
  struct RegionTime {
    double Issued = 0, Useful = 0, Regrouped = 0;
  };
  RegionTime AsRun, Best;
  /// The same with nothing assumed (CostModel::knownCost: loops of unknown trip count run none,
  /// calls divlint cannot see into cost nothing), and the arms and function cost correction
  /// they come from. Equal to the above where nothing was assumed.
  RegionTime KnownAsRun, KnownBest;
  ArmCosts KnownArms;
  double KnownFunctionCostDelta = 0;
  /// The region's efficiency as the work assumed in its arms grows without bound (the limit
  /// the kernel's efficiency tends to); none when its arms hold no assumed work.
  std::optional<Bounds> UnpricedLimit;
  /// What the function's cost (the kernel slowdown's base) was corrected by for this branch, per
  /// call of the function: an if priced at its regrouped split rather than the mean of its arms,
  /// a loop at its lanes' mean trip count rather than the default.
  double FunctionCostDelta = 0;
  std::vector<std::string> Assumptions;
};

class CostModel {
public:
  explicit CostModel(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Cost of executing \p S once. Where the code does not say, it assumes: DefaultTripCount
  /// trips of a loop whose count is not a constant, a fixed cost for a call it cannot see into
  /// (opaqueCall) or a recursive one. A callee with a body costs that body, priced once
  /// whatever the call depth. unpricedWork names those assumptions.
  double cost(const clang::Stmt *S);
  /// Cost of one call of \p FD (its body once).
  double functionCost(const clang::FunctionDecl *FD);
  /// The same, with nothing assumed: loops of unknown trip count run no trip, calls divlint
  /// cannot see into cost nothing. cost - knownCost is the assumed part.
  double knownCost(const clang::Stmt *S);
  double knownFunctionCost(const clang::FunctionDecl *FD);
  /// Runs \p Fn with every cost priced as knownCost prices it.
  template <typename Fn> auto knownOnly(Fn &&F) {
    bool Saved = KnownOnly;
    KnownOnly = true;
    auto Result = F();
    KnownOnly = Saved;
    return Result;
  }
  /// What cost() assumed under \p S (in function \p In): "16 trips of the loop at line 17
  /// ('k < n')", "10 units for 'printf' (no body divlint can see) at line 22", through the
  /// calls it prices; sorted, each once.
  std::vector<std::string> unpricedWork(const clang::Stmt *S, const clang::FunctionDecl *In);
  /// A call whose work divlint cannot see, described ("'malloc' (no body divlint can see)", "a
  /// virtual call to 'push'", "a call through a pointer", "'new' (the device heap)"); none for
  /// calls with bodies, intrinsics, builtins and calls that do not return (they end the thread).
  std::optional<std::string> opaqueCall(const clang::Expr *E) const;
  clang::ASTContext &context() const { return Ctx; }
  /// Constant trip count of a loop, if it can be computed.
  std::optional<double> tripCount(const clang::Stmt *Loop);
  /// The arms of the branch \p Terminator takes on \p Condition (a leaf of it for && / ||),
  /// in function \p Within when known (its body's parents are cheap to find).
  ArmCosts arms(const clang::Stmt *Terminator, const clang::Expr *Condition,
                const clang::FunctionDecl *Within = nullptr);

  /// The parent map of \p FD's body, built once per function; null when \p S is not in that
  /// body (a constructor initializer: initializerParents; an [[assume]]: inAssumption; a
  /// default argument) or \p FD is unknown, and the ASTContext's parent map must answer. That one covers the whole translation unit (every
  /// CUDA header) and costs as much to build as a tenth of the parse.
  const clang::ParentMap *bodyParents(const clang::FunctionDecl *FD, const clang::Stmt *S);
  /// The parent map of \p FD's member initializers (a constructor's), built once per
  /// constructor; null when \p S is in none of them. An initializer's whole expression has no
  /// parent statement there (its parent is the initializer), as in the ASTContext's map.
  const clang::ParentMap *initializerParents(const clang::FunctionDecl *FD, const clang::Stmt *S);
  /// Whether \p S is in the expression of an `[[assume(...)]]` in \p FD's body: the CFG
  /// evaluates it, no parent map holds it (the ASTContext's does not walk attributes).
  bool inAssumption(const clang::FunctionDecl *FD, const clang::Stmt *S);

  /// Predicts efficiency and slowdown of a lane-varying branch from its enumeration result.
  /// \p Around: the enclosing lane-varying sides (enclosingArms).
  Prediction predict(const clang::FunctionDecl *FD, const clang::Stmt *Terminator,
                     const clang::Expr *Condition, const EnumerationResult &R,
                     unsigned WarpSize, const EnclosingArms &Around = {});
  /// The region of a slow path nvcc branches to inside the operation at \p Site (a division,
  /// `sqrtf`; FunctionAnalysis's hidden branches) for the kernel's efficiency: at worst one
  /// lane of every warp evaluation takes the most expensive path measured, at best none does
  /// (the function's cost counts neither). None where that path's cost was not measured.
  std::optional<Prediction> predictSlowPath(const clang::FunctionDecl *FD, const clang::Expr *Site,
                                            unsigned WarpSize);
  /// The enclosing sides of \p S in \p FD: for each `if` around it whose whole condition
  /// \p ResultOf enumerated (null: unknown, or not lane-varying), the fraction of warp
  /// evaluations that run the side holding \p S, as run and regrouped.
  EnclosingArms
  enclosingArms(const clang::FunctionDecl *FD, const clang::Stmt *S,
                llvm::function_ref<const EnumerationResult *(const clang::IfStmt *)> ResultOf);

private:
  clang::ASTContext &Ctx;
  /// cost(), functionCost() and iterationCost() answer with the known price (knownOnly).
  bool KnownOnly = false;
  /// A statement's two prices: as cost() prices it (Full) and with nothing assumed (Known).
  /// One walk of a body computes both (a walk per pricing walked every callee's body twice).
  struct Price {
    double Full = 0, Known = 0;
    /// An operation whose price nothing assumed: the same both ways.
    static Price both(double C) { return {C, C}; }
    Price &operator+=(const Price &P) {
      Full += P.Full;
      Known += P.Known;
      return *this;
    }
    friend Price operator+(Price A, const Price &B) { return A += B; }
    friend Price operator*(double K, const Price &P) { return {K * P.Full, K * P.Known}; }
  };
  /// What a call costs whose body divlint cannot see (or past the call depth, or recursive):
  /// UnknownCallCost, nothing known.
  static Price unknownCall();
  double pick(const Price &P) const { return KnownOnly ? P.Known : P.Full; }
  Price price(const clang::Stmt *S);
  Price functionPrice(const clang::FunctionDecl *FD);
  Price computePrice(const clang::Stmt *S);
  /// One iteration of a loop: body, condition and increment.
  Price iterationPrice(const clang::Stmt *Loop);
  llvm::DenseMap<const clang::FunctionDecl *, Price> FunctionCosts;
  /// Statement prices, so nested branches cost linear, not quadratic, time to price.
  llvm::DenseMap<const clang::Stmt *, Price> StmtCosts;
  llvm::DenseMap<const clang::Stmt *, std::vector<std::string>> UnpricedSites;
  /// unpricedWork's sites by number while it collects them: a callee's list is added to every
  /// caller's, and numbers copy and sort where sentences would allocate.
  std::vector<std::string> SiteNames;
  llvm::StringMap<unsigned> SiteIds;
  unsigned siteId(std::string Name);
  /// Each callee's sites, sorted by number, each once.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<unsigned>> CalleeUnpriced;
  llvm::DenseMap<const clang::Stmt *, std::optional<double>> TripCounts; ///< tripCount's
  /// What opaqueCall finds of a direct callee, whatever the call (the pricing, the unpriced
  /// work and the kernels' call counts ask it of every call they walk, many times each).
  enum class CalleeKind : unsigned char { Transparent, Opaque, Seen };
  mutable llvm::DenseMap<const clang::FunctionDecl *, CalleeKind> CalleeKinds;
  CalleeKind calleeKind(const clang::FunctionDecl *Callee) const;
  /// A builtin nvcc turns into instructions (__nvvm_*, __builtin_expect), not a library call.
  bool isCompilerBuiltin(const clang::FunctionDecl *Callee) const;
  double assumedTrips() const;
  std::string siteName(const clang::Stmt *S, const clang::FunctionDecl *In) const;
  /// How unpricedWork names the assumed trips of \p Loop (in \p Named when below the top).
  std::string assumedTripsSite(const clang::Stmt *Loop, const clang::FunctionDecl *Named) const;
  void collectUnpriced(const clang::Stmt *S, const clang::FunctionDecl *In, bool Callee,
                       std::vector<unsigned> &Sites,
                       std::vector<const clang::FunctionDecl *> &Stack);
  /// tripCount's count, not memoized.
  std::optional<double> countTrips(const clang::Stmt *Loop);
  /// One iteration of a loop, as cost() or knownCost() prices it.
  double iterationCost(const clang::Stmt *Loop) { return pick(iterationPrice(Loop)); }
  unsigned CallDepth = 0;

  bool hasSideEffects(const clang::Stmt *S);
  /// The && / || whose left operand is \p Condition (in \p Within, when known): its right
  /// operand is evaluated by one side only.
  const clang::BinaryOperator *enclosingChain(const clang::Expr *Condition,
                                              const clang::FunctionDecl *Within);
  /// The statements whose cost arms() counts for the branch at \p Terminator.
  std::vector<const clang::Stmt *> armParts(const clang::Stmt *Terminator,
                                            const clang::Expr *Condition,
                                            const clang::FunctionDecl *Within);
  /// predict()'s steps. How often the branch runs per thread (Frequency, LoopDepth and
  /// TripsAssumed of \p P, from the loops around it); returns the loop whose trip count the
  /// lanes decide, if the branch is its condition.
  const clang::Stmt *loopsAround(const costmodel::BranchContext &B, Prediction &P);
  /// The region's numbers for arms \p A in a function that costs \p Kernel per call, as cost()
  /// prices (or knownOnly); false when the arms cost nothing.
  bool regionNumbers(const costmodel::BranchContext &B, const ArmCosts &A, double Kernel,
                     Prediction &P);
  /// \p P's numbers widened to ranges over the work cost() assumed, and the assumptions named.
  Prediction widenOverAssumedWork(const costmodel::BranchContext &B, const ArmCosts &A,
                                  Prediction &P);
  /// Sets what follows from the arms (LikelyPredicated) and returns \p P.
  Prediction finishPrediction(Prediction &P, const ArmCosts &A, const clang::Stmt *Terminator);
  /// The cost of what an if's two sides do alike and the compiler runs once for both: a first
  /// call on the same arguments, which nvcc hoists above the branch (measured, bench/README.md).
  double sharedArmCost(const clang::Stmt *TrueArm, const clang::Stmt *FalseArm);
  /// The stores both arms end with to the same places, which the compiler sinks below the
  /// branch as one store of a select.
  double sunkStoreCost(const clang::Stmt *TrueArm, const clang::Stmt *FalseArm);
  /// Loops enclosing \p S inside \p FD (innermost first).
  std::vector<const clang::Stmt *> enclosingLoops(const clang::Stmt *S,
                                                  const clang::FunctionDecl *FD);
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>> BodyParents;
  /// Per constructor: its initializers' parent map (null: none) and their whole expressions.
  struct InitializerMap {
    std::unique_ptr<clang::ParentMap> Parents;
    llvm::SmallPtrSet<const clang::Stmt *, 8> Roots;
  };
  llvm::DenseMap<const clang::FunctionDecl *, InitializerMap> InitializerParents;
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallPtrSet<const clang::Stmt *, 8>>
      AssumptionNodes;
};

/// The DESIGN §2 efficiency of one diverging warp: t of a active lanes true, arm costs cT, cE.
double warpEfficiency(double T, double A, double CostTrue, double CostFalse, unsigned WarpSize);

} // namespace divlint

#endif
