//===- FunctionStructure.cpp - a function's CFG and trees, once per function ---===//

#include "divlint/Analysis/FunctionStructure.h"

using namespace clang;

namespace divlint {

std::optional<ConstantInt> evaluateConstantInt(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return ConstantInt{R.Val.getInt().getExtValue(), R.HasSideEffects};
}

std::unique_ptr<FunctionStructure> FunctionStructure::build(const FunctionDecl *FD,
                                                            ASTContext &Ctx) {
  auto S = std::make_unique<FunctionStructure>();
  S->ADCM = std::make_unique<AnalysisDeclContextManager>(Ctx);
  S->ADC = S->ADCM->getContext(FD);
  CFG::BuildOptions &BO = S->ADC->getCFGBuildOptions();
  BO.setAllAlwaysAdd();
  // A constructor's member, base and delegating initializers (default member initializers
  // too) run before its body: DESIGN §6.2, what it stores into its object.
  BO.AddInitializers = true;
  BO.AddCXXDefaultInitExprInCtors = true;
  // Code under a condition that folds to false (a template argument: `blockSize >= 512` in a
  // tree reduction's <64> instantiation) is not in this instantiation's machine code. Its blocks
  // become unreachable and are not analyzed: no findings from code that never runs, and less
  // work on heavily instantiated kernels. Other instantiations still analyze it where it is live.
  BO.PruneTriviallyFalseEdges = true;
  S->Cfg = S->ADC->getCFG();
  if (!S->Cfg)
    return S;
  S->Acyclic = isAcyclic(*S->Cfg);
  return S;
}

bool FunctionStructure::isAcyclic(const CFG &Cfg) {
  // Depth-first from every block, colouring blocks on the stack: an edge to one is a cycle.
  // (llvm::scc_iterator would step onto the null successors of pruned edges.)
  enum : char { New, OnStack, Done };
  std::vector<char> Colour(Cfg.getNumBlockIDs(), New);
  std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> Stack;
  for (const CFGBlock *Root : Cfg) {
    if (Colour[Root->getBlockID()] != New)
      continue;
    Colour[Root->getBlockID()] = OnStack;
    Stack.push_back({Root, Root->succ_begin()});
    while (!Stack.empty()) {
      auto &[B, It] = Stack.back();
      if (It == B->succ_end()) {
        Colour[B->getBlockID()] = Done;
        Stack.pop_back();
        continue;
      }
      const CFGBlock *Succ = (It++)->getReachableBlock();
      if (!Succ)
        continue;
      if (Colour[Succ->getBlockID()] == OnStack)
        return false;
      if (Colour[Succ->getBlockID()] == New) {
        Colour[Succ->getBlockID()] = OnStack;
        Stack.push_back({Succ, Succ->succ_begin()});
      }
    }
  }
  return true;
}

CFGDomTree &FunctionStructure::domTree() const {
  if (!DomTree)
    DomTree = std::make_unique<CFGDomTree>(Cfg);
  return *DomTree;
}

CFGPostDomTree &FunctionStructure::postDomTree() const {
  if (!PostDomTree)
    PostDomTree = std::make_unique<CFGPostDomTree>(Cfg);
  return *PostDomTree;
}

ControlDependences &FunctionStructure::controlDeps() const {
  if (!ControlDeps)
    ControlDeps = std::make_unique<ControlDependences>(*Cfg, postDomTree());
  return *ControlDeps;
}

} // namespace divlint
