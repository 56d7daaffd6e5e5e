// RUN: %divlint --report-all --block-dim=64 --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A scalar read before any store holds whatever its register held: lanes may differ, so it is
// never uniform unproved. A scalar assigned on every path is its stores' class, and an array
// filled element by element keeps the class of what was stored.
__global__ void k(int *out, const int *in) {
  int u;
  if (u > 0) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  int v;
  if (blockIdx.x == 0) v = 1; else v = in[blockIdx.x];
  if (v > 0) out[1] = 2;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int a[4];
  for (int i = 0; i < 4; ++i) a[i] = in[i];
  if (a[2] > 0) out[2] = 3;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}
