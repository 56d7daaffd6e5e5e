//===- Repredict.h - judge old measurements with the current analysis -*- C++ -*-===//
//
// The probes measure divergence whatever divlint predicted: a build directory's results stay
// valid when the analysis changes. `divlint confirm --from-results DIR --repredict` analyzes the
// plan's source again (plan.json's source and analysis_args) with this build of divlint and
// judges the old counters against the new predictions. Probes are matched by file and exact
// source range (the source has not changed); a probe the current analysis does not report keeps
// no prediction (judged as lane-varying: no uniform claim).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_REPREDICT_H
#define DIVLINT_CONFIRM_REPREDICT_H

#include "divlint/Confirm/ConfirmPlan.h"
#include "llvm/Support/Error.h"

namespace divlint::confirm {

struct Reprediction {
  unsigned Matched = 0;    ///< probes with a prediction of the current analysis
  unsigned Unmatched = 0;  ///< probes the current analysis does not report
  unsigned Unprobed = 0;   ///< conditions it reports that the run did not probe
};

/// Replaces the predictions of \p Plan's probes with the current analysis'.
llvm::Expected<Reprediction> repredict(ConfirmPlan &Plan);

} // namespace divlint::confirm

#endif
