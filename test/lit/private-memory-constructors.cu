// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// DESIGN §6.2: a constructor is analyzed like a method whose `this` is the fresh object; the
// object holds what its member initializers, default member initializers, base and delegated-to
// constructors and its body store into it, field by field.
struct S {
  int v;
  __device__ S(int x) : v(x) {}
  __device__ S() : v(threadIdx.x) {}
  __device__ int get() const { return v; }
};
struct T {
  int a, b;
  __device__ T(int x) { a = x; b = 0; }
};

__global__ void member_initializers(int *out, int n) {
  S s;
  if (s.v > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  S u(threadIdx.x % 7);
  if (u.v == 2) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  S w(n);
  if (w.v == 2) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  T t(threadIdx.x);
  if (t.a > 1) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  // What a constructor stores is kept per field: `b = 0` whatever `a` holds.
  if (t.b > 1) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  T t2(n);
  if (t2.a > 1) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  S arr[2] = {S(threadIdx.x), S(1)};
  if (arr[1].v == 1) out[6] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (arr[0].v == 1) out[7] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  S defaults[2];
  if (defaults[1].v == 1) out[8] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// Default member initializers run in every constructor that does not initialize the field,
// the implicit default constructor included.
struct Lane { int id = threadIdx.x; int pad = 0; };
struct Fixed { int k = 5; };
struct Mixed {
  int id = threadIdx.x, k;
  __device__ Mixed(int x) : k(x) {}
  __device__ Mixed(int x, int y) : id(y), k(x) {}
};

__global__ void default_member_initializers(int *out, int n) {
  Lane l;
  if (l.id == 0) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Fixed f;
  if (f.k == 5) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Mixed m(n);
  if (m.k == 5) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (m.id == 5) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Mixed o(n, n);
  if (o.k == 5) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

// Base-class and delegating constructors store into the same object; so does a member's own
// constructor.
struct Base { int b; __device__ Base(int x) : b(x) {} };
struct Derived : Base { int d; __device__ Derived(int x) : Base(x), d(1) {} };
struct Delegating {
  int g;
  __device__ Delegating(int x) : g(x) {}
  __device__ Delegating() : Delegating(threadIdx.x) {}
};
struct Holder { S inner; int k; __device__ Holder() : k(0) {} };

__global__ void bases_and_delegation(int *out, int n) {
  Derived lane(threadIdx.x);
  if (lane.b > 1) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Derived block(n);
  if (block.d > 1) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Delegating g;
  if (g.g > 1) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Delegating h(n);
  if (h.g > 1) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Holder k;
  if (k.k > 1) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (k.inner.v > 1) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// Temporaries, copies, and what a constructor stores through its arguments.
struct Copied {
  int c;
  __device__ Copied(int x) : c(x) {}
  __device__ Copied(const Copied &o) : c(o.c) {}
};
struct Tagged {
  int c;
  __device__ Tagged(int x) : c(x) {}
  __device__ Tagged(const Tagged &o) : c(o.c + threadIdx.x) {}
};
struct Reporter {
  __device__ Reporter(int &lane) { lane = threadIdx.x; }
};
__device__ int value_of(const S &s) { return s.v; }

__global__ void temporaries_and_copies(int *out, int n) {
  if (S(threadIdx.x).v == 1) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (S(n).get() == 1) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (value_of(S(threadIdx.x)) == 1) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (value_of(S()) == 1) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Copied a(threadIdx.x);
  Copied b = a;
  if (b.c > 1) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Copied p(n);
  Copied q = p;
  if (q.c > 1) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Tagged x(n);
  Tagged y = x;
  if (y.c > 1) out[6] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int lane = n;
  Reporter r(lane);
  if (lane > 1) out[7] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int kept = n;
  Reporter{kept};
  if (kept > 1) out[8] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// An inheriting constructor runs the inherited one with its arguments; `new` gives each thread
// its own object.
struct Inherits : Base { using Base::Base; };
struct Lent { __device__ Lent(int &out, int v) { out = v; } };
struct Borrows : Lent { using Lent::Lent; };

__global__ void inherited_and_new(int *out, int n) {
  Inherits lane(threadIdx.x);
  if (lane.b > 1) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Inherits block(n);
  if (block.b > 1) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int got = n;
  Borrows br(got, threadIdx.x);
  if (got > 1) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int kept = n;
  Borrows bu(kept, n);
  if (kept > 1) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Fixed *f = new Fixed();
  if (f == nullptr) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// A constructor's body may call methods on the object it builds; one without a body may store
// anything into it.
struct Setup { int v; __device__ Setup(int x) { set(x); } __device__ void set(int x) { v = x; } };
struct Opaque { int v; __device__ Opaque(int x); };

__global__ void constructor_bodies(int *out, int n) {
  Setup a(n);
  if (a.v > 1) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  Setup b(threadIdx.x);
  if (b.v > 1) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Opaque c(n);
  if (c.v > 1) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// A constructor's own branches are judged with its caller's arguments.
struct Clamped {
  int v;
  __device__ Clamped(int x, int limit) {
    if (x > limit) v = limit; else v = x;
    // CHECK-DAG: [[@LINE-1]]:9 rule=uniform-branch construct=if class=block-uniform {{.*}}function=Clamped
  }
};
__global__ void constructor_branches(int *out, int n, int m) {
  Clamped c(n, m);
  if (c.v > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  // Built under a lane-varying branch: the object differs between the lanes.
  Clamped d(n, m);
  if (threadIdx.x > 3)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    d = Clamped(m, n);
  if (d.v > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// An object may hold a pointer to a thread's local (given to its constructor, or assigned): a
// callee that stores through a pointer it loaded may store into any local whose address was
// exposed, when it was given private memory; into none when it was not.
struct Ref {
  int *p;
  __device__ Ref(int *q) : p(q) {}
  __device__ void set(int v) { *p = v; }
};
struct Sink { int *out; __device__ void put(int i, int v) { out[i] = v; } };
__device__ void store_through(Ref r, int v) { *r.p = v; }

__global__ void pointers_objects_hold(int *out, int n) {
  int x = n;
  Ref r(&x);
  r.set(threadIdx.x);
  if (x > 1) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int z = n;
  store_through(Ref(&z), threadIdx.x);
  if (z > 1) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int y = n;
  Ref a(&y);
  a.p = &y;
  Ref b(nullptr);
  b.p = &y;
  b.set(threadIdx.x);
  if (y > 1) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

__global__ void uniform_stores_through_held_pointers(int *out, int n, Sink *sinks) {
  int y = n;
  Ref q(&y);
  q.set(n);
  if (y > 1) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int w = n;
  int *pw = &w;
  sinks->put(threadIdx.x, threadIdx.x);
  if (*pw > 1) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

// CUDA types with constructors keep their meaning.
__global__ void cuda_types(int *out, int n) {
  dim3 shape(blockDim.x, 2);
  if (shape.x > 32) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  dim3 idx(threadIdx.x % 4);
  if (idx.x == 1) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp
}
// CHECK-NOT: errors=1
