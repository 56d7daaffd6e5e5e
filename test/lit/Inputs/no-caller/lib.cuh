// A header library: scale() is called by the kernel that includes it, unused() by no device
// code of that unit (another unit may call it, with its own arguments).
__device__ float scale(float v, int k) {
  if (threadIdx.x % 4 == 0)
    v *= k;
  return v;
}

__device__ void unused(float *x, int k) {
  if (threadIdx.x < k)
    __syncthreads();
  if (threadIdx.x % 3 == 0)
    x[threadIdx.x] = 1.f;
}
