// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 877 and 1917, g1_0002 line 522; each diverged
// on an H100; 3,204 of the run's uniform-but-diverged branches were in kernels launched with
// shapes the file does not fix). The block shape is then open: a default assumed for the
// numbers (256x1x1) proves nothing, and a test that is uniform under it may split a warp of the
// real launch (threadIdx.x == 399 in a 512-thread block, i / 32 in 100-thread blocks, the last
// column of 8x8 blocks).
static int g_argc = 1;
static unsigned rt(unsigned v) { return g_argc > 1000 ? 1u : v; }

__global__ void wide(float *out) {
  if (threadIdx.x == 399) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

__global__ void odd(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i / 32 == 7) out[i] = 1.f;             // 100-thread blocks: lanes 24..31 of block 2's warp 0
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

__global__ void tile(float *out) {
  const int ix = blockIdx.x * blockDim.x + threadIdx.x;
  const int NX = gridDim.x * blockDim.x;
  if (ix == NX - 1) out[ix] = 1.f;           // 8x8 blocks: a warp holds four rows of 8
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main(int argc, char **argv) {
  (void)argv;
  g_argc = argc;
  float *out;
  cudaMalloc((void **)&out, 4096 * sizeof(float));
  wide<<<9, rt(512)>>>(out);
  odd<<<5, rt(100)>>>(out);
  tile<<<dim3(rt(8), rt(6)), dim3(rt(8), rt(8))>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
