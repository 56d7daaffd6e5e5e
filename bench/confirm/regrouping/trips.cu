// A trip count that grows with the lane: every warp runs as long as its slowest lane.
#include "kernels.cuh"
__global__ void trips(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  for (unsigned k = 0; k < threadIdx.x % 8; ++k)
    x = heavy(x);
  out[i] = x;
}
