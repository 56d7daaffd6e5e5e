//===- BuildCommands.h - the nvcc, run and ncu command lines of a plan -*- C++ -*-===//
//
// The same command lines serve the in-process runner (Runner.h) and run.sh, the script written
// into every build directory so that a plan can be built and run on another machine (one with a
// GPU but no divlint) and judged later with `divlint confirm --from-results DIR`.
//
// Build directory layout (every command runs with the build directory as working directory):
//   plan.json  driver.cu (kernel mode)  divlint_probe.cuh  divlint_driver.cuh  src/ (rewritten)
//   variants/<variant>/{driver.cu,src/} (unprobed and fix-it variants: FixitSources.h)
//   bin/<variant>  logs/build-<variant>.log  logs/run-<variant>.log  logs/ncu.log
//   results/<variant>.json  results/{build,run}-<variant>.rc  results/ncu.csv  results/ncu.rc
//   ref/ (while running, with fix-its: the original's output buffers, compared by the variants)
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_BUILDCOMMANDS_H
#define DIVLINT_CONFIRM_BUILDCOMMANDS_H

#include "divlint/Confirm/ConfirmPlan.h"
#include <string>
#include <vector>

namespace divlint::confirm {

/// Where the original leaves its output buffers for the fix-it variants to compare with.
extern const char *const ReferenceDir;

/// The metrics --ncu asks for (kernel-level branch divergence beside the probes').
extern const char *const NcuMetrics;

/// nvcc's arguments (no program name) for \p V, relative to the build directory.
std::vector<std::string> nvccArguments(const ConfirmPlan &P, const Variant &V);

/// The variant's command line; \p Dir prefixes paths that must be absolute (program mode runs
/// in the caller's directory). argv[0] is the binary.
std::vector<std::string> runArguments(const ConfirmPlan &P, const Variant &V,
                                      const std::string &Dir);
/// Environment additions ("NAME=value") for running \p V.
std::vector<std::string> runEnvironment(const ConfirmPlan &P, const Variant &V,
                                        const std::string &Dir);

/// ncu's arguments after the program name: profile the original variant.
std::vector<std::string> ncuArguments(const ConfirmPlan &P, const std::string &Dir);

/// Quotes one argument for bash; a leading "$DIR" stays expanded.
std::string shellQuote(const std::string &Arg);

/// run.sh: builds every variant (in parallel), runs them (with timeouts), then ncu if asked.
std::string runScript(const ConfirmPlan &P);

} // namespace divlint::confirm

#endif
