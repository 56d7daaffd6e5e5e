// RUN: %divlint --block-dim=128 --report-all --format=json %s -- -std=c++17 | %python %S/Inputs/json_fields.py | FileCheck %s
// DESIGN §6.2: a pointer loaded from memory may point into any of the thread's exposed locals,
// unless every store into the place it was loaded from was proved to hold no private address
// (a kernel's argument, a global or shared array, arithmetic on them): then it points into
// memory no thread owns, and a store through it leaves the thread's locals alone.
// CHECK: errors=0

struct Out {
  float *dst;
  __device__ Out(float *d) : dst(d) {}
  __device__ void put(int i, float v) const { dst[i] = v; }
};
struct Cfg { int n; };
__device__ void bump(Cfg &c, int k) { c.n += k; }

__global__ void global_pointer_member(float *g, int n, int *out) {
  Cfg c{n};
  bump(c, 1); // c is exposed: its address was passed by mutable reference
  Out o(g + blockIdx.x);
  o.put(threadIdx.x, (float)threadIdx.x); // stores into global memory, not into c
  if (c.n > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

__shared__ float tile[128];
__global__ void shared_pointer_member(int n, int *out) {
  Cfg c{n};
  bump(c, 1);
  Out o(tile);
  o.put(threadIdx.x, (float)threadIdx.x);
  if (c.n > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

// The same object holding the address of a local: the store may land in c.
__global__ void private_pointer_member(int n, int *out) {
  Cfg c{n};
  bump(c, 1);
  float local[4] = {0, 0, 0, 0};
  Out o(local);
  o.put(0, (float)threadIdx.x);
  int *alias = &c.n;
  Out p(reinterpret_cast<float *>(alias));
  p.put(0, (float)threadIdx.x);
  if (c.n > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (local[0] > 3.f) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// A pointer parameter of a device function is not proved (its caller may pass `&local`).
__device__ void through_parameter(float *p, Cfg &c) {
  Out o(p);
  o.put(0, (float)threadIdx.x);
  if (c.n > 3) p[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
__global__ void calls_through_parameter(int n) {
  Cfg c{n};
  through_parameter(reinterpret_cast<float *>(&c.n), c);
}
