// REQUIRES: cuda
// RUN: %divlint-cuda --color=never %s 2>&1 >/dev/null | FileCheck %s
// A `__shared__ cuda::barrier` is an error to clang and fine for nvcc: divlint analyzes the file
// anyway, and says which code it could not analyze because of it instead of leaving it out.
#include <cuda/barrier>

template <bool Last>
__device__ void step(cuda::barrier<cuda::thread_scope_block> &b, float *x) {
  if (threadIdx.x % 2 == 0) x[threadIdx.x] = 1.f;
  b.arrive_and_wait();
}

__global__ void k(float *x) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  // CHECK: divlint: warning: {{.*}}not-analyzed.cu:[[@LINE-1]]: 'bar' uses a declaration clang rejected
  __syncthreads();
  step<false>(bar, x);
  // CHECK: divlint: warning: {{.*}}not-analyzed.cu:[[@LINE-1]]: 'bar' uses a declaration clang rejected (an error nvcc accepts): calls through it are not analyzed and their branches are not reported
}
