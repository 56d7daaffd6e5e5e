//===- ConfirmAnalysis.h - analyze and instrument one source file -*- C++ -*-===//
//
// Parses a CUDA file the way `divlint FILE.cu` does (same CUDA detection and arguments), runs the
// analysis, and, while the AST is alive, rewrites the source with probes and (kernel mode) reads
// the kernel's signature.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_CONFIRM_CONFIRMANALYSIS_H
#define DIVLINT_CONFIRM_CONFIRMANALYSIS_H

#include "divlint/Frontend/CudaFrontend.h"
#include "divlint/Analysis/FunctionAnalysis.h"
#include "divlint/Confirm/KernelSignature.h"
#include "divlint/Confirm/ProbeRewriter.h"
#include <optional>
#include <string>
#include <vector>

namespace divlint::confirm {

struct AnalyzedSource {
  bool Parsed = false;             ///< clang reported no error
  std::vector<std::string> Errors; ///< clang's errors (also printed to stderr)
  std::vector<Finding> Findings;
  InstrumentedSource Instrumented;
  std::optional<KernelSignature> Kernel; ///< when a kernel name was asked for and found
  std::string KernelError;               ///< why not
  bool UsingPrelude = false;
};

/// \p ClangArgs: extra compiler arguments (-I, -D, -std=...). \p KernelName may be empty.
AnalyzedSource analyzeForConfirm(const std::string &File, const std::vector<std::string> &ClangArgs,
                                 const AnalysisOptions &Opts, const CudaFrontendOptions &Front,
                                 const std::string &KernelName);

} // namespace divlint::confirm

#endif
