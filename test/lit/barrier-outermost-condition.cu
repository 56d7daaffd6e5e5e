// RUN: not %divlint --block-dim=128 %s 2>&1 | FileCheck %s
// A barrier under several branches that can split the block is reported under the outermost:
// the branch that decides which threads reach the others. A `__syncthreads()` in a loop inside
// `if (threadIdx.x == 0)` (a pattern in FasterTransformer's beam search) was reported under the
// loop's data-dependent `break`, which only thread 0 ever evaluates; the cause to fix is the
// leader guard.

__global__ void leaderLoop(const float *score, const float *best, int *out, int k) {
  if (threadIdx.x == 0) {
    for (int i = 0; i < k; ++i) {
      if (score[threadIdx.x + i] < best[i])
        break;
      out[i] = i;
      __syncthreads();
    }
  }
  // CHECK: barrier-outermost-condition.cu:[[@LINE-3]]:7: error: barrier '__syncthreads()' is reached under a lane-varying condition 'threadIdx.x == 0' (line [[@LINE-8]])
  out[k + threadIdx.x] = 0; // the other threads go on past it, beside thread 0's warp
}

// Without the guard, the data-dependent break is the only branch that splits the block.
__global__ void everyThread(const float *score, const float *best, int *out, int k) {
  for (int i = 0; i < k; ++i) {
    if (score[threadIdx.x * k + i] < best[i])
      break;
    out[i] = i;
    __syncthreads();
  }
  // CHECK: barrier-outermost-condition.cu:[[@LINE-2]]:5: error: barrier '__syncthreads()' is reached under a lane-varying condition 'score[threadIdx.x * k + i] < best[i]' (line [[@LINE-5]])
}

// An outer branch with no witness (no value divlint tried splits a warp: a warning at most)
// comes after an inner one that splits: the barrier stays an error, under the inner branch.
__global__ void unprovenOuter(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i != 5000) {
    if (threadIdx.x % 2 == 0) {
      out[i] = 1;
      __syncthreads();
    }
  }
  // CHECK: barrier-outermost-condition.cu:[[@LINE-3]]:7: error: barrier '__syncthreads()' is reached under a lane-varying condition 'threadIdx.x % 2 == 0' (line [[@LINE-5]])
  out[i] += 2;
}
// CHECK-NOT: error:
