// RUN: %divlint --block-dim=256 --report-all %s 2>&1 | FileCheck %s
// The three classes, one branch each, and the text format of each rule.

__global__ void classes(float *out, int n) {
  int tid = threadIdx.x;
  // CHECK: classes.cu:[[@LINE+1]]:7: note: 'if' condition 'n > 4' is block-uniform [divlint-uniform-branch]
  if (n > 4) out[0] = 1.f;
  // CHECK: classes.cu:[[@LINE+1]]:7: note: 'if' condition 'tid / 32 == 1' is warp-uniform [divlint-uniform-branch]
  if (tid / 32 == 1) out[1] = 1.f;
  // CHECK: classes.cu:[[@LINE+1]]:7: warning: 'if' condition 'tid % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true) [divlint-divergent-branch]
  if (tid % 2 == 0) out[2] = 1.f;
  // CHECK-NEXT: classes.cu:5:13: note: threadIdx.x is lane-varying
  // CHECK-NEXT: classes.cu:[[@LINE-2]]:7: note: lanes 0-31 of one diverging warp: TFTFTFTFTFTFTFTFTFTFTFTFTFTFTFTF
}
