// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A lambda's captures are kept apart, one per field of the closure: a store into one captured
// variable (in the lambda, or in a helper the closure is passed to) reaches that variable only,
// and a read of a capture inside the lambda sees that capture's class, not the join of all of
// them. CUTLASS's attention kernels capture their loop counter by reference next to their
// accumulators (`iter_key_start == 0` was called lane-varying); what does reach a variable
// still makes it lane-varying.
template <class F> __device__ void by_value(F g, int x) { g(x); }
template <class F> __device__ void by_ref(const F &g, int x) { g(x); }
template <class F> __device__ void by_pointer(F *g, int x) { (*g)(x); }

struct Tile {
  int m, n;
  __device__ int step(int x) {
    int local = m;
    auto f = [&, this](int y) { n = y; };
    f(x);
    return local;
  }
};

__global__ void captures(float *out, const float *keys, int count) {
  int t = threadIdx.x;
  float acc = 0.0f;
  for (int start = 0; start < count; start += 64) {
    auto prologue = [&](int k) {
      acc += keys[start + t + k];
      if (start == 0) out[k] = 0.0f;
      // CHECK-DAG: [[@LINE-1]]:11 rule=uniform-branch construct=if class=block-uniform
      if (acc > 1.0f) out[k] = acc;
      // CHECK-DAG: [[@LINE-1]]:11 rule=divergent-branch construct=if class=lane-varying
    };
    prologue(0);
    if (start == 0) out[blockIdx.x] = 1.0f;
    // CHECK-DAG: [[@LINE-1]]:9 rule=uniform-branch construct=if class=block-uniform
    if (acc > 0.5f) out[t] = acc;
    // CHECK-DAG: [[@LINE-1]]:9 rule=divergent-branch construct=if class=lane-varying
  }

  int a = count, b = count + 1, c = count + 2;
  auto into_b = [&](int x) { b = x; };
  by_value(into_b, t);
  if (a > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (b > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  by_ref([&](int x) { c = x; }, t);
  if (c > 3) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int d = count, e = count;
  auto into_d = [&](int x) { d = x % 5; };
  by_pointer(&into_d, t);
  if (d > 3) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (e > 3) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform

  // A reference variable captured, an init-capture of a reference: the store lands in the
  // variable referred to.
  int g = count, h = count;
  int &rg = g;
  auto via_ref = [&](int x) { rg = x; };
  via_ref(t);
  if (g > 3) out[6] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  auto init_capture = [&r = h](int x) { r = x; };
  init_capture(t);
  if (h > 3) out[7] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying

  // A mutable copy changes the closure's copy only; the reference next to it takes its value.
  int p = count, q = count;
  auto mut = [p, &q](int x) mutable { p += x; q = p; return p; };
  int r = mut(t);
  if (p > 3) out[8] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (q > 3) out[9] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (r > 3) out[10] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying

  // Nested: the inner lambda stores into a variable both capture.
  int u = count, w = count;
  auto outer = [&](int x) {
    auto inner = [&](int y) { w = y; };
    inner(x);
    return u;
  };
  int z = outer(t);
  if (z > 3) out[11] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (w > 3) out[12] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying

  // `this` captured: the store reaches the object's member, not the method's local.
  Tile tile{count, count};
  int local = tile.step(t);
  if (local > 3) out[13] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (tile.n > 3) out[14] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// Read back through the reference itself (found by generator seed 20 on the GPU: `v = c` read
// what the reference was bound to when it was bound, block-uniform; the same through an
// init-capture of a reference to a reference).
__global__ void read_back(int *out) {
  int a = (int)blockDim.x, b = (int)blockDim.x;
  int &c = b;
  auto f = [&](int x) { c = x % 7; };
  f(threadIdx.x ^ 5);
  int v = c;
  if (v != 4) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} function=read_back
  if (a != 4) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform {{.*}} function=read_back
  int d = (int)blockDim.x;
  int &e = d;
  auto g = [&r = e](int x) { r = x % 7; };
  g(threadIdx.x + 1);
  int w = e;
  if (w % 3 == 1) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} function=read_back
}

int main() {
  captures<<<4, 128>>>(nullptr, nullptr, 1024);
  read_back<<<1, 128>>>(nullptr);
}
