// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A static constexpr member read through an object or a reference, and a constexpr function
// given constants, are constants whatever the object's class, also in a function no kernel
// calls (its parameters unknown, lane-varying).
template <int I, int J> struct tile { static constexpr int ne = I * J / 32; float x[ne]; };
constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

template <int I, int J> __device__ void fill(tile<I, J> &t, float v) {
  for (int l = 0; l < t.ne; ++l) t.x[l] = v;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform {{.*}}function=fill
}
__device__ void unknown_caller(const tile<16, 8> &t, float *out) {
  for (int l = 0; l < t.ne; ++l) out[l] = 0.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform {{.*}}function=unknown_caller
  for (int l = 0; l < ceil_div(t.ne, 3); ++l) out[l] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform {{.*}}function=unknown_caller
}
__global__ void k(float *out) {
  tile<32, 8> t;
  fill(t, threadIdx.x);
  for (int l = 0; l < t.ne; ++l) out[l] = t.x[l];
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
}
// A member enumerator read through an element of an array of objects (`enum { num_elements }`
// in a fragment type): a constant, whatever the objects hold.
template <int N> struct frag_base { enum { num_elements = N }; float x[N]; };
__global__ void k2(float *out) {
  frag_base<8> c[2][2];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      for (int t = 0; t < c[i][j].num_elements; t++) c[i][j].x[t] = out[threadIdx.x * t];
  for (int i = 0; i < 2; i++)
    for (int t = 0; t < c[i][1].num_elements; t++) out[t] = c[i][1].x[t];
  // CHECK-DAG: [[@LINE-1]]:21 rule=uniform-branch construct=for class=block-uniform {{.*}}function=k2
}
