// Nested: a split inside a split (threadIdx.x % 2, then % 4 inside the true side).
#include "kernels.cuh"
__global__ void nested(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (threadIdx.x % 2 == 0) {
    x = heavy(x);
    if (threadIdx.x % 4 == 0)
      x = heavy(x + 1.f);
  } else {
    x = heavy(x * 0.5f);
  }
  out[i] = x;
}
