// RUN: not %divlint --block-dim=256 %s 2>&1 | FileCheck %s
// RUN: not %divlint --block-dim=256 --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s --check-prefix=JSON
// Barrier and warp-sync divergence are errors (exit 1); uniform barriers are fine.

__global__ void barriers(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 128) {
    __syncthreads();
  }
  // CHECK: barriers.cu:[[@LINE-2]]:5: error: barrier '__syncthreads()' is reached under a warp-uniform condition 'threadIdx.x < 128' (line [[@LINE-3]]): threads of the block that skip it make the barrier undefined behavior [divlint-barrier-divergence]
  if (blockIdx.x == 0)
    __syncthreads();
  if (threadIdx.x % 2 == 0)
    x[i] = __shfl_sync(0xffffffffu, x[i], 0);
  // CHECK: barriers.cu:[[@LINE-1]]:12: error: full-mask warp-synchronous '__shfl_sync(0xffffffffu, x[i], 0)' is reached under a lane-varying condition 'threadIdx.x % 2 == 0' (line [[@LINE-2]]): lanes named in the mask do not all arrive [divlint-warp-sync-divergence]
  if (threadIdx.x < 64)
    x[i] = __shfl_sync(0xffffffffu, x[i], 0);
  // After a divergent early return, lanes of the tail warp are gone.
  if (i >= n)
    return;
  __syncthreads();
  // CHECK: barriers.cu:[[@LINE-1]]:3: error: barrier '__syncthreads()' is reached under a lane-varying condition 'i >= n' (line [[@LINE-3]])
  x[i] = __shfl_sync(0xffffffffu, x[i], 0);
  // CHECK: barriers.cu:[[@LINE-1]]:10: error: full-mask warp-synchronous '__shfl_sync(0xffffffffu, x[i], 0)' is reached under a lane-varying condition 'i >= n'
}
// CHECK-NOT: error:
// JSON-DAG: 8:5 rule=barrier-divergence construct=call class=warp-uniform {{.*}} severity=error
// JSON-DAG: 14:12 rule=warp-sync-divergence construct=call class=lane-varying {{.*}} severity=error
// JSON-DAG: 21:3 rule=barrier-divergence construct=call class=lane-varying {{.*}} severity=error
// JSON-DAG: 23:10 rule=warp-sync-divergence construct=call class=lane-varying {{.*}} severity=error
// JSON-NOT: 12:{{.*}}barrier
// JSON-NOT: 17:{{.*}}warp-sync
