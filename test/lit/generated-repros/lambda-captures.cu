// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 49 and 463 (by reference), 1047 (passed to a
// template), g1_0003 line 929; each diverged on an H100). A lambda that adds to, or assigns, a
// local captured by reference, called directly or through a device function template.
template <class F> __device__ int apply(F f, int a) { return f(a); }

__global__ void k(float *out) {
  int lin = threadIdx.x;
  int w = 0;
  auto add = [&](int a) { w += a; };
  add(lin % 7);
  add((int)blockIdx.x);
  if ((w & 2) != 0) out[lin] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  int r = 0;
  int v = apply([&](int a) { r = a % 5; return 1; }, lin);
  v += r;
  if (v % 7 == 2) out[lin] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 64 * sizeof(float));
  k<<<1, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
