// An object of a class without data is the same in every thread (docs/design/private-memory.md,
// "Objects without data"): a tag made under a lane-varying condition, copied into a base class
// by a constructor, leaves the object's fields as they were stored. The address of such an
// object is still as uniform as the pointer it was reached through.
// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s

struct E {};
struct B : E {
  int n;
  __device__ B(const E &e, int k) : E(e), n(k) {}
};
struct Tag {
  __device__ int id() const { return 7; }
};
template <class T> __device__ T pick(int v) {
  if (v > 3) // a lane-varying branch in the callee: its result's class without the rule
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    return T{};
  return T{};
}

__global__ void base_copy(int *out) {
  E e = (threadIdx.x & 1) ? E{} : E{};
  // CHECK: [[@LINE-1]]:9 rule=divergent-branch construct=?: class=lane-varying
  B b(e, blockIdx.x);
  if (b.n > 3)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[0] = 1;
}

__global__ void returned(int *out, int n) {
  Tag t = pick<Tag>(threadIdx.x);
  B b(pick<E>(threadIdx.x), n);
  if (b.n + t.id() > 3)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[1] = 1;
}

__global__ void address(const Tag *tags, int *out) {
  const Tag *p = tags + threadIdx.x;
  if (&*p == tags)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[2] = 1;
}
