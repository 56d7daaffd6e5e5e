// A member function called on a prvalue object (`make(p).get()`, an iterator's `operator*`
// returning a reference object by value, Thrust's `device_reference` converted to its value)
// runs on a temporary of the caller's private memory that holds what the prvalue held: its
// fields are loaded from there (docs/design/private-memory.md, "Temporaries"). Before, the
// callee saw no object behind `this` and took every field to be block-uniform, so a load
// through a per-lane pointer held in one was called block-uniform.
// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s

struct Ptr {
  float *m;
};
struct Ref {
  Ptr p;
  __device__ explicit Ref(const Ptr &q) : p{q} {}
  __device__ float get() const { return *p.m; }
  __device__ operator float() const { return get(); }
};
struct Cursor {
  float *m;
  int n;
  __device__ float get() const { return *m; }
  __device__ int count() const { return n; }
};
__device__ Ref deref(Ptr q) { return Ref(q); }
__device__ Cursor at(float *base, int i, int n) { return Cursor{base + i, n}; }

__global__ void temporaries(float *data, int *out, int n) {
  Ptr q{data + threadIdx.x};
  float x = deref(q); // the conversion operator runs on the returned object
  if (x < 0)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[0] = 1;
  if (deref(q).get() < 0)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[1] = 1;
  if (at(data, threadIdx.x, n).get() < 0)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[2] = 1;
  if (Cursor{data + threadIdx.x, n}.get() < 0)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[3] = 1;
  // The fields that are the same in every thread stay so.
  if (at(data, threadIdx.x, n).count() > 4)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[4] = 1;
  if (at(data, 0, n).get() < 0)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[5] = 1;
}
