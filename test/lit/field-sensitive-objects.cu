// RUN: %divlint --block-dim=128 --report-all --format=json %s -- -std=c++17 | %python %S/Inputs/json_fields.py | FileCheck %s
// DESIGN §6.2, field by field: an object built from a lane-varying pointer and a uniform size
// keeps its size uniform, whether it is returned by value, built by a constructor, read
// through a reference a call returns, or taken apart by a structured binding. A store the
// analysis cannot place (pointer arithmetic off a field, a union) still reaches every field.
// CHECK: errors=0

struct View { float *ptr; int n; };
__device__ View make_view(float *p, int n) { View v; v.ptr = p; v.n = n; return v; }
__device__ int extent(const View &v) { return v.n; }

struct Buffer {
  float *ptr; int n;
  __device__ Buffer(float *p, int m) : ptr(p), n(m) {}
  __device__ int size() const { return n; }
};
__device__ Buffer make_buffer(float *p, int m) { return Buffer(p, m); }

__global__ void returned_and_constructed(float *g, int n) {
  View v = make_view(g + threadIdx.x, n);
  for (int i = 0; i < extent(v); ++i) g[i] += 1.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
  if (v.ptr[0] > 0.f) g[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Buffer b(g + threadIdx.x, n);
  for (int i = 0; i < b.size(); ++i) g[i] += 1.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
  Buffer c = make_buffer(g + threadIdx.x, n);
  for (int i = 0; i < c.size(); ++i) g[i] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
  Buffer d(g, threadIdx.x);
  for (int i = 0; i < d.size(); ++i) g[i] += 3.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=divergent-branch construct=for class=lane-varying
}

// A tuple of bases, each holding one element, read through a reference `get<I>` returns.
template <int I> struct Leaf { int v; };
struct Pair : Leaf<0>, Leaf<1> {
  __device__ Pair(int a, int b) : Leaf<0>{a}, Leaf<1>{b} {}
};
template <int I> __device__ const int &get(const Pair &p) {
  return static_cast<const Leaf<I> &>(p).v;
}
__device__ int twice(const int &x) { return 2 * x; }

__global__ void reference_returns(int *out, int n) {
  Pair p((int)threadIdx.x, n);
  if (get<1>(p) > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (twice(get<1>(p)) > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (twice(get<0>(p)) > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

__global__ void structured_bindings(float *g, int n) {
  auto [ptr, len] = make_view(g + threadIdx.x, n);
  for (int i = 0; i < len; ++i) g[i] += 1.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
  if (ptr[0] > 0.f) g[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// Stores the analysis cannot place stay sound: they reach every field.
union Bits { int i; float f; };
struct Two { int a; int b; };
__device__ void poke(Two *t, int k) { int *p = &t->a; p[1] = k; }

__global__ void unplaceable_stores(int *out, int n) {
  Two t; t.a = n; t.b = n;
  poke(&t, threadIdx.x);
  if (t.b > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Bits u; u.i = n;
  Bits *pu = &u;
  pu->f = (float)threadIdx.x;
  if (pu->i > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
