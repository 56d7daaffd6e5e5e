// RUN: not %divlint --block-dim=256 %s 2>&1 | FileCheck %s
// RUN: not %divlint --block-dim=256 --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s --check-prefix=JSON
// Barrier and warp-sync divergence are errors (exit 1); uniform barriers are fine.

__global__ void barriers(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 128) {
    __syncthreads();
  }
  // CHECK: barriers.cu:[[@LINE-2]]:5: error: barrier '__syncthreads()' is reached under a warp-uniform condition 'threadIdx.x < 128' (line [[@LINE-3]]): warps for which 'threadIdx.x < 128' goes the other way skip it and reach the barrier '__syncthreads()' (line [[@LINE+2]]) instead, so the block's threads do not all wait at the same barrier (only threads that have exited may miss one) [divlint-barrier-divergence]
  if (blockIdx.x == 0)
    __syncthreads();
  if (threadIdx.x % 2 == 0)
    x[i] = __shfl_sync(0xffffffffu, x[i], 0);
  // CHECK: barriers.cu:[[@LINE-1]]:12: error: full-mask warp-synchronous '__shfl_sync(0xffffffffu, x[i], 0)' is reached under a lane-varying condition 'threadIdx.x % 2 == 0' (line [[@LINE-2]]) for block shape 256x1x1: lanes for which 'threadIdx.x % 2 == 0' goes the other way skip it and reach the warp-synchronous call '__shfl_sync(0xffffffffu, x[i], 0)' (line [[@LINE+2]]) instead, so lanes named in the mask do not all arrive (only lanes that have exited may be missing) [divlint-warp-sync-divergence]
  if (threadIdx.x < 64)
    x[i] = __shfl_sync(0xffffffffu, x[i], 0);
  // After a divergent early return the lanes that returned have exited: they no longer hold up
  // a barrier (PTX `exit`) nor need to arrive at a full-mask shuffle. Not errors.
  if (i >= n)
    return;
  __syncthreads();
  x[i] = __shfl_sync(0xffffffffu, x[i], 0);
}
// CHECK-NOT: error:
// JSON-DAG: 8:5 rule=barrier-divergence construct=call class=warp-uniform {{.*}} severity=error
// JSON-DAG: 14:12 rule=warp-sync-divergence construct=call class=lane-varying {{.*}} severity=error
// JSON-NOT: 22:{{.*}}barrier
// JSON-NOT: 23:{{.*}}warp-sync
// JSON-NOT: 12:{{.*}}barrier
// JSON-NOT: 17:{{.*}}warp-sync
