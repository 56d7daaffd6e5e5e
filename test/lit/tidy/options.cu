// Check options: BlockDim (here 16x16, where `threadIdx.x < 8` splits every warp; under the
// default 256x1x1 only the first warp), ReportAll (uniform branches as remarks), WarpSize, given
// with -config, a .clang-tidy file, or globally; invalid values are configuration errors.
// REQUIRES: cuda, tidy-plugin
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=DEFAULT --implicit-check-not='[cuda-divergence'
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {cuda-divergence-branch.BlockDim: '16,16'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=DIM2 --implicit-check-not='[cuda-divergence'
// A global option (no check prefix) applies to every check.
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {BlockDim: '16,16', ReportAll: 'true'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefixes=DIM2,ALL
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {WarpSize: '16'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=WARP16
// A .clang-tidy file next to the source.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/options.cu
// RUN: printf "Checks: '-*,cuda-divergence-*'\nCheckOptions:\n  cuda-divergence-branch.BlockDim: '16,16'\n  cuda-divergence-branch.ReportAll: true\n" > %t.dir/.clang-tidy
// RUN: cd %t.dir && %clang-tidy --load=%tidy-plugin options.cu -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefixes=DIM2,ALL
// WarningSlowdown (1.25) and WarningWorstSlowdown (2.0): the kernel slowdowns from which a split
// is a warning (docs/severity.md); line 37's costs its kernel 1.20x.
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {WarningSlowdown: '1.1'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=SLOW --implicit-check-not='[cuda-divergence'
// RUN: not %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {cuda-divergence-branch.BlockDim: '2048'}}" %s -- %tidy-cuda-args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-DIM --implicit-check-not='[cuda-divergence-branch]'
// RUN: not %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-barrier' -config="{CheckOptions: {cuda-divergence-barrier.WarpSize: 'many', cuda-divergence-barrier.ReportAll: 'maybe', cuda-divergence-barrier.WarningSlowdown: '0.5', cuda-divergence-barrier.WarningWorstSlowdown: 'x'}}" %s -- %tidy-cuda-args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-OTHER

__global__ void k(float *x) {
  // One lane-interleaved store costs no time that regrouping the lanes would win back: a remark.
  // A remark has no notes (remark-notes.cu).
  // DEFAULT: options.cu:[[@LINE+5]]:7: remark: 'if' condition 'threadIdx.x < 8' is lane-varying (partial, 1/8 warps diverge, 8/32 lanes true){{.*}} [cuda-divergence-branch]
  // DEFAULT-NOT: note:
  // SLOW: options.cu:[[@LINE+3]]:7: remark: 'if' condition 'threadIdx.x < 8' is lane-varying (partial{{.*}} [cuda-divergence-branch]
  // DIM2: options.cu:[[@LINE+2]]:7: warning: 'if' condition 'threadIdx.x < 8' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true){{.*}} [cuda-divergence-branch]
  // WARP16: options.cu:[[@LINE+1]]:7: remark: 'if' condition 'threadIdx.x < 8' is lane-varying (partial, 1/16 warps diverge, 8/16 lanes true){{.*}} [cuda-divergence-branch]
  if (threadIdx.x < 8) x[threadIdx.x] = 0.f;
  // An assumed shape proves nothing about y; a known one (16x16) makes it warp-uniform.
  // DEFAULT: options.cu:[[@LINE+5]]:7: remark: 'if' condition 'threadIdx.y < 4' is lane-varying{{.*}}; the kernel takes 1.20x as long (a warning from 1.25x) [cuda-divergence-branch]
  // SLOW: options.cu:[[@LINE+4]]:7: warning: 'if' condition 'threadIdx.y < 4' is lane-varying{{.*}}region slowdown 1.67x [cuda-divergence-branch]
  // SLOW: note: assuming warps and lanes computed for block shape {{[0-9x]+}} (the block shape is not known, and threadIdx.y/z change inside a warp of this one)
  // WARP16: options.cu:[[@LINE+2]]:7: remark: 'if' condition 'threadIdx.y < 4' is lane-varying{{.*}} [cuda-divergence-branch]
  // ALL: options.cu:[[@LINE+1]]:7: remark: 'if' condition 'threadIdx.y < 4' is warp-uniform [cuda-divergence-branch]
  if (threadIdx.y < 4) x[threadIdx.y] = 1.f;
}

// BAD-DIM: error: invalid BlockDim '2048' for cuda-divergence-branch: expected X[,Y[,Z]], at most 1024 threads [clang-tidy-config]
// BAD-OTHER-DAG: error: invalid WarpSize 'many' for cuda-divergence-barrier: expected a number between 1 and 64 [clang-tidy-config]
// BAD-OTHER-DAG: error: invalid ReportAll 'maybe' for cuda-divergence-barrier: expected true or false [clang-tidy-config]
// BAD-OTHER-DAG: error: invalid WarningSlowdown '0.5' for cuda-divergence-barrier: expected a kernel slowdown between 1.0 and 1000 [clang-tidy-config]
// BAD-OTHER-DAG: error: invalid WarningWorstSlowdown 'x' for cuda-divergence-barrier: expected a kernel slowdown between 1.0 and 1000 [clang-tidy-config]
