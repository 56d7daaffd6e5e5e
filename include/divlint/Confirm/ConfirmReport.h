//===- ConfirmReport.h - the predicted-vs-measured table and its JSON -*- C++ -*-===//
#ifndef DIVLINT_CONFIRM_CONFIRMREPORT_H
#define DIVLINT_CONFIRM_CONFIRMREPORT_H

#include "divlint/Confirm/Comparison.h"
#include "llvm/Support/raw_ostream.h"
#include <nlohmann/json.hpp>

namespace divlint::confirm {

/// One row per branch (predicted | measured | verdict), notes, skipped conditions, ncu metrics.
void writeConfirmTable(llvm::raw_ostream &OS, const ConfirmPlan &P, const ConfirmOutcome &O);

/// The same as JSON (documented in README.md, "Confirming on a GPU").
nlohmann::json confirmJson(const ConfirmPlan &P, const ConfirmOutcome &O);

} // namespace divlint::confirm

#endif
