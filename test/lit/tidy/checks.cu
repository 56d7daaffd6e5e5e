// The three checks on one kernel: the CLI's messages, the why trace as notes, barriers and
// warp-sync calls as warnings (clang-tidy's level for check findings), uniform branches silent.
// (WarningWorstSlowdown 1.01: the small branches here are warnings, as before the kernel-time
// rule of docs/severity.md; what this test checks is which check reports what.)
// REQUIRES: cuda, tidy-plugin
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {WarningWorstSlowdown: '1.01'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --implicit-check-not='[cuda-divergence' --implicit-check-not=error:
// Each check reports only its own rule.
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-barrier' -config="{CheckOptions: {WarningWorstSlowdown: '1.01'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=BARRIER --implicit-check-not='[cuda-divergence'
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-warp-sync' -config="{CheckOptions: {WarningWorstSlowdown: '1.01'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=SYNC --implicit-check-not='[cuda-divergence'
// Without the NOLINT comment the last branch is reported (so the NOLINT test below means something).
// RUN: sed 's|// NOLINT(cuda-divergence-branch)||' %s > %t.cu
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-branch' -config="{CheckOptions: {WarningWorstSlowdown: '1.01'}}" %t.cu -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=NONOLINT
// Promoted to errors the usual clang-tidy way.
// RUN: not %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' --warnings-as-errors='cuda-divergence-barrier,cuda-divergence-warp-sync' %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=WERROR

__global__ void kernel(float *x, int n) {
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  if (n > 4) x[0] = 1.f;
  if (tid / 32 == 1) x[1] = 1.f;
  // CHECK: checks.cu:[[@LINE+4]]:7: warning: 'if' condition 'tid % 2 == 0' is lane-varying (every-warp, 4/4 warps diverge, 16/32 lanes true){{.*}} [cuda-divergence-branch]
  // CHECK: checks.cu:[[@LINE-5]]:13: note: threadIdx.x is lane-varying
  // CHECK: checks.cu:[[@LINE+2]]:7: note: lanes 0-31 of one diverging warp: TFTFTFTFTFTFTFTFTFTFTFTFTFTFTFTF
  // CHECK: checks.cu:[[@LINE+5]]:15: warning: full-mask warp-synchronous '__shfl_sync(0xffffffffu, x[i], 0)' is reached under a lane-varying condition 'tid % 2 == 0' (line [[@LINE+1]]) for block shape 128x1x1: lanes for which 'tid % 2 == 0' goes the other way skip it and go on running beside the lanes of their warp that wait here, so lanes named in the mask do not all arrive (only lanes that have exited may be missing) [cuda-divergence-warp-sync]
  if (tid % 2 == 0) {
    // SYNC: checks.cu:[[@LINE+3]]:15: warning: full-mask warp-synchronous '__shfl_sync(0xffffffffu, x[i], 0)' is reached under a lane-varying condition {{.*}} [cuda-divergence-warp-sync]
    // SYNC: checks.cu:[[@LINE-2]]:7: note: 'tid % 2 == 0' is lane-varying
    // WERROR: checks.cu:[[@LINE+1]]:15: error: full-mask warp-synchronous {{.*}} [cuda-divergence-warp-sync,-warnings-as-errors]
    float v = __shfl_sync(0xffffffffu, x[i], 0);
    x[i] = v;
  }
  // The CLI prints a tail as a note; clang-tidy as a remark.
  // CHECK: checks.cu:[[@LINE+1]]:7: remark: 'if' condition 'i < n' is lane-varying (tail){{.*}} [cuda-divergence-branch]
  if (i < n) {
    x[i] = 0.f;
    // CHECK: checks.cu:[[@LINE+4]]:5: warning: barrier '__syncthreads()' is reached under a lane-varying condition 'i < n' (line [[@LINE-2]]): threads for which 'i < n' goes the other way skip it and go on running beside the lanes of their warp that wait here, so the block's threads do not all wait at the same barrier (only threads that have exited may miss one) [cuda-divergence-barrier]
    // CHECK-NEXT: {{.*}}__syncthreads();
    // BARRIER: checks.cu:[[@LINE+2]]:5: warning: barrier '__syncthreads()' is reached under a lane-varying condition 'i < n' {{.*}} [cuda-divergence-barrier]
    // WERROR: checks.cu:[[@LINE+1]]:5: error: barrier '__syncthreads()' {{.*}} [cuda-divergence-barrier,-warnings-as-errors]
    __syncthreads();
  }
  // NOLINT silences a finding like any clang-tidy check's.
  // NONOLINT: checks.cu.tmp.cu:[[@LINE+1]]:7: warning: 'if' condition 'tid % 4 == 0' is lane-varying
  if (tid % 4 == 0) x[i] += 1.f; // NOLINT(cuda-divergence-branch)
}

void launch(float *x, int n) { kernel<<<(n + 127) / 128, 128>>>(x, n); }
