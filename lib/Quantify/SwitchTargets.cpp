//===- SwitchTargets.cpp - where a switch jumps, and how many passes a warp makes ---===//
//
// The targets of a switch's labels and the mean number of them a warp's lanes take (DESIGN.md
// §2's k), apart from the cost model's pricing: `divlint confirm` labels the same targets.
//
//===----------------------------------------------------------------------===//
#include "divlint/Quantify/SwitchTargets.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace divlint {

unsigned SwitchTargets::target(int64_t Value) const {
  for (const auto &[CaseValue, Target] : ByValue)
    if (CaseValue == Value)
      return Target;
  return Default;
}

std::vector<std::pair<const SwitchCase *, unsigned>> switchLabelTargets(const SwitchStmt *S,
                                                                        const SourceManager &SM) {
  std::vector<const SwitchCase *> Cases; // the list runs backwards: sort into source order
  for (const SwitchCase *C = S->getSwitchCaseList(); C; C = C->getNextSwitchCase())
    Cases.push_back(C);
  std::sort(Cases.begin(), Cases.end(), [&](const SwitchCase *A, const SwitchCase *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  std::vector<std::pair<const SwitchCase *, unsigned>> Labels;
  unsigned Target = 0;
  const SwitchCase *Previous = nullptr;
  for (const SwitchCase *C : Cases) {
    if (Previous && Previous->getSubStmt() != C) // `case 0: case 1: ...` is one target
      ++Target;
    Previous = C;
    Labels.push_back({C, Target});
  }
  return Labels;
}

std::optional<SwitchTargets> switchTargets(const SwitchStmt *S, ASTContext &Ctx) {
  if (!S)
    return std::nullopt;
  auto Labels = switchLabelTargets(S, Ctx.getSourceManager());
  SwitchTargets T;
  std::optional<unsigned> Default;
  for (auto [C, Target] : Labels) {
    if (isa<DefaultStmt>(C)) {
      Default = Target;
      continue;
    }
    const auto *Case = cast<CaseStmt>(C);
    if (Case->getRHS() || Case->getLHS()->isValueDependent())
      return std::nullopt;
    llvm::APSInt V = Case->getLHS()->EvaluateKnownConstInt(Ctx);
    T.ByValue.push_back({V.isSigned() ? V.getExtValue() : int64_t(V.getZExtValue()), Target});
  }
  T.Count = Labels.empty() ? 0 : Labels.back().second + 1;
  T.Default = Default ? *Default : T.Count++;
  return T;
}

std::optional<double> meanSwitchPasses(const EnumerationResult &R,
                                       const std::optional<SwitchTargets> &T) {
  if (T && !R.SwitchValueSets.empty() && R.SwitchValueSetsComplete) {
    double Passes = 0, Evaluations = 0;
    for (const auto &[Values, Count] : R.SwitchValueSets) {
      std::vector<unsigned> Targets;
      for (int64_t V : Values)
        Targets.push_back(T->target(V));
      std::sort(Targets.begin(), Targets.end());
      Passes += double(Count) * double(std::unique(Targets.begin(), Targets.end()) -
                                       Targets.begin());
      Evaluations += Count;
    }
    return Passes / Evaluations;
  }
  if (!R.MeanDistinctValues)
    return std::nullopt;
  return T ? std::min(*R.MeanDistinctValues, double(T->Count)) : *R.MeanDistinctValues;
}

} // namespace divlint
