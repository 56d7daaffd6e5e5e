//===- BranchClassifier.cpp - the class, extent and split of a branch ----===//
//
// A branch is a CFG block with two or more successors; its condition is the leaf it tests (an
// operand of `&&`/`||` is a branch of its own). Its value comes from the data flow; its class
// from LaneEnumerator (include/divlint/Quantify/LaneEnumerator.h), given the loops around it
// (whose induction variables it may read) and, once the data flow is done, its guard: the
// conditions of the branches it is control dependent on, which say which lanes reach it.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysisImpl.h"

#include "divlint/Quantify/ExtentRules.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/Hashing.h"

using namespace clang;

namespace divlint {

static const Expr *strip(const Expr *E) { return E ? E->IgnoreParens() : nullptr; }

const Expr *BranchClassifier::leafCondition(const CFGBlock *B, std::string &Construct) {
  const Stmt *T = B->getTerminatorStmt();
  if (!T || B->succ_size() < 2)
    return nullptr;
  const Expr *Cond = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(T)) {
    // `a && b` ends the block that evaluates `a`; `(a && b) || c` ends the one evaluating `b`.
    if (!BO->isLogicalOp())
      return nullptr;
    Construct = BO->getOpcode() == BO_LAnd ? "&&" : "||";
    Cond = BO->getLHS();
  } else if (isa<IfStmt>(T)) Construct = "if";
  else if (isa<ForStmt>(T) || isa<CXXForRangeStmt>(T)) Construct = "for";
  else if (isa<WhileStmt>(T)) Construct = "while";
  else if (isa<DoStmt>(T)) Construct = "do";
  else if (isa<SwitchStmt>(T)) Construct = "switch";
  else if (isa<AbstractConditionalOperator>(T)) Construct = "?:";
  else return nullptr;
  if (!Cond)
    Cond = dyn_cast_or_null<Expr>(B->getTerminatorCondition());
  if (!Cond)
    return nullptr;
  // `if (a && b)`: this block tests the right-most leaf; it is an operand of && or ||.
  while (const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParens())) {
    if (!BO->isLogicalOp())
      break;
    Construct = BO->getOpcode() == BO_LAnd ? "&&" : "||";
    Cond = BO->getRHS();
  }
  return strip(Cond);
}

SymRef BranchClassifier::guardOf(const CFGBlock *B, unsigned D,
                                 std::set<const CFGBlock *> &Seen) {
  if (D > 16)
    return nullptr;
  // After the fixpoint the conditions are final: each block's guard is computed once.
  if (GuardsFinal && D == 0)
    if (auto It = GuardCache.find(B); It != GuardCache.end())
      return It->second;
  SymRef Guard;
  for (CFGBlock *Dep : F.controlDeps().getControlDependencies(const_cast<CFGBlock *>(B))) {
    // Out of budget: stop narrowing. A guard with fewer conditions admits more lanes (sound).
    if (GuardBudget == 0)
      break;
    --GuardBudget;
    // Only a condition evaluated before B in the same iteration says which lanes reach B: one
    // that does not dominate B reaches it around a loop's back edge (`if (c) break;` guards
    // the next iteration with this iteration's c, not with c's value where B is evaluated).
    if (Dep == B || !F.dominates(Dep, B) || !Seen.insert(Dep).second)
      continue;
    const SymRef &C = F.CondValue[Dep->getBlockID()];
    SymRef Conj;
    if (C && Dep->succ_size() == 2) {
      const CFGBlock *TrueSucc = *Dep->succ_begin(), *FalseSucc = *(Dep->succ_begin() + 1);
      bool OnTrue = TrueSucc && (TrueSucc == B || F.postDominates(B, TrueSucc));
      bool OnFalse = FalseSucc && (FalseSucc == B || F.postDominates(B, FalseSucc));
      if (OnTrue != OnFalse)
        Conj = OnTrue ? C : sym::unary(SymOp::LNot, C, {1, false});
    }
    SymRef Outer = guardOf(Dep, D + 1, Seen);
    for (const SymRef &Part : {Conj, Outer}) {
      if (!Part)
        continue;
      Guard = Guard ? sym::binary(SymOp::LAnd, Guard, Part, {1, false}) : Part;
    }
  }
  if (GuardsFinal && D == 0)
    GuardCache[B] = Guard;
  return Guard;
}

std::vector<LoopContext> BranchClassifier::loopsAround(const CFGBlock *B) {
  std::vector<LoopContext> Loops;
  if (const CFGBlock *H = F.headerOfLoopCondition(B))
    Loops.push_back({F.loopId(H), F.CondValue[B->getBlockID()]});
  // Already transitive (see controlClass): one pass finds every enclosing loop.
  for (CFGBlock *Dep : F.controlDeps().getControlDependencies(const_cast<CFGBlock *>(B)))
    if (Dep != B)
      if (const CFGBlock *H = F.headerOfLoopCondition(Dep))
        Loops.push_back({F.loopId(H), F.CondValue[Dep->getBlockID()]});
  return Loops;
}

EnumerationResult BranchClassifier::classify(const CFGBlock *B, bool WithGuard,
                                             EnumerationQuery *Query) {
  EnumerationQuery Q;
  Q.Cond = F.CondValue[B->getBlockID()];
  Q.WarpSize = F.Opts.WarpSize;
  if (!Q.Cond) {
    EnumerationResult R;
    R.Ext = Extent::DataDependent;
    return R;
  }
  Q.Loops = loopsAround(B);
  Q.IsLoopCondition = F.headerOfLoopCondition(B) != nullptr;
  Q.MultiWay = isa_and_nonnull<SwitchStmt>(B->getTerminatorStmt());
  // While the data flow runs only the class matters; the numbers come after (finish).
  Q.ClassOnly = !WithGuard;
  if (WithGuard) {
    std::set<const CFGBlock *> Seen;
    GuardBudget = MaxGuardDependences;
    Q.Guard = guardOf(B, 0, Seen);
  }
  if (Query)
    *Query = Q;
  uint64_t Key = llvm::hash_combine(Q.Cond->Hash, Q.Guard ? Q.Guard->Hash : 0,
                                    Q.IsLoopCondition, Q.MultiWay);
  for (const LoopContext &L : Q.Loops)
    Key = llvm::hash_combine(Key, L.LoopId, L.Cond ? L.Cond->Hash : 0);
  auto It = EnumCache.find(Key);
  if (It != EnumCache.end() && It->second.answers(Q.ClassOnly))
    return It->second;
  EnumerationResult R = enumerateCondition(Q, F.Shapes);
  // One lane per warp reaches it (`if (threadIdx.x == 0) { ... a > b ? ... }`): no warp splits.
  if (R.Class == Uniformity::LaneVarying && Q.Guard &&
      guardAdmitsOneLanePerWarp(Q.Guard, F.Shapes, Q.WarpSize)) {
    R = EnumerationResult{};
    R.Class = Uniformity::WarpUniform;
    R.Shape = F.Shapes.front();
  }
  // A loop bound whose thread side repeats in every warp (a warp-strided loop) splits every
  // warp in its last trip. (A plain bounds test in a 2-D block stays a tail: tails-2d.cu.)
  if (R.Class == Uniformity::LaneVarying && R.Ext == Extent::Tail && !R.Enumerated &&
      Q.IsLoopCondition && tailSplitsEveryWarp(Q, R.Shape))
    R.Ext = Extent::EveryWarp;
  if (It == EnumCache.end())
    EnumCache.emplace(Key, R);
  else if (R.answers(/*ClassOnly=*/false))
    It->second = R;
  return R;
}

} // namespace divlint
