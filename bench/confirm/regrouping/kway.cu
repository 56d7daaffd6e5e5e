// k-way: a switch on threadIdx.x % 4, four different heavy arms.
#include "kernels.cuh"
__global__ void kway(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  switch (threadIdx.x % 4) {
  case 0: x = heavy(x); break;
  case 1: x = heavy(x + 1.f); break;
  case 2: x = heavy(x * 2.f); break;
  default: x = heavy(x - 1.f); break;
  }
  out[i] = x;
}
