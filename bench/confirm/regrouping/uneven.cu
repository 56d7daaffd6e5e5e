// Uneven: a quarter of the lanes take the long arm, the rest a shorter one.
#include "kernels.cuh"
__global__ void uneven(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (threadIdx.x % 4 == 0)
    x = heavy(heavy(x));
  else
    x = heavy(x);
  out[i] = x;
}
