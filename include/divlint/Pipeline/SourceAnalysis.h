//===- SourceAnalysis.h - parse and analyze one CUDA source buffer -*- C++ -*-===//
//
// The whole pipeline on an in-memory buffer: parse it as CUDA (device side) with the given setup,
// analyze every device function, return the findings and clang's errors. Used by unit tests and
// the fuzz target; the CLI runs the same steps through clang::tooling::ClangTool.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_SOURCEANALYSIS_H
#define DIVLINT_SOURCEANALYSIS_H

#include "divlint/Frontend/CudaFrontend.h"
#include "divlint/Report/Finding.h"
#include "divlint/Report/KernelSummary.h"
#include "divlint/Analysis/FunctionAnalysis.h"
#include "llvm/ADT/StringRef.h"

namespace divlint {

struct SourceAnalysisResult {
  bool Parsed = false;        ///< clang reported no error
  unsigned DeviceFunctions = 0;
  std::vector<Finding> Findings;
  std::vector<KernelSummary> Kernels; ///< predicted warp execution efficiency per kernel
  std::vector<std::string> Errors; ///< clang's error messages
};

SourceAnalysisResult analyzeSource(llvm::StringRef Code, llvm::StringRef FileName,
                                   const AnalysisOptions &Opts, const CudaSetup &Setup,
                                   const std::vector<std::string> &ExtraArgs = {});

} // namespace divlint

#endif
