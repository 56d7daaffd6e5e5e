// Calling contexts equal up to the renaming of their unknowns share one analysis
// (lib/Pipeline/ContextReuse.h): kernels b and a call the same helpers with their own
// parameter `n`. What b reuses of a's analyses is what new analyses would give: the helper's
// branch names both kernels (its findings are collected again for b), the value it returns
// keeps its class in each caller, and the calls the reused helper made are made again with b's
// arguments (so `pick` is reused too). A context that differs in more than names is analyzed.
// RUN: %divlint --report-all --format=json --block-dim=64 %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: env DIVLINT_PHASE_TIMES=1 %divlint --block-dim=64 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMES

__device__ int pick(int v, int n) {
  if (v < n)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} function=pick kernel=a kernels=a,b
    return v;
  return n;
}
__device__ int twice(int v, int n) { return pick(v, n) + pick(v + 1, n); }

__global__ void a(int *out, int n) {
  if (twice(threadIdx.x, n) > 5)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} function=a kernel=a kernels=a
    out[0] = 1;
}
__global__ void b(int *out, int n) {
  if (twice(threadIdx.x, n) > 5)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} function=b kernel=b kernels=b
    out[0] = 1;
  if (twice(blockIdx.x, n) > 5)
    // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform {{.*}} function=b kernel=b kernels=b
    out[1] = 1;
}
// Reused: b's first call of twice and the two calls of pick it makes again; b's second call
// (blockIdx.x is no renaming of threadIdx.x) and everything of a's are analyses.
// TIMES: divlint: phase times: {{.*}}context-reuse.cu: {{.*}} (10 analyses; {{.*}}; reused 3)
