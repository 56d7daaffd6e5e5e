// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A call that stores through a pointer or reference makes the caller's object as varying as
// what it stored (out-parameters), also through nested calls and through `this`.
__device__ void lane_of(int v, int *m) { *m = threadIdx.x % 32; }
__device__ void copy_of(int v, int *m) { *m = v; }
__device__ void parity(int &r) { r = threadIdx.x & 1; }
__device__ void nested(int *m) { lane_of(0, m); }
struct Counter {
  int v;
  __device__ void take_lane() { v = threadIdx.x; }
  __device__ void take(int x) { v = x; }
};

__global__ void k(int *out, int n) {
  int m = 0;
  lane_of(n, &m);
  if (m) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int u = 0;
  copy_of(n, &u);
  if (u) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int r = 0;
  parity(r);
  if (r) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int w = 0;
  nested(&w);
  if (w) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Counter a{0};
  a.take_lane();
  if (a.v > 3) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Counter b{0};
  b.take(n);
  if (b.v > 3) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  // Under a lane-varying branch the store happens in some lanes only.
  int z = 0;
  if (threadIdx.x < 5)
    copy_of(n, &z);
  if (z) out[6] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
