// Code nvcc accepts and clang's device-side parse of the same CUDA 13 headers rejected. Each
// line parses with the flags and the compat header divlint adds for a real CUDA installation
// (lib/Frontend/CudaFrontend.cpp, lib/Frontend/prelude/divlint_cuda_compat.h).
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> tex; // texture references (removed in CUDA 12)

__global__ void child(int *o) { o[threadIdx.x] = 1; }

__global__ void parent(float *out, int *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stcs(out + i, 1.0f); // cache-hinted stores and loads clang does not declare
  __stcg(out + i, 2.0);
  float v = __ldca(out + i) + __ldlu(out + i);
  if (i == 0)
    child<<<1, 32>>>(o); // dynamic parallelism (-fgpu-rdc)
  if (tex1Dfetch(tex, i) > v)
    out[i] = v;
  assert(n > 0); // nvcc's cuda_runtime.h includes <assert.h>
}

int host(float *d, int n) {
  int m = max(n, 4);  // a device-only overload from a host function (-fgpu-defer-diag)
  clock_t t = clock(); // <time.h>, also included by nvcc's cuda_runtime.h
  size_t offset;
  cudaBindTexture(&offset, tex, d, n * sizeof(float));
  cudaThreadSynchronize(); // removed in CUDA 13
  cudaMemAdvise(d, n, cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId); // CUDA 12 form
  cudaUnbindTexture(tex);
  return m + (int)t;
}
