#include "divlint/Confirm/Repredict.h"

#include "divlint/Confirm/ConfirmAnalysis.h"
#include "divlint/Frontend/CompileDatabase.h"
#include "llvm/Support/FileSystem.h"
#include <map>
#include <tuple>

namespace divlint::confirm {

llvm::Expected<Reprediction> repredict(ConfirmPlan &Plan) {
  if (!llvm::sys::fs::exists(Plan.Source))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--repredict: the plan's source " + Plan.Source +
                                       " is not here (re-prediction analyzes it again)");
  AnalysisOptions Opts;
  if (Plan.Mode == PlanMode::Kernel) {
    BlockShape Shape;
    Shape.X = Plan.Block.X, Shape.Y = Plan.Block.Y, Shape.Z = Plan.Block.Z;
    Shape.Source = "option";
    Opts.BlockDimOption = Shape;
  }
  AnalyzedSource A = analyzeForConfirm(Plan.Source, sourceMeaningFlags(Plan.AnalysisArgs), Opts,
                                       CudaFrontendOptions(), Plan.Kernel);
  if (A.Instrumented.Files.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--repredict: " + Plan.Source + " failed to parse");
  using Key = std::tuple<std::string, unsigned, unsigned>;
  std::map<Key, const ProbeSite *> Current;
  for (const ProbeSite &S : A.Instrumented.Probes)
    Current[{S.File, S.Offset, S.Length}] = &S;
  Reprediction R;
  for (ProbeSite &S : Plan.Probes) {
    auto It = Current.find({S.File, S.Offset, S.Length});
    if (It == Current.end()) {
      S.Predictions.clear();
      ++R.Unmatched;
      continue;
    }
    S.Predictions = It->second->Predictions;
    ++R.Matched;
    Current.erase(It);
  }
  R.Unprobed = unsigned(Current.size());
  return R;
}

} // namespace divlint::confirm
