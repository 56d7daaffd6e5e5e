// RUN: %divlint --block-dim=128 %s 2>&1 | FileCheck %s
// Without --report-all only lane-varying branches are reported.

__global__ void k(float *out, int n) {
  // CHECK-NOT: uniform-branch
  if (n > 4) out[0] = 1.f;
  if (threadIdx.x < 64) out[1] = 1.f;
  // CHECK: default-only-divergent.cu:[[@LINE+1]]:7: note: 'if' condition 'threadIdx.x < 10' is lane-varying (partial, 1/4 warps diverge, 10/32 lanes true)
  if (threadIdx.x < 10) out[2] = 1.f;
}
// CHECK-NOT: warning
