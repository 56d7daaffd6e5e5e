// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A function whose body is `return N;` with N a constant (a compile-time integer's conversion,
// CuTe's `C<N>::operator int()`) returns N, analyzed or not: here the kernel spends its budget
// of calling contexts first (2^11 distinct calls), after which calls are not analyzed.
// A conversion that reads a thread index is no constant.
// CHECK: errors=0

template <int N> struct C {
  static constexpr int value = N;
  __device__ constexpr operator int() const { return value; }
};
struct Lane { __device__ operator int() const { return threadIdx.x % 32; } };
__device__ C<4> extent(const float *p) { return C<4>{}; }
template <int D> __device__ int fan(int x) { return fan<D - 1>(x + 1) + fan<D - 1>(x * 3); }
template <> __device__ int fan<0>(int x) { return x; }

__global__ void k(float *out, int n) {
  out[0] = fan<11>(n);
  for (int i = 0; i < extent(out); ++i)
    // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
    out[threadIdx.x * 4 + i] = 0.f;
  if (Lane{} < 16)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[1] = 1.f;
}
