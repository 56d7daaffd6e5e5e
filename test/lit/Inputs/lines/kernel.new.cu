#include "helper.cuh"
__global__ void k(float *x) {
  if (threadIdx.x % 2 == 0)
    x[threadIdx.x] = 1.f;
  if (threadIdx.x % 12 == 0)
    x[threadIdx.x] += 2.f;
  helper(x);
  if (threadIdx.x % 5 == 0)
    x[2] = 0.f;
}
