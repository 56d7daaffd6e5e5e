// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A lambda is analyzed in its caller's context (called where it is defined, or by a device
// function template it is passed to): its captures carry their classes, and what it writes
// through references and by-reference captures reaches the caller.
template <typename F> __device__ void for_n(int n, F f) {
  for (int i = 0; i < n; ++i) f(i);
}
template <typename F> __device__ void apply_ref(int &x, const F &f) { f(x); }

__global__ void lambdas(int *out, int n) {
  int tid = threadIdx.x;
  int sum = 0;
  auto add_tid = [&](int i) { sum += tid * i; };
  add_tid(1);
  if (sum > 4) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int total = 0;
  for_n(4, [&](int i) { total += tid; });
  if (total > 4) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int count = 0;
  for_n(4, [&](int i) { count += n; });
  if (count > 4) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int v = 0;
  apply_ref(v, [tid](int &x) { x = tid; });
  if (v > 4) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  auto by_copy = [tid](int k) {
    if (tid > k) return 1;
    // CHECK-DAG: [[@LINE-1]]:9 rule=divergent-branch construct=if class=lane-varying
    return 0;
  };
  if (by_copy(3)) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  auto uniform_only = [n](int k) { return n > k; };
  if (uniform_only(3)) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}
