// Sunk: both sides end by passing their own value to heavy() into the same variable; only the
// arguments differ. Does nvcc run one heavy() after the branch (arguments merged) or one per side?
#include "kernels.cuh"
__global__ void sunk(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i], y;
  if (threadIdx.x % 4 == 0)
    y = heavy(x + 1.f);
  else
    y = heavy(x * 2.f);
  out[i] = y;
}
