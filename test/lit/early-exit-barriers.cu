// RUN: not %divlint --block-dim=256 --color=never %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A thread that returns has exited, and exited threads no longer hold up a barrier nor need to
// arrive at a full-mask *_sync call (PTX `exit`). A thread that skips one and then reaches a
// barrier (another one, or this one in a later iteration) while still running is an error, and
// so are lanes of one warp that skip one and run on beside the lanes that wait at it.

__global__ void guard_then_sync(float *x, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n) {
    x[0] = 0.f; // work before exiting is still exiting
    return;
  }
  __syncthreads();
  float v = __shfl_sync(0xffffffffu, x[gid], 0);
  x[gid] = v;
}

__global__ void continue_past_barrier(float *x) {
  for (int k = 0; k < 4; ++k) {
    if (x[threadIdx.x] > 0.f) continue;
    __syncthreads();
    // CHECK: early-exit-barriers.cu:[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under a lane-varying condition 'x[threadIdx.x] > 0.f' (line [[@LINE-2]]): threads for which 'x[threadIdx.x] > 0.f' goes the other way skip it and reach it again in a later iteration, so the block's threads do not all wait at the same barrier (only threads that have exited may miss one) [divlint-barrier-divergence]
  }
}

__global__ void warp_strided_trips(float *x, int n) {
  int warp = threadIdx.x / 32;
  for (int i = warp; i < n; i += 8) {
    x[i] += 1.f;
    __syncthreads();
    // CHECK: early-exit-barriers.cu:[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under a warp-uniform condition 'i < n' (line [[@LINE-3]]): warps that run fewer trips of the loop ('i < n' turns false sooner for them) skip it and reach the barrier '__syncthreads()' (line [[@LINE+2]]) instead, so the block's threads do not all wait at the same barrier (only threads that have exited may miss one) [divlint-barrier-divergence]
  }
  __syncthreads();
  x[threadIdx.x] = 0.f;
}

// The same loop with nothing after it: warps that leave early exit, which is fine.
__global__ void warp_strided_trips_then_exit(float *x, int n) {
  int warp = threadIdx.x / 32;
  for (int i = warp; i < n; i += 8) {
    x[i] += 1.f;
    __syncthreads();
  }
}

__global__ void lanes_run_on(float *x, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < n) {
    x[gid] = 1.f;
    __syncthreads();
    // CHECK: early-exit-barriers.cu:[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under a lane-varying condition 'gid < n' (line [[@LINE-3]]): threads for which 'gid < n' goes the other way skip it and go on running beside the lanes of their warp that wait here, so the block's threads do not all wait at the same barrier (only threads that have exited may miss one) [divlint-barrier-divergence]
  }
  x[0] = 2.f;
}
