// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0004 line 915, g1_0017 line 473, g1_0076 line 339,
// g1_0102 line 1573; each diverged on an H100). A store at a lane-varying index of a thread's
// array (of structs, or of ints) makes every element lane-varying, even when the value stored
// is uniform: which element holds it differs between lanes.
struct S2 { int a; int b; };

__global__ void k(float *out, int n, int p) {
  int lin = threadIdx.x;
  S2 arr[4];
  for (int j = 0; j < 4; ++j) { arr[j].a = (int)blockIdx.x; arr[j].b = 0; }
  arr[(unsigned)lin % 4u].a = lin % 7;
  if ((arr[2].a & 1) != 0) out[lin] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  S2 brr[4];
  for (int j = 0; j < 4; ++j) { brr[j].a = (int)blockIdx.x; brr[j].b = 0; }
  brr[(unsigned)lin % 4u].a = n / 64;           // a uniform value at a lane-varying index
  if (brr[3].a != (int)blockIdx.x) out[lin] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int la[8] = {};
  la[(unsigned)(lin + p) % 8u] = 1;
  if (la[3] == 1) out[lin] += 3.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 64 * sizeof(float));
  k<<<1, 64>>>(out, 1024, 3);
  cudaDeviceSynchronize();
  return 0;
}
