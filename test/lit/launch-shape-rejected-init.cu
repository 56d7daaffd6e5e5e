// RUN: %divlint --no-cache %s 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 0 %divlint --no-cache %s
// A launch whose block shape clang rejected and nvcc accepts: host code calling a function clang
// sees only for the device (`dim3 block(min(n, 1024))` with CUDA's headers: nvcc's have a host
// `min`), an initializer clang keeps without a type. The shape is unknown (every layout) and
// the kernel analyzed; reading the initializer's type crashed divlint
// (FasterTransformer's launchers: 11 of its 58 units).

__device__ int smaller(int a, int b) { return a < b ? a : b; }
__device__ unsigned smaller(unsigned a, unsigned b) { return a < b ? a : b; }

__global__ void tail(float *x, int n) {
  if (threadIdx.x < n)
    x[threadIdx.x] = 1.f;
  // CHECK: launch-shape-rejected-init.cu:[[@LINE-2]]:7: note: 'if' condition 'threadIdx.x < n' is lane-varying (tail)
  // CHECK: launch-shape-rejected-init.cu:[[@LINE-3]]:7: note: assuming block shape ?x?x? (the launch's block shape is not constant): thread indices the launch leaves open are not proved; set the block dim option
}

void launch(float *x, int n) {
  dim3 block(smaller(n, 1024));
  tail<<<1, block>>>(x, n);
}
