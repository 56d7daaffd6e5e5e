//===- divlint_fuzzer.cpp - libFuzzer target over the whole analysis -----===//
//
// Each input is a CUDA source file: it is parsed with the built-in prelude (hermetic, no CUDA
// installation needed) and analyzed like `divlint --no-cuda --report-all`; the findings are
// rendered as JSON and SARIF so that the report writers see every finding too. Parse errors are
// expected and fine; a crash, a sanitizer report or a hang is a bug.
//
//===----------------------------------------------------------------------===//

#include "divlint/Quantify/BlockShape.h"
#include "divlint/Frontend/CudaFrontend.h"
#include "divlint/Report/Report.h"
#include "divlint/Pipeline/SourceAnalysis.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <cstring>

using namespace divlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // The CLI refuses binary data before clang sees it (a NUL in the first 64 KiB); do the same.
  if (Size > (1u << 20) || std::memchr(Data, 0, Size))
    return -1;
  static const CudaSetup Setup = [] {
    CudaFrontendOptions Front;
    Front.ForcePrelude = true;
    return detectCuda(Front);
  }();
  AnalysisOptions Opts;
  Opts.BlockDimOption = parseBlockShape("64,2");
  llvm::StringRef Code(reinterpret_cast<const char *>(Data), Size);
  SourceAnalysisResult R = analyzeSource(Code, "fuzz.cu", Opts, Setup);

  std::vector<ToolError> Errors;
  for (const std::string &E : R.Errors)
    Errors.push_back({"fuzz.cu", E});
  ReportOptions ROpts;
  ROpts.ReportAll = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeReport(OS, ReportFormat::Json, R.Findings, Errors, ROpts);
  writeReport(OS, ReportFormat::Sarif, R.Findings, Errors, ROpts);
  writeText(OS, R.Findings, ROpts);
  return 0;
}
