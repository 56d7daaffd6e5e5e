// REQUIRES: cuda
// RUN: %divlint-cuda --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 240, 1001 and 1578; each diverged on an H100).
// make_int4 (CUDA's vector_functions.h) returns its arguments in a struct by value: .x of a
// lane-varying argument is lane-varying, here and after an out-parameter by reference.
__device__ void flip(int a, int &o) { o = a ^ 5; }

__global__ void k(float *out, int p) {
  int lin = threadIdx.x;
  int4 g = make_int4(lin % 7, p, 0, 1);
  int v = g.x;
  if (v == 6) out[lin] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int w = 0;
  flip(v + p * 2, w);
  if (w % 2 == 0) out[lin] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 64 * sizeof(float));
  k<<<16, 64>>>(out, 2);
  cudaDeviceSynchronize();
  return 0;
}
