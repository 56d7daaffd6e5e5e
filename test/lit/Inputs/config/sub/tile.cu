__global__ void tile(float *out, int n) {
  if (threadIdx.y < 8) out[0] = 1.f;
  if (threadIdx.x < 8) out[1] = 1.f;
  if (blockIdx.x * 256 + threadIdx.y * 16 + threadIdx.x < n) out[2] = 1.f;
}
