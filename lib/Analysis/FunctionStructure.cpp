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
  S->DomTree = std::make_unique<CFGDomTree>(S->Cfg);
  S->PostDomTree = std::make_unique<CFGPostDomTree>(S->Cfg);
  S->ControlDeps = std::make_unique<ControlDependences>(*S->Cfg, *S->PostDomTree);
  return S;
}

} // namespace divlint
