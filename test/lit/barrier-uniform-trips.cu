// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s --implicit-check-not=severity=error
// Barriers that every thread of the block reaches the same number of times are not errors
// (issue 29, pattern 2):
//  - a loop whose trip count is the same for every thread although its bounds read the thread
//    index (`t` and the bound both carry `tid`): the barrier check takes the branch's final
//    class, not what an early round of the data flow guessed (it once said "error ... under a
//    block-uniform condition" once another loop followed);
//  - an early return: the threads that leave have exited and no longer hold up a barrier, and
//    the threads that stay reach the loop's barriers together (the loop's own trip count is
//    block-uniform). The side that reaches a barrier is not a side that skips it.
// A thread that skips a barrier and then reaches one while still running stays an error.

__global__ void same_trips(int n, int C, float *dst) {
  int tid = threadIdx.x;
  __shared__ float sh[64];
  for (int t = blockIdx.x * C + tid; t < (blockIdx.x + n) * C + tid; t += C) {
    // The trip count is the same for every thread, but the proof does not yet see through the
    // signed-to-unsigned comparison of t with an unknown stride C: lane-varying, with no value
    // that splits it, so the barriers below are warnings, never errors (an error needs a witness).
    // CHECK-DAG: [[@LINE-4]]:38 rule=divergent-branch construct=for class=lane-varying extent=partial
    __syncthreads();
    sh[tid] = dst[t];
    __syncthreads();
    dst[t] = sh[63 - tid];
  }
  for (int i = 0; i < 4; i++)
    dst[i * 64 + tid] = 0.f;
}

__global__ void exit_then_loop(int n, float *x) {
  __shared__ float s[256];
  if (threadIdx.x >= n)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=tail
    return;
  for (int k = 0; k < n; ++k) {
    // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
    s[threadIdx.x] = x[k];
    __syncthreads();
    x[threadIdx.x] += s[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
}

// RUN: not %divlint --color=never %s -- -DSKIP_AND_REJOIN 2>&1 | FileCheck %s --check-prefix=ERR
#ifdef SKIP_AND_REJOIN
__global__ void skip_then_loop(int n, float *x) {
  __shared__ float s[256];
  if (threadIdx.x < n) {
    for (int k = 0; k < n; ++k) {
      s[threadIdx.x] = x[k];
      __syncthreads();
      // ERR: barrier-uniform-trips.cu:[[@LINE-1]]:7: error: barrier '__syncthreads()' is reached under a lane-varying condition 'threadIdx.x < n' (line [[@LINE-4]]){{.*}}reach the barrier '__syncthreads()' (line [[@LINE+3]]) instead
    }
  }
  __syncthreads();
}
#endif

void launch(float *d, int n, int C) {
  same_trips<<<4, 64>>>(n, C, d);
  exit_then_loop<<<4, 256>>>(n, d);
}
