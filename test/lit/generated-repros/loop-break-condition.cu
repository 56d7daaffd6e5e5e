// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 95, 1160 and 1581: 1,087 break conditions of
// this form were predicted block-uniform and diverged on an H100). A condition that breaks out
// of a loop is as varying as its operands: at the first iteration all lanes evaluate
// (tx + 0) % 4 == 3 together and lanes 3, 7, ... leave. The same condition without the break
// is (rightly) lane-varying.
__global__ void k(float *out, int p, int q) {
  int tx = threadIdx.x;
  int cnt = 0;
  for (int j = 0; j < 6; ++j) {
    if ((tx + j) % 4 == 3) break;
    // CHECK-DAG: [[@LINE-1]]:9 {{.*}}class=lane-varying
    cnt += 2;
  }
  if (cnt % 4 == 2) out[tx] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  for (int j = 0; j < 6; ++j) {
    if ((tx + p + q + j) % 4 == 3) break;
    // CHECK-DAG: [[@LINE-1]]:9 {{.*}}class=lane-varying
    out[tx] += 1.f;
  }
  for (int j = 0; j < 6; ++j) {
    if ((tx + j) % 4 == 3) out[tx] += 2.f;
    // CHECK-DAG: [[@LINE-1]]:9 {{.*}}class=lane-varying
  }
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 512 * sizeof(float));
  k<<<4, 128>>>(out, 3, 4);
  cudaDeviceSynchronize();
  return 0;
}
