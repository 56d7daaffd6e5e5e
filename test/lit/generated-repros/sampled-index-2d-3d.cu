// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 183 and 560, g1_0015 line 1111, g1_0009 line
// 1284; each diverged on an H100). With 16-wide blocks a warp holds two rows, so a test of the
// last row (or of one element) splits a warp of the edge blocks; a 4x4x2 block is one warp, so
// any test of the z index splits it.
__global__ void k2(float *out) {
  const int ix = blockIdx.x * blockDim.x + threadIdx.x, iy = blockIdx.y * blockDim.y + threadIdx.y;
  const int NX = gridDim.x * blockDim.x, NY = gridDim.y * blockDim.y;
  if (iy == NY - 1) out[iy * NX + ix] = 1.f;           // ty = 6 and 7 share a warp
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  if (ix + iy * NX == 599) out[0] = 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  if (ix == 19) return;                                  // column 19: lanes 3 and 19 of warps of block x = 1
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  out[iy * NX + ix] += 3.f;
}

__global__ void k3(float *out) {
  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  const int iz = blockIdx.z * blockDim.z + tz;
  const int lin = tx + ty * blockDim.x + tz * blockDim.x * blockDim.y;
  if (iz != 4) out[lin] = 1.f;                           // tz = 0 and 1 share the warp
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 4096 * sizeof(float));
  k2<<<dim3(4, 4), dim3(16, 8)>>>(out);
  k3<<<dim3(4, 2, 3), dim3(4, 4, 2)>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
