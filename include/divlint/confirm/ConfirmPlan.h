//===- ConfirmPlan.h - what `divlint confirm` builds and runs -*- C++ -*-===//
//
// A plan is everything needed to build and run the variants of one confirmation and to judge
// the results later, possibly on another machine: the probes with their predictions, the
// variants (original, probes, one counterfactual per flagged branch), the launch (kernel mode) or
// the program's arguments (program mode), and the build settings. It is written as plan.json in
// the build directory, next to src/ (the rewritten sources), driver.cu and run.sh.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_CONFIRMPLAN_H
#define DIVLINT_CONFIRM_CONFIRMPLAN_H

#include "divlint/confirm/LaunchSpec.h"
#include "divlint/confirm/ProbeSite.h"
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
  FixIt,    ///< one of divlint's fix-its applied (not generated yet: fixes are in progress)
};
llvm::StringRef variantRoleName(VariantRole R);

struct Variant {
  std::string Name; ///< file-name safe: original, probe, uniform-3
  VariantRole Role = VariantRole::Original;
  int UniformId = -1; ///< DIVLINT_UNIFORM_ID
  std::optional<unsigned> ProbeId; ///< the branch a Uniform/FixIt variant is about
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
  unsigned TimeoutSeconds = 120;
  bool Ncu = false;

  const Variant *variant(llvm::StringRef Name) const;
  /// Probes that belong to the confirmed kernel (kernel mode), or all of them.
  bool inScope(const ProbeSite &P) const;
};

nlohmann::json planToJson(const ConfirmPlan &P);
llvm::Expected<ConfirmPlan> planFromJson(const nlohmann::json &J);

} // namespace divlint::confirm

#endif
