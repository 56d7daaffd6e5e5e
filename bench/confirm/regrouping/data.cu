// Data-dependent: which lanes take heavy() depends on the input (no remap can know).
#include "kernels.cuh"
__global__ void data(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (x > 0.5f)
    x = heavy(x);
  out[i] = x;
}
