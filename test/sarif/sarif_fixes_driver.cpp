//===- sarif_fixes_driver.cpp - SARIF for findings that carry fix-its ---------===//
//
//   sarif-fixes-driver FILE.cu ROOT
//
// The analysis proposes replacements only for some rewrites, so this driver builds the findings
// itself and prints writeSarif's log with %SRCROOT% = ROOT: the condition `threadIdx.x % 2 == 0`
// of FILE (test/lit/Inputs/sarif-fixes.cu) with a why trace, a fix of two replacements and an
// advice-only fix; a finding in an unreadable file; a tool error. Checked by test/lit/sarif.cu.
//
//===----------------------------------------------------------------------===//

#include "divlint/Report/Report.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace divlint;

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: sarif-fixes-driver FILE.cu ROOT\n";
    return 2;
  }
  std::string File = argv[1];
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer) {
    llvm::errs() << "sarif-fixes-driver: cannot read " << File << "\n";
    return 2;
  }
  llvm::StringRef Text = (*Buffer)->getBuffer();
  llvm::StringRef Cond = "threadIdx.x % 2 == 0";
  size_t Offset = Text.find(Cond);
  if (Offset == llvm::StringRef::npos) {
    llvm::errs() << "sarif-fixes-driver: no '" << Cond << "' in " << File << "\n";
    return 2;
  }
  size_t LineStart = Text.rfind('\n', Offset) + 1; // npos + 1 == 0 on the first line
  unsigned Line = Text.take_front(Offset).count('\n') + 1;

  Finding F;
  F.File = File;
  F.Line = F.EndLine = Line;
  F.Column = Offset - LineStart + 1; // bytes, as clang counts
  F.EndColumn = F.Column + Cond.size() - 1;
  F.Offset = Offset;
  F.Length = Cond.size();
  F.Kernel = F.Function = "k";
  F.Construct = "if";
  F.ConditionText = Cond.str();
  F.Ext = Extent::EveryWarp;
  F.DivergentWarps = F.TotalWarps = 8;
  F.TrueLanes = 16;
  F.ActiveLanes = 32;
  F.PredictedEfficiency = 0.5;
  F.PredictedSlowdown = 2.0;
  F.Message = "'if' condition 'threadIdx.x % 2 == 0' is lane-varying";
  F.Why = {{Line, F.Column, "threadIdx.x is lane-varying"}};
  FixSuggestion Remap{"remap lanes to warp-contiguous work",
                      {{File, static_cast<unsigned>(Offset), static_cast<unsigned>(Cond.size()),
                        "(threadIdx.x / 32) % 2 == 0"},
                       {"", static_cast<unsigned>(LineStart), 0, "  // remapped\n"}}};
  F.Fixes = {Remap, {"sort the data by key so that warps agree", {}}};

  // A finding in a file that cannot be read keeps clang's byte positions.
  Finding Gone = F;
  Gone.File = "gone/missing.cu";
  Gone.Fixes = {};
  Gone.Why = {};

  ReportOptions Opts;
  Opts.SarifRoot = argv[2];
  writeSarif(llvm::outs(), {F, Gone}, {{"gone/broken.cu", "failed to parse as CUDA"}}, Opts);
  return 0;
}
