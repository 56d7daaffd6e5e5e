// Work split by warp: the branch depends only on the warp index, so no warp ever diverges.
// The lane test inside is the one real divergence (one lane per warp writes the result).
__global__ void per_warp(const float *in, float *out) {
  unsigned warp = threadIdx.x / warpSize;
  unsigned lane = threadIdx.x % warpSize;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (warp % 2 == 0)
    v = v * 2.f;
  else
    v = v + 1.f;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (lane == 0)
    out[blockIdx.x * (blockDim.x / warpSize) + warp] = v;
}

void launch_per_warp(const float *in, float *out) { per_warp<<<64, 256>>>(in, out); }
