// RUN: %divlint --block-dim=256 %s 2>&1 | FileCheck %s
// Rewrites that would change the program are advice: a note without a fix-it.

__global__ void advice(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Lane-interleaved work: remap so that whole warps take one side.
  if (threadIdx.x % 2 == 0)
    y[i] = x[i] * x[i] + 1.f;
  // A store, in a kernel whose 64-trip loop dominates: under 1% of its time, a note.
  // CHECK: advice.cu:[[@LINE-3]]:7: note: 'if' condition 'threadIdx.x % 2 == 0'
  // CHECK: note: suggested rewrite: warp-aligned remapping: 'threadIdx.x % 2 == 0' interleaves lanes, so every warp runs both sides
  float acc = 0.f;
  for (int k = 0; k < 64; ++k) {
    if (x[i * 64 + k] > 0.f)
      acc += x[k] * 2.f + x[k + 1];
    else
      acc -= x[k + 2];
  }
  // Both arms run in a warp that splits, but the cheaper is a load and an add: a note.
  // CHECK: advice.cu:[[@LINE-6]]:9: note: 'if' condition 'x[i * 64 + k] > 0.f' is lane-varying (data-dependent){{.*}}region slowdown up to 2.40x; a warp that splits runs both arms, the cheaper one short (6 units)
  // CHECK: note: suggested rewrite: ballot fast path: in this loop, test '__all_sync(__activemask(), x[i * 64 + k] > 0.f)'
  // CHECK: note: suggested rewrite: data-dependent: sort or bucket the input by this condition
  // CHECK: note: suggested rewrite: hoist work that does not depend on 'x[i * 64 + k] > 0.f' out of the divergent region
  y[i] = acc;
}
// CHECK-NOT: fix-it
