// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 line 500, g1_0001 line 154, g1_0002 line 712; each
// diverged on an H100). A generator state seeded per thread and advanced through a pointer.
__device__ double rnd(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(*s >> 11) * 0x1p-53;
}

__global__ void k(float *out) {
  unsigned long long seed = threadIdx.x * 3 + 1;
  double u = rnd(&seed);
  if (u < 0.75) out[threadIdx.x] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  bool b = rnd(&seed) < 0.5;
  if (b) out[threadIdx.x] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 64 * sizeof(float));
  k<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
