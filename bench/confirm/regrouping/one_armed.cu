// One-armed: half the lanes of every warp run heavy() while the other half wait.
#include "kernels.cuh"
__global__ void one_armed(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (threadIdx.x % 2 == 0)
    x = heavy(x);
  out[i] = x;
}
