// A finding the CLI prints as a note is a remark in clang-tidy, and carries no notes: front ends
// that read clang-tidy's output and know no remark level (VS Code's, Emacs') drop the remark and
// would hang its notes on the warning before it. Each warning's notes are its own.
// (WarningWorstSlowdown 1.01: these one-store branches are warnings, as before the kernel-time
// rule of docs/severity.md, which would make all three remarks.)
// REQUIRES: cuda, tidy-plugin
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {BlockDim: '256', WarningWorstSlowdown: '1.01'}}" %s -- %tidy-cuda-args 2>/dev/null \
// RUN:   | grep -E '^[^ ].*:[0-9]+:[0-9]+: ' | FileCheck %s --implicit-check-not='[cuda-divergence'

__global__ void kernel(float *out) {
  int tid = threadIdx.x;
  if (tid % 2 == 0) out[tid] = 3.f;
  // CHECK: remark-notes.cu:[[@LINE-1]]:7: warning: 'if' condition 'tid % 2 == 0' is lane-varying{{.*}} [cuda-divergence-branch]
  // CHECK-NEXT: remark-notes.cu:[[@LINE-3]]:13: note: threadIdx.x is lane-varying
  // CHECK-NEXT: remark-notes.cu:[[@LINE-4]]:7: note: 'tid = threadIdx.x' feeds 'tid'
  // CHECK-NEXT: remark-notes.cu:[[@LINE-4]]:7: note: so 'tid % 2 == 0' is lane-varying
  // CHECK-NEXT: remark-notes.cu:[[@LINE-5]]:7: note: lanes 0-31 of one diverging warp: TFTFTFTFTFTFTFTFTFTFTFTFTFTFTFTF
  // CHECK-NEXT: remark-notes.cu:[[@LINE-6]]:7: note: suggested rewrite: warp-aligned remapping
  if (tid < 20) out[tid] = 7.f;
  // CHECK-NEXT: remark-notes.cu:[[@LINE-1]]:7: remark: 'if' condition 'tid < 20' is lane-varying (partial, 1/8 warps diverge, 20/32 lanes true){{.*}} [cuda-divergence-branch]
  if ((tid & 3) == 0) out[tid] = 9.f;
  // CHECK-NEXT: remark-notes.cu:[[@LINE-1]]:7: warning: 'if' condition '(tid & 3) == 0' is lane-varying{{.*}} [cuda-divergence-branch]
  // CHECK-NEXT: remark-notes.cu:[[@LINE-12]]:13: note: threadIdx.x is lane-varying
}
