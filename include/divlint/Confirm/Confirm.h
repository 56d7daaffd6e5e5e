//===- Confirm.h - `divlint confirm`: check predictions on a GPU -*- C++ -*-===//
//
//   divlint confirm FILE.cu --kernel NAME --grid G --block B [--arg SPEC]... [options]
//   divlint confirm PROGRAM.cu [options] -- PROGRAM-ARGS
//   divlint confirm --from-results DIR [--json OUT]
//
// Kernel mode generates a driver for one kernel; program mode builds the program with its own
// main. Both rewrite the source with a probe on every analyzed branch (measured divergence and
// efficiency); kernel mode also times the original against one counterfactual per flagged
// branch (that branch made warp-uniform): the measured slowdown. `--emit-only DIR` writes the
// build directory (sources, driver, plan.json, run.sh) without building, for a machine that has a
// GPU but no divlint; `--from-results DIR` judges what run.sh left there.
//
// Exit codes: 0 done, no prediction refuted; 1 some prediction refuted; 2 could not confirm
// (bad options, kernel not found, unsupported parameter, no nvcc, no GPU, build failure).
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_CONFIRM_H
#define DIVLINT_CONFIRM_CONFIRM_H

namespace divlint::confirm {

/// \p argv[0] is "confirm".
int runConfirm(int argc, const char **argv);

} // namespace divlint::confirm

#endif
