// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0005 line 1029, g1_0023 line 175, g1_0033 line 1158; each
// diverged on an H100). A sum, over a loop, of a lane-varying index expression (here built from
// ix and iy) is lane-varying whether the trip count is a parameter or a constant; the same test
// of the expression itself is (rightly) lane-varying, and so is the sum of threadIdx.x.
__global__ void k(float *out, int p) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int ix = blockIdx.x * blockDim.x + tx, iy = blockIdx.y * blockDim.y + ty;
  int v = ix * 2 + iy;
  if (v > 28) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int sum = 0;
  for (int j = 0; j < p; ++j) sum += v + j;
  if (sum > 28) out[iy * 32 + ix] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int s5 = 0;
  for (int j = 0; j < 5; ++j) s5 += v + j;
  if (s5 > 28) out[iy * 32 + ix] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int t = 0;
  for (int j = 0; j < p; ++j) t += tx + j;
  if (t < 37) out[iy * 32 + ix] += 3.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 1024 * sizeof(float));
  k<<<dim3(1, 2, 3), dim3(32, 2, 2)>>>(out, 5);
  cudaDeviceSynchronize();
  return 0;
}
