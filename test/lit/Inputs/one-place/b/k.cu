#include "../inc/shared.cuh"
__global__ void kernel_b(float *x) {
  store_even(x);
  if (threadIdx.x % 4 == 0) x[0] = 2.f;
}
