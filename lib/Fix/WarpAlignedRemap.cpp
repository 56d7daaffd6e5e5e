//===- WarpAlignedRemap.cpp - the warp-aligned remap fix-it (issue 15) ---===//

#include "divlint/Fix/WarpAlignedRemap.h"

#include "divlint/Analysis/CudaNames.h"
#include "divlint/Analysis/IntrinsicTable.h"
#include "divlint/Quantify/LaneEnumerator.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <cmath>
#include <set>

using namespace clang;

namespace divlint {

namespace {

/// Smallest gain worth a rewrite that also changes memory access order.
constexpr double MinSpeedup = 1.05;
// Operations per memory access below which a kernel's time is memory's: an H100 or H200 issues
// about 20 fp32 operations per byte of HBM bandwidth (67 TFLOP/s over 3.35 TB/s), 80 per 4-byte
// access. Below it, regrouping lanes saves issue slots the memory time hides. (The kernel that
// prompted it, a 10-microsecond load-compute-store, ran 1.07x and 0.85x remapped on two days;
// ncu later showed nvcc had predicated its splits, so it was no test of the rule itself.)
constexpr double MinOperationsPerAccess = 80;

/// What in a function (and the functions it calls) makes the remap unsafe, and where the
/// kernel itself reads threadIdx.x.
class LanePositionScan : public RecursiveASTVisitor<LanePositionScan> {
public:
  explicit LanePositionScan(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Scans \p FD's body; \p IsKernel: its threadIdx.x reads are the ones to rewrite.
  void scan(const FunctionDecl *FD, bool IsKernel) {
    if (!FD || !FD->hasBody() || !Visited.insert(FD->getCanonicalDecl()).second || !Problem.empty())
      return;
    bool Saved = InKernel;
    InKernel = IsKernel;
    TraverseStmt(FD->getBody());
    InKernel = Saved;
  }

  // threadIdx.x and friends: looked at as written, not through the special-register calls
  // clang expands them to.
  bool TraversePseudoObjectExpr(PseudoObjectExpr *E) {
    auto Read = builtinVarRead(E);
    if (!Read)
      return RecursiveASTVisitor::TraversePseudoObjectExpr(E);
    if (Read->first != 0)
      return true;
    if (Read->second != 0)
      refuse("it reads threadIdx." + std::string(1, "xyz"[Read->second]) +
             " (the remap is for one-dimensional blocks)");
    else if (!InKernel)
      refuse("a function it calls reads threadIdx.x (it would see the index before the remap)");
    else
      TidReads.push_back(E);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      refuse("it calls through a pointer divlint cannot follow");
      return true;
    }
    if (inCooperativeGroups(Callee)) {
      refuse("it uses cooperative groups (which lanes form a group changes)");
      return true;
    }
    if (auto Info = lookupIntrinsic(Callee->getName())) {
      switch (Info->Kind) {
      case IntrinsicKind::LaneId:
      case IntrinsicKind::WarpVote:
      case IntrinsicKind::Shuffle:
      case IntrinsicKind::ShuffleRelative:
      case IntrinsicKind::Varying:
      case IntrinsicKind::WarpSync:
        refuse("it calls " + Callee->getName().str() +
               " (which lanes share a warp is part of what it computes)");
        return true;
      default:
        return true;
      }
    }
    scan(Callee, /*IsKernel=*/false);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *) {
    refuse("it has inline asm");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (inCooperativeGroups(E->getDecl()))
      refuse("it uses cooperative groups (which lanes form a group changes)");
    else if (E->getType().isVolatileQualified() ||
             (E->getType()->isPointerType() &&
              E->getType()->getPointeeType().isVolatileQualified()))
      refuse("it uses volatile memory (warp-synchronous code assumes which lanes share a warp)");
    return true;
  }

  std::string Problem;
  std::vector<const Expr *> TidReads;

private:
  ASTContext &Ctx;
  llvm::SmallPtrSet<const Decl *, 16> Visited;
  bool InKernel = true;
  void refuse(std::string Why) {
    if (Problem.empty())
      Problem = std::move(Why);
  }
};

/// Memory accesses per thread whose address a thread computes (not a constant), at most: loops
/// by their trip count, callees by their bodies, both arms of an if in full (a memory-bound
/// kernel must not look compute-bound). Under the remap a warp's accesses indexed by the thread index spread over G
/// times as many segments (global) or hit G-way bank conflicts (shared): each costs G times.
class MemoryAccessCount : public RecursiveASTVisitor<MemoryAccessCount> {
  using Base = RecursiveASTVisitor<MemoryAccessCount>;

public:
  explicit MemoryAccessCount(CostModel &Costs) : Costs(Costs) {}
  double Accesses = 0;

  void count(const Stmt *S, double Weight) {
    if (!S)
      return;
    double Saved = W;
    W = Weight;
    TraverseStmt(const_cast<Stmt *>(S));
    W = Saved;
  }
  bool TraverseForStmt(ForStmt *For) { return loop(For); }
  bool TraverseWhileStmt(WhileStmt *While) { return loop(While); }
  bool TraverseDoStmt(DoStmt *Do) { return loop(Do); }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (!E->getIdx()->isIntegerConstantExpr(Costs.context()))
      Accesses += W;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref)
      Accesses += W;
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (Callee && Callee->hasBody() && Depth < 8 && InCall.insert(Callee).second) {
      ++Depth;
      count(Callee->getBody(), W);
      --Depth;
      InCall.erase(Callee);
    }
    return true;
  }

private:
  CostModel &Costs;
  double W = 1;
  unsigned Depth = 0;
  llvm::SmallPtrSet<const FunctionDecl *, 8> InCall;
  bool loop(Stmt *Loop) {
    double Trips = Costs.tripCount(Loop).value_or(DefaultTripCount);
    double Saved = W;
    W *= Trips;
    bool Ok = Base::WalkUpFromStmt(Loop);
    for (Stmt *Child : Loop->children())
      count(Child, W);
    W = Saved;
    return Ok;
  }
};

/// Branch \p I's lost time over the kernel's cost (KernelSlowdown - 1); std::nullopt where data
/// decides (a range, not a number). With \p Results the enumerations of every branch
/// (as written, or remapped): the lane-varying ifs around it weigh it (CostModel::enclosingArms).
std::optional<double> lostShare(CostModel &Costs, const FunctionDecl *FD,
                                llvm::ArrayRef<BranchRecord> Branches,
                                llvm::ArrayRef<EnumerationResult> Results, size_t I,
                                unsigned WarpSize, std::set<std::string> *Assumed = nullptr) {
  const BranchRecord &BR = Branches[I];
  const EnumerationResult &R = Results[I];
  if (R.Class != Uniformity::LaneVarying)
    return 0.0;
  if (!R.Enumerated || R.Sampled) // a split for sampled values is not a number to sum
    return std::nullopt;
  EnclosingArms Around = Costs.enclosingArms(FD, BR.Terminator, [&](const IfStmt *If) {
    std::optional<size_t> J = wholeConditionBranch(If, Branches);
    return J ? &Results[*J] : nullptr;
  });
  Prediction P = Costs.predict(FD, BR.Terminator, BR.Condition, R, WarpSize, Around);
  if (P.LikelyPredicated) // nvcc emits a select: there is no divergence to regroup away
    return 0.0;
  // At the costs divlint assumed where the code does not say (named in the fix-it).
  if (!P.PricedKernelSlowdown.point())
    return std::nullopt;
  if (Assumed)
    Assumed->insert(P.AssumedCosts.begin(), P.AssumedCosts.end());
  return P.PricedKernelSlowdown.Low - 1;
}

/// A local name for the remapped index that the kernel does not use yet.
std::string freshName(llvm::StringRef Body) {
  std::string Name = "tid_warp_aligned";
  for (unsigned I = 2; Body.contains(Name); ++I)
    Name = "tid_warp_aligned" + std::to_string(I);
  return Name;
}

} // namespace

std::optional<RemapPlan>
planWarpAlignedRemap(const FunctionDecl *Kernel, const FunctionAnalysis &FA,
                     const std::vector<BlockShape> &Shapes, CostModel &Costs, ASTContext &Ctx,
                     unsigned WarpSize, std::string &WhyNot,
                     const std::function<bool(const BranchRecord &)> &CompiledAway) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  WarpSize = WarpSize ? WarpSize : 32;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body || Kernel->isTemplateInstantiation() || Kernel->getDescribedFunctionTemplate()) {
    WhyNot = "the kernel is a template (one rewrite would change every instantiation)";
    return std::nullopt;
  }
  for (const BlockShape &S : Shapes)
    if (S.assumed() || S.Source == "unknown" || S.Y != 1 || S.Z != 1) {
      WhyNot = "the block shape is not known to be one-dimensional (" + S.str() + ", " +
               S.Source + ")";
      return std::nullopt;
    }

  LanePositionScan Scan(Ctx);
  Scan.scan(Kernel, /*IsKernel=*/true);
  if (!Scan.Problem.empty()) {
    WhyNot = Scan.Problem;
    return std::nullopt;
  }
  if (Scan.TidReads.empty()) {
    WhyNot = "the kernel does not read threadIdx.x itself";
    return std::nullopt;
  }
  // Every read is rewritten in place: it must be spelled in the kernel's own file.
  FileID KernelFile = SM.getFileID(Body->getLBracLoc());
  if (Body->getLBracLoc().isMacroID() || SM.isInSystemHeader(Body->getLBracLoc())) {
    WhyNot = "the kernel body is not plain source";
    return std::nullopt;
  }
  for (const Expr *E : Scan.TidReads)
    if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID() ||
        SM.getFileID(E->getBeginLoc()) != KernelFile) {
      WhyNot = "threadIdx.x is read inside a macro";
      return std::nullopt;
    }

  // Each candidate group: enumerate every branch that depends on the thread index again.
  std::optional<RemapPlan> Best;
  double BeforeTotal = 0;
  std::vector<std::optional<double>> Before;
  const auto &Branches = FA.branches();
  std::vector<EnumerationResult> Written;
  for (const BranchRecord &BR : Branches)
    Written.push_back(BR.Result);
  std::set<std::string> Assumed; // costs the prediction rests on that the code does not give
  bool SomeCompiledAway = false;
  for (size_t I = 0; I < Branches.size(); ++I) {
    bool Away = CompiledAway && Branches[I].Result.Class != Uniformity::BlockUniform &&
                CompiledAway(Branches[I]);
    SomeCompiledAway |= Away;
    Before.push_back(Branches[I].Query.Cond && !Away
                         ? lostShare(Costs, Kernel, Branches, Written, I, WarpSize, &Assumed)
                         : std::optional<double>());
    if (Before.back())
      BeforeTotal += *Before.back();
  }
  if (BeforeTotal <= 0) { // no index-decided lost time: nothing to regroup
    WhyNot = SomeCompiledAway ? "nvcc compiled its lane-varying branches without a branch "
                                "(--compiled): no warp splits, so regrouping lanes saves nothing"
                              : "";
    return std::nullopt;
  }
  MemoryAccessCount Memory(Costs);
  Memory.count(Kernel->getBody(), 1);
  double KernelCost = Costs.functionCost(Kernel);
  double MemoryShare = KernelCost > 0 ? Memory.Accesses * MemoryAccessCost / KernelCost : 0;
  double Operations = KernelCost * (1 + BeforeTotal) - Memory.Accesses * MemoryAccessCost;
  if (Memory.Accesses > 0 && Operations < MinOperationsPerAccess * Memory.Accesses) {
    char Buf[160];
    std::snprintf(Buf, sizeof(Buf),
                  "the kernel is memory-bound: about %.0f operations per memory access, under "
                  "the %.0f a GPU issues per 4 bytes of bandwidth",
                  Operations / Memory.Accesses, MinOperationsPerAccess);
    WhyNot = Buf;
    return std::nullopt;
  }
  for (unsigned G = 2; G <= WarpSize; ++G) {
    if (std::any_of(Shapes.begin(), Shapes.end(),
                    [&](const BlockShape &S) { return S.X % (G * WarpSize) != 0; }))
      continue;
    double AfterTotal = 0;
    const BranchRecord *MostImproved = nullptr;
    double MostGain = 0;
    bool Predictable = true;
    std::vector<EnumerationResult> Remapped = Written;
    for (size_t I = 0; I < Branches.size(); ++I) {
      const BranchRecord &BR = Branches[I];
      if (!BR.Query.Cond || BR.Result.Class == Uniformity::BlockUniform || !Before[I])
        continue;
      EnumerationQuery Q = BR.Query;
      Q.RemapGroup = G;
      Remapped[I] = enumerateCondition(Q, Shapes);
    }
    for (size_t I = 0; I < Branches.size() && Predictable; ++I) {
      const BranchRecord &BR = Branches[I];
      if (!BR.Query.Cond || BR.Result.Class == Uniformity::BlockUniform)
        continue;
      if (!Before[I]) // data decides, before and after: not counted either way
        continue;
      std::optional<double> After = lostShare(Costs, Kernel, Branches, Remapped, I, WarpSize);
      if (!After) {
        Predictable = false;
        break;
      }
      AfterTotal += *After;
      if (*Before[I] - *After > MostGain) {
        MostGain = *Before[I] - *After;
        MostImproved = &BR;
      }
    }
    if (!Predictable || !MostImproved)
      continue;
    // What the remap costs elsewhere: every address-computed access G times over.
    double Speedup = (1 + BeforeTotal) / (1 + AfterTotal + MemoryShare * (G - 1));
    // Where the kernel's memory traffic (G times over, remapped) outweighs the divergent work
    // the remap saves, its time is memory's, which regrouping lanes does not shorten (measured:
    // a remapped select kernel and examples/reduction.cu ran slower, bench/README.md).
    if (MemoryShare * G > BeforeTotal - AfterTotal)
      continue;
    if (Speedup < MinSpeedup || (Best && Speedup <= Best->PredictedSpeedup * 1.001))
      continue;
    Best = RemapPlan{G, Speedup, MostImproved, {}};
  }
  if (!Best) {
    WhyNot = "no warp-aligned remap of the block makes the kernel's branches cheaper";
    return std::nullopt;
  }

  // The rewrite: one declaration at the top of the body, every threadIdx.x read replaced.
  unsigned G = Best->Group, Run = G * WarpSize;
  SourceLocation AfterBrace = Body->getLBracLoc().getLocWithOffset(1);
  llvm::StringRef BodyText = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Body->getSourceRange()), SM, LO);
  std::string Name = freshName(BodyText);
  std::string Indent = "  ";
  if (!Body->body_empty()) {
    SourceLocation First = SM.getExpansionLoc(Body->body_front()->getBeginLoc());
    Indent = Lexer::getIndentationForLine(First, SM).str();
  }
  std::string R = std::to_string(Run), W = std::to_string(WarpSize), GS = std::to_string(G);
  std::string Decl =
      "\n" + Indent + "// Warp-aligned remap (divlint): lane l of warp w in each run of " + GS +
      " warps takes index l * " + GS + " + w, so the lanes of a warp agree on index % " + GS +
      ".\n" + Indent + "const unsigned " + Name + " = threadIdx.x / " + R + " * " + R +
      " + threadIdx.x % " + W + " * " + GS + " + threadIdx.x % " + R + " / " + W + ";";
  auto Offset = [&](SourceLocation L) { return SM.getFileOffset(L); };
  Best->Fix.Replacements.push_back({"", Offset(AfterBrace), 0, Decl});
  std::set<unsigned> Seen;
  for (const Expr *E : Scan.TidReads) {
    CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
    unsigned Begin = Offset(Range.getBegin());
    unsigned End = Offset(Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LO));
    if (Seen.insert(Begin).second)
      Best->Fix.Replacements.push_back({"", Begin, End - Begin, Name});
  }
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.2fx", Best->PredictedSpeedup);
  Best->Fix.Description =
      "warp-aligned remap: read threadIdx.x through a bijection of each run of " + GS +
      " warps (" + R + " threads) so that the lanes of every warp take the same side; predicted " +
      "kernel speedup " + Buf + " in issued work (divlint's cost model" +
      (Assumed.empty() ? std::string()
                       : ", assuming " + llvm::join(Assumed.begin(), Assumed.end(), "; ") +
                             " where the code does not say") +
      "). Memory indexed by the thread index is " +
      "then touched in " + GS + "-strided order inside a warp (less coalescing, shared-memory " +
      "bank conflicts), counted as " + GS + " times the cost of each such access, and a bounds " +
      "check may split up to " + GS + " warps instead of one. Time the kernel spends on launch, " +
      "memory and latency does not shrink: divlint confirm measures it";
  Best->Fix.PredictedSpeedup = std::round(Best->PredictedSpeedup * 1000) / 1000;
  return Best;
}

} // namespace divlint
