// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A call divlint cannot analyze (no body here) may store through what it is given, except
// through `const T &` and `const T *`: the memory stays as it was (a class with mutable fields
// excepted).
// CHECK: errors=0

struct Cfg { int n; };
struct Cache { mutable int hits; int n; };
__device__ void reads(const Cfg &c);
__device__ void reads_ptr(const Cfg *c);
__device__ void writes(Cfg &c);
__device__ void touches(const Cache &c);

__global__ void k(int n, int *out) {
  Cfg a{n}, b{n}, c{n};
  Cache d{0, n};
  reads(a);
  reads_ptr(&b);
  writes(c);
  touches(d);
  if (a.n > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (b.n > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  if (c.n > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (d.hits > 3) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
