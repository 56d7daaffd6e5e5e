// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// While the data flow runs it asks each condition for its class only, and the join over a
// launch's candidate shapes stops at the first shape that splits a warp. That answer is one
// shape's, not the join's: when the first kernel had already left that shape's full result in
// the memo, the second kernel's stopped join passed for the full one, and its numbers were the
// 1024-thread candidate's (partial, 1/32 warps) instead of the worst shape's (2 threads: every
// warp). Both kernels get the worst shape's numbers.
// CHECK: errors=0

__global__ void first(int *r) {
  if (threadIdx.x == 0)
    r[0] = 1;
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp warps=1/1 split=1/2 {{.*}}kernel=first {{.*}}shape=1024x1x1, 1x1x1, 2x1x1, 3x1x1
}

__global__ void second(int *r) {
  if (threadIdx.x == 0)
    r[1] = 1;
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp warps=1/1 split=1/2 {{.*}}kernel=second {{.*}}shape=1024x1x1, 1x1x1, 2x1x1, 3x1x1
}

void host(int *r, int threads) {
  first<<<1, threads>>>(r);
  second<<<1, threads>>>(r);
}
