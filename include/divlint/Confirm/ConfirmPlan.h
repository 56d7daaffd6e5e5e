//===- ConfirmPlan.h - what `divlint confirm` builds and runs -*- C++ -*-===//
//
// A plan is everything needed to build and run the variants of one confirmation and to judge
// the results later, possibly on another machine: the probes with their predictions, the
// variants (original, probes, one counterfactual per flagged branch, one per fix-it), the launch
// (kernel mode) or the program's arguments (program mode), and the build settings. It is written
// as plan.json in the build directory, next to src/ (the rewritten sources), driver.cu, run.sh
// and variants/<name>/ (the unprobed and fix-it sources, FixitSources.h).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_CONFIRMPLAN_H
#define DIVLINT_CONFIRM_CONFIRMPLAN_H

#include "divlint/Confirm/LaunchSpec.h"
#include "divlint/Confirm/ProbeSite.h"
#include "llvm/Support/Error.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace divlint::confirm {

enum class VariantRole {
  Original, ///< the program as written (the rewritten source with every probe inert)
  Probe,    ///< counters on every branch
  Uniform,  ///< one flagged branch made warp-uniform (the counterfactual)
  Unprobed, ///< the source exactly as written, no probe code: what fix-its are timed against
  FixIt,    ///< the unprobed source with one of divlint's fix-its applied
  /// One branch's condition false for every lane (ProbeSite::FalseSkipsRegion): the kernel
  /// without that region, its time floor. What the branch's remap fix-it cannot shorten.
  Floor,
};
llvm::StringRef variantRoleName(VariantRole R);

struct Variant {
  std::string Name; ///< file-name safe: original, probe, uniform-3
  VariantRole Role = VariantRole::Original;
  int UniformId = -1; ///< DIVLINT_UNIFORM_ID
  std::optional<unsigned> ProbeId; ///< the branch a Uniform/FixIt variant is about
  std::optional<unsigned> FixIndex; ///< FixIt: which of the branch's ProbeSite::FixIts

  /// Built from its own copy of the sources (variants/<name>/), not from the probed src/.
  bool ownSources() const { return Role == VariantRole::Unprobed || Role == VariantRole::FixIt; }
  /// That directory, relative to the build directory ("" for variants built from src/).
  std::string sourceDir() const { return ownSources() ? "variants/" + Name : ""; }
};

enum class PlanMode { Kernel, Program };

struct ConfirmPlan {
  PlanMode Mode = PlanMode::Kernel;
  std::string Source;      ///< as given on the command line
  std::string SourceRoot;  ///< the mirrored directory on the machine that made the plan
  std::string MainRelPath; ///< the rewritten main file under src/
  std::vector<ProbeSite> Probes;
  std::vector<SkippedCondition> Skipped;
  std::vector<Variant> Variants;

  // Kernel mode.
  std::string Kernel;
  Dim3 Grid, Block;
  unsigned SharedMemBytes = 0;
  uint64_t Seed = 1;
  std::vector<std::string> ArgsDescribed; ///< one per parameter, as ResolvedArg::describe()
  unsigned Reps = 20, Warmup = 3;

  // Program mode.
  std::vector<std::string> ProgramArgs;

  // Building and running.
  std::string Arch = "native"; ///< -arch=
  std::vector<std::string> NvccArgs; ///< the user's, with paths under SourceRoot made src/-relative
  /// The user's --nvcc-arg values as given (the analysis' -I/-D; --repredict analyzes with them).
  std::vector<std::string> AnalysisArgs;
  unsigned TimeoutSeconds = 120;
  bool Ncu = false;

  const Variant *variant(llvm::StringRef Name) const;
  /// Probes that belong to the confirmed kernel (kernel mode), or all of them.
  bool inScope(const ProbeSite &P) const;
  /// Whether any variant is a fix-it (the original then leaves its outputs for comparison).
  bool hasFixIts() const;
};

/// Kernel mode's variants: original, probe, then for every in-scope branch predicted
/// lane-varying a counterfactual (\p Counterfactuals) and one variant per fix-it (\p FixIts;
/// with an unprobed baseline before the first). A branch with a fix-it that predicts a speedup
/// and whose false condition skips its region also gets a floor variant.
void addKernelVariants(ConfirmPlan &P, bool Counterfactuals, bool FixIts);

nlohmann::json planToJson(const ConfirmPlan &P);
/// A fix-it as plan.json and report.json write it: description and replacements.
nlohmann::json fixItToJson(const FixSuggestion &F);
llvm::Expected<ConfirmPlan> planFromJson(const nlohmann::json &J);

} // namespace divlint::confirm

#endif
