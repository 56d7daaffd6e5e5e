// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 272 and 1951; each diverged on an H100). A
// struct passed by value carries its fields' classes into the callee and back in its result.
struct S2 { int a; int b; };
__device__ int sum(S2 s) { return s.a * 2 + s.b; }

__global__ void k(float *out, int p) {
  int tx = threadIdx.x, ty = threadIdx.y;
  S2 s;
  s.a = tx + ty;
  s.b = p * 2;
  int v = sum(s);
  if (v % 6 == 2) out[ty * 32 + tx] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 256 * sizeof(float));
  k<<<dim3(2, 2), dim3(32, 8)>>>(out, 3);
  cudaDeviceSynchronize();
  return 0;
}
