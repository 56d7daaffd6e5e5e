// Little work per byte: a short select and an 8-step loop on a quarter of the lanes, between a
// load and a store. The remap saves divergent work the memory traffic hides.
__global__ void memory_bound(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  if (threadIdx.x % 2 == 0)
    v = x[i] * 2.f + 1.f;
  else
    v = x[i] * 0.5f - 1.f;
  float w = v * v;
  if (threadIdx.x % 4 == 1) {
    for (int k = 0; k < 8; ++k)
      w = w * 0.5f + v;
  }
  if (i < n)
    y[i] = w;
}
