// `divlint confirm` fix-it variants: a short select nvcc predicates (advice only), a `% 4` split
// over a loop that the warp-aligned remap fix-it regroups (both conditions then agree across each
// warp), and a bounds guard (no rewrite at all).
__global__ void select_kernel(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  if (threadIdx.x % 2 == 0)
    v = x[i] * 2.f + 1.f;
  else
    v = x[i] * 0.5f - 1.f;
  float w = v * v;
  if (threadIdx.x % 4 == 1) {
    for (int k = 0; k < 256; ++k)
      w = w * 0.5f + v;
  }
  if (i < n)
    y[i] = w;
}
