// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 line 1435, g1_0001 line 47, g1_0023 line 686,
// g1_0008 line 444; each diverged on an H100). A global index compared with a constant splits one
// warp whatever the samples meet: only a proof over every block may call it uniform.
template <int M> __device__ int per(int x) { return x / M + (x % M == M - 1); }

__global__ void k(float *out, int p) {
  int i = blockIdx.x * 32 + threadIdx.x;
  if ((i / 5) > 33) out[i] = 1.f;          // i >= 170: warp 5 splits at lane 10
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  if ((i >> 1) < 46) out[i] += 2.f;        // i < 92: warp 2 splits at lane 28
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int v = i * 7 / (p + 1);                 // p = 2: true for i = 4 only
  if (v == 9) out[i] += 3.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int w = per<3>(i / 5);
  if (w < 27) out[i] += 4.f;               // w < 27 up to i = 399: warp 12 splits
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 38 * 32 * sizeof(float));
  k<<<38, 32>>>(out, 2);
  cudaDeviceSynchronize();
  return 0;
}
