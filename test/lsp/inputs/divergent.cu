// divlint lsp end-to-end input: one lane-varying branch with a warp-aligned remap fix-it, one
// warp-uniform branch. test/lsp/lsp_client_test.py asserts its lines and columns.
__device__ float work(float v) {
  for (int k = 0; k < 48; ++k)
    v = v * 0.999f + 1.0f;
  return v;
}

__global__ void odd_lanes(float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = data[i];
  if (threadIdx.x % 2 == 1)
    v = work(v);
  data[i] = v;
}

__global__ void by_warp(float *data) {
  unsigned warp = threadIdx.x / 32;
  if (warp % 2 == 0)
    data[threadIdx.x] += 1.0f;
}

void launch(float *data) {
  odd_lanes<<<16, 128>>>(data);
  by_warp<<<16, 128>>>(data);
}
