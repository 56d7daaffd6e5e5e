// RUN: %divlint --report-all --format=json --block-dim=64 %s | %python %S/Inputs/json_fields.py | FileCheck %s
// After a lane-varying branch, what its region assigned may differ between the lanes that took
// different sides (sync dependence, SyncDependence.cpp). Not when every edge into the join holds
// the same value made of constants and block dimensions: every lane that arrives holds it.
// Generator seed 14's merges (bench/generator/controlflow.py) found these uniform branches
// called lane-varying; the GPU referee measures them (bench/README.md, seed 14).

__global__ void k(const int *d, int *out, int n) {
  int t = threadIdx.x;
  int x;
  if (d[t] > 0)
    x = 3;
  if (x == 3) // uninitialized in the lanes that skipped: not proved
    out[0] = 1;
  int s = 1;
  switch (d[t] & 3) {
  case 0: s = 2; break;
  case 1: s = 2; break;
  default: s = 2; break;
  }
  if (s == 2)
    out[1] = 1;
  int m = 0;
  for (int i = 0; i < 8; ++i) {
    m = 5;
    if (d[t + i] > 0)
      break;
    m = 6;
  }
  if (m == 5) // 5 at the break, 6 when the loop ran out
    out[2] = 1;
  int w = blockDim.x * 2;
  if (d[t] > 1)
    w = blockDim.x * 2;
  if (w > 64)
    out[3] = 1;
  int q = n;
  if (d[t] > 2)
    q = n;
  if (q > 5) // the parameter: not a constant, not proved here
    out[4] = 1;
  int r = 0;
  while (d[t + r] > 0 && r < 10)
    ++r;
  if (r == 3) // the trip count differs: temporal divergence
    out[5] = 1;
}

// A constant on one side only: the lanes that skipped it read an uninitialized value.
// CHECK: 13:7 rule=divergent-branch construct=if class=lane-varying
// Every case of a lane-varying switch stores 2.
// CHECK: 21:7 rule=uniform-branch construct=if class=block-uniform
// 5 at the break, 6 when the loop runs out: lanes leave with different values.
// CHECK: 30:7 rule=divergent-branch construct=if class=lane-varying
// The same block dimension on both sides.
// CHECK: 35:7 rule=uniform-branch construct=if class=block-uniform
// A parameter is uniform, but not a constant: still joined with the branch's class.
// CHECK: 40:7 rule=divergent-branch construct=if class=lane-varying
// The trip count of a loop with a lane-varying exit (temporal divergence).
// CHECK: 45:7 rule=divergent-branch construct=if class=lane-varying
