// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A branch that one lane of each warp reaches cannot split its warp: under `threadIdx.x == 0`
// (a 1-D launch), `start > stop` is evaluated by lane 0 alone (issue 29 audit: CUB's example
// timers). The guard is evaluated exactly over the launch shapes, never sampled: under an
// assumed shape (no launch), x == 0 holds in several lanes of a warp whose y varies, and the
// branch stays lane-varying.

__global__ void timed(long long *elapsed, const float *x, float *y) {
  long long start = clock64();
  y[threadIdx.x] = x[threadIdx.x] * 2.f;
  long long stop = clock64();
  if (threadIdx.x == 0)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/4
    elapsed[blockIdx.x] = (start > stop) ? start - stop : stop - start;
  // CHECK-DAG: [[@LINE-1]]:28 rule=uniform-branch construct=?: class=warp-uniform
}

__global__ void unlaunched(long long *elapsed) {
  long long start = clock64(), stop = clock64();
  if (threadIdx.x == 0)
    elapsed[blockIdx.x] = (start > stop) ? start - stop : stop - start;
  // CHECK-DAG: [[@LINE-1]]:28 rule=divergent-branch construct=?: class=lane-varying extent=data-dependent
}

void launch(long long *e, const float *x, float *y) { timed<<<8, 128>>>(e, x, y); }
