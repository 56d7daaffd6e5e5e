// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 792 and 1485; each diverged on an H100). A
// copy of a thread's struct, by initialisation, by assignment or returned by value, holds what
// the original held (int4-copy.cu: CUDA's make_int4).
struct Pt { int x, y; };
__device__ Pt make_pt(int x, int y) { Pt r; r.x = x; r.y = y; return r; }

__global__ void k(float *out, int p) {
  int lin = threadIdx.x;
  Pt a;
  a.x = lin % 13;
  a.y = 2;
  Pt b = a;
  if (b.x == 3) out[lin] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  Pt c{0, 0};
  c = a;
  switch (c.x % 4) {
  // CHECK-DAG: [[@LINE-1]]:11 {{.*}}class=lane-varying
  case 0: out[lin] += 1.f; break;
  default: out[lin] -= 1.f; break;
  }
  Pt g = make_pt(lin, p);
  if (g.x > 39) out[lin] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 64 * sizeof(float));
  k<<<1, 64>>>(out, 3);
  cudaDeviceSynchronize();
  return 0;
}
