// A loop's induction variable is an unknown that renames too (lib/Pipeline/ContextReuse.h):
// kernel b's call of accumulate reuses a's analysis, and so do the calls it makes again
// (stepOf and clampAt, passed the loop's `i`, its loop renamed with it). The findings are those
// of new analyses: clampAt's branch names both kernels, b's own branch sees accumulate's result
// lane-varying, and the assumed trip count of accumulate's loop is named in b's finding.
// RUN: %divlint --report-all --format=json --block-dim=64 %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: env DIVLINT_PHASE_TIMES=1 %divlint --block-dim=64 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMES

__device__ int clampAt(int i, int n) {
  if (i + threadIdx.x < n)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} function=clampAt kernel=a kernels=a,b
    return i;
  return n;
}
__device__ int stepOf(int i, int n) { return clampAt(i, n) + 1; }
__device__ int accumulate(int n) {
  int s = 0;
  for (int i = 0; i < n; i += 4)
    // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform {{.*}} function=accumulate kernel=a kernels=a,b
    s += stepOf(i, n);
  return s;
}

__global__ void a(int *out, int n) { out[threadIdx.x] = accumulate(n); }
__global__ void b(int *out, int n) {
  if (accumulate(n) > 5)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} function=b kernel=b kernels=b {{.*}} 16 trips of the loop at line 18 in 'accumulate' ('i < n')
    out[threadIdx.x] = 1;
}
// Before induction variables renamed, b analyzed all 5 of its contexts again (13 analyses).
// TIMES: divlint: phase times: {{.*}}context-reuse-loops.cu: {{.*}} (8 analyses; {{.*}}; reused 5)
