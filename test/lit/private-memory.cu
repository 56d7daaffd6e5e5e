// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// DESIGN §6.2: memory private to a thread (locals, their fields and elements, what a pointer or
// reference to them reaches in a callee, `this` of a per-thread object) loads the join of what
// was stored there, never the class of its address.
struct Ray { float origin, dist; };
__device__ void hit(float *t, const Ray *r) {
  if (r->dist > 3.f) *t = r->dist;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}}function=hit
}
__device__ double next_uniform(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1;
  return (*s >> 11) * 0x1p-53;
}
struct Slot { int amount; };

__global__ void through_pointers(float *out, int n) {
  Ray r; r.origin = 0; r.dist = threadIdx.x;
  float t = 0; hit(&t, &r);
  if (t > 0.25f) out[threadIdx.x] = t;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  unsigned long long seed = threadIdx.x;
  if (next_uniform(&seed) < 0.5) out[1] = 2;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Slot slots[4] = {}; slots[threadIdx.x % 4].amount = 1;
  if (slots[2].amount == 1) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  // What a uniform value was stored into stays uniform.
  unsigned long long fixed = n;
  if (next_uniform(&fixed) < 0.5) out[3] = 2;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int a[4];
  for (int i = 0; i < 4; ++i) a[i] = blockIdx.x;
  if (a[1] > 3) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Ray u; u.dist = n;
  if (u.dist > 3) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  float w = 0; hit(&w, &u);
  if (w > 0.25f) out[6] = w;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

struct Pt { int x, y; };
struct V4 { int x, y, z, w; };
// As make_int4 in CUDA's vector_functions.hpp (the test runs on the built-in prelude).
__device__ V4 make_v4(int x, int y, int z, int w) { V4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t; }
__global__ void copies(int *out) {
  Pt p; p.x = threadIdx.x; p.y = 0;
  if (p.x == 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Pt q = p;
  if (q.x == 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  V4 g = make_v4(threadIdx.x, 0, 0, 0);
  if (g.x == 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Pt c; c.x = blockIdx.x; c.y = 1;
  Pt d = c;
  if (d.x == 3) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

// A member updated through a reference parameter inside a loop: the loop's exit follows it.
struct Walker { int pos; };
__device__ void advance(Walker &w, int step) {
  while (w.pos < 100)
    // CHECK-DAG: [[@LINE-1]]:10 rule=divergent-branch construct=while class=lane-varying {{.*}}function=advance
    w.pos += step;
}
__device__ void set_lane(int &v) { v = threadIdx.x; if (v > 5) v = 5; }
// CHECK-DAG: [[@LINE-1]]:57 rule=divergent-branch construct=if class=lane-varying {{.*}}function=set_lane

__global__ void through_references(int *out) {
  Walker w; w.pos = 0;
  advance(w, threadIdx.x % 3 + 1);
  if (w.pos > 100) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int v = 0;
  set_lane(v);
  if (v == 2) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// A member function on a per-thread object reads and writes that object's fields.
struct Rng {
  unsigned state;
  __device__ void mix(unsigned v) { state = state * 1664525u + v; }
  __device__ bool odd() const { return state & 1; }
  __device__ void stir() { state ^= threadIdx.x; if (state > 7) state = 7; }
};
// CHECK-DAG: [[@LINE-2]]:54 rule=divergent-branch construct=if class=lane-varying {{.*}}function=stir

__global__ void methods(int *out, unsigned n) {
  Rng a{1};
  a.mix(threadIdx.x);
  if (a.odd()) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Rng b{1};
  b.mix(n);
  if (b.odd()) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Rng c{n};
  c.stir();
  if (c.state == 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// Pointer variables reach what was assigned to them, also around a swap (a cycle).
__global__ void pointer_variables(int *out, int n) {
  int a = n, b = threadIdx.x;
  int *p = &a, *q = &b;
  for (int i = 0; i < n; ++i) { int *t = p; p = q; q = t; }
  if (*p > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int c = n;
  int *r = &c;
  if (*r > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int e = n;
  int *s = &e;
  *s = threadIdx.x;
  if (e > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// A callee divlint cannot see may store anything through what it is given.
__device__ void opaque_fill(int *p);
__global__ void unknown_callees(int *out, int n, void (*fill)(int *)) {
  int x = n;
  opaque_fill(&x);
  if (x > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int y = n;
  fill(&y);
  if (y > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// Arguments that may reach the same memory alias in the callee; ones that cannot, do not.
__device__ void store_then_test(int *a, int *b, int *out) {
  *b = threadIdx.x;
  if (*a > 3) out[0] = 1;
}
// One finding over both calls below: lane-varying where `a` and `b` are the same variable.
// CHECK-DAG: [[@LINE-3]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}}function=store_then_test
__device__ void scatter(Slot *s) { s[threadIdx.x % 4].amount = 1; }
__device__ void put_lane(int *p) { *p = threadIdx.x; }
__device__ void inner_ref(int &r) { r = threadIdx.x; }
__device__ void outer_ref(int &r) { inner_ref(r); }
struct Box {
  int v;
  __device__ Box twice() const { Box b; b.v = v * 2; return b; }
};

__global__ void through_callees(int *out, int n) {
  int x = n;
  store_then_test(&x, &x, out);
  if (x > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int y = n, w = n;
  store_then_test(&y, &w, out);
  if (y > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Slot slots[4] = {};
  scatter(slots);
  if (slots[2].amount == 1) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int arr[4] = {n, n, n, n};
  put_lane(&arr[1]);
  if (arr[1] > 2) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int z = n;
  outer_ref(z);
  if (z > 3) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Box b; b.v = threadIdx.x;
  Box c = b.twice();
  if (c.v > 3) out[6] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
