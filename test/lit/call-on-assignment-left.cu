// RUN: %divlint --block-dim=128 --report-all --format=json %s -- -std=c++17 | %python %S/Inputs/json_fields.py | FileCheck %s
// DESIGN §6.2: `a[i] = v` where `a[i]` is a call returning a reference (an array class's
// operator[]) stores where the call's summary says the reference points: into `a`, not into
// every exposed local of the caller.
// CHECK: errors=0

template <int N> struct Arr {
  int v[N];
  __device__ int &operator[](int i) { return v[i]; }
};
struct Cfg { int n; };
__device__ void bump(Cfg &c, int k) { c.n += k; }
__device__ void fill(Arr<4> &a) {
  for (int i = 0; i < 4; ++i) a[i] = threadIdx.x;
}

__global__ void k(int n, int *out) {
  Cfg c{n};
  bump(c, 1); // c's address was given away: it is exposed
  Arr<4> a;
  fill(a);
  if (c.n > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (a[2] > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
