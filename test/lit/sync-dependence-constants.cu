// RUN: %divlint --report-all --format=json --block-dim=64 %s | %python %S/Inputs/json_fields.py | FileCheck %s
// After a lane-varying branch, what its region assigned may differ between the lanes that took
// different sides (sync dependence, SyncDependence.cpp). Not when every edge into the join holds
// the same value made of constants, block dimensions, thread indices, blockIdx, gridDim and the
// parameters' values on entry: every lane that arrives holds its own value of it, of that value's
// class. Nor when every `return` of a function gives the same such value. Generator seed 14's
// merges (bench/generator/controlflow.py) found these uniform branches lane-varying (GPU-measured).

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
  if (q > 5) // the parameter's value on entry on both sides
    out[4] = 1;
  int r = 0;
  while (d[t + r] > 0 && r < 10)
    ++r;
  if (r == 3) // the trip count differs: temporal divergence
    out[5] = 1;
}

__global__ void k2(const int *d, int *out) {
  int t = threadIdx.x;
  int w = t / 32;
  if (d[t] > 0)
    w = t / 32;
  if (w == 1) // the warp index on both sides
    out[0] = 1;
  int v = t / 32;
  if (d[t] > 1)
    v = t / 16;
  if (v == 1) // different on the two sides
    out[1] = 1;
  int m = 0;
  for (int i = 0; i < 8; ++i)
    if (d[t + i] > 0) { m = t % 2; break; }
  if (m == 0) // 0 when the loop runs out, t % 2 at the break
    out[2] = 1;
  int q = t >> 5;
  for (int i = 0; i < 8; ++i)
    if (d[t + i] > 0) { q = t >> 5; break; }
  if (q == 1) // the warp index on every edge out of the loop
    out[3] = 1;
}

__device__ int warpOf(const int *d, int t) {
  for (int j = 0; j < 6; ++j)
    if (d[t + j] > 0)
      return t / 32 + 3;
  return t / 32 + 3;
}

__device__ int warpOrLane(const int *d, int t) {
  if (d[t] > 0)
    return t / 32;
  return t % 32;
}

__global__ void k3(const int *d, int *out) {
  int t = threadIdx.x;
  if (warpOf(d, t) == 4) // every return gives the warp index + 3
    out[0] = 1;
  if (warpOrLane(d, t) == 1) // the warp index or the lane
    out[1] = 1;
}

struct Params {
  int n, m;
};

__global__ void k4(const int *d, int *out, Params prm, int n) {
  int t = threadIdx.x;
  int x = n * 2;
  int k = 0;
  while (k < t % 4) { // lanes leave at different iterations
    x = n * 2;
    ++k;
  }
  if (x > 3) // the parameter's value on entry, whatever the iteration
    out[0] = 1;
  int b = -1;
  for (int j = 0; j < 8; ++j)
    if (d[t + j] > 0) { b = blockIdx.x + gridDim.x; break; }
  if (b == 4) // -1 when the loop runs out
    out[1] = 1;
  int c = blockIdx.x + gridDim.x;
  for (int j = 0; j < 8; ++j)
    if (d[t + j] > 0) { c = blockIdx.x + gridDim.x; break; }
  if (c == 4) // the same on every edge out of the loop
    out[2] = 1;
  int f = prm.m;
  if (d[t] > 1)
    f = prm.m;
  if (f > 2) // a field of the parameter as launched
    out[3] = 1;
  int z = 0;
  for (int j = 0; j < 8; ++j) {
    z = out[7]; // one load, but memory that changes between iterations
    atomicAdd(&out[7], 1);
    if (d[t + j] > 0)
      break;
  }
  if (z == 2)
    out[4] = 1;
  n = n + 1;
  int y = n;
  if (d[t] > 2)
    y = n;
  if (y > 5) // the parameter variable after a store: the same uniform value on both sides
    out[5] = 1;
}

// A constant on one side only: the lanes that skipped it read an uninitialized value.
// CHECK: 14:7 rule=divergent-branch construct=if class=lane-varying
// Every case of a lane-varying switch stores 2.
// CHECK: 22:7 rule=uniform-branch construct=if class=block-uniform
// 5 at the break, 6 when the loop runs out: lanes leave with different values.
// CHECK: 31:7 rule=divergent-branch construct=if class=lane-varying
// The same block dimension on both sides.
// CHECK: 36:7 rule=uniform-branch construct=if class=block-uniform
// The parameter's value on entry on both sides: fixed for the whole run, uniform.
// CHECK: 41:7 rule=uniform-branch construct=if class=block-uniform
// The trip count of a loop with a lane-varying exit (temporal divergence).
// CHECK: 46:7 rule=divergent-branch construct=if class=lane-varying
// k2: the warp index, `t / 32`, on both sides of a lane-varying branch: warp-uniform, its own
// class (the lanes that took either side hold their warp's index).
// CHECK: 55:7 rule=uniform-branch construct=if class=warp-uniform
// `t / 32` on one side, `t / 16` on the other.
// CHECK: 60:7 rule=divergent-branch construct=if class=lane-varying
// 0 on the loop's normal exit, `t % 2` at its break.
// CHECK: 65:7 rule=divergent-branch construct=if class=lane-varying
// `t >> 5` before the loop and at its break: every edge out holds the warp index.
// CHECK: 70:7 rule=uniform-branch construct=if class=warp-uniform
// k3: a function whose every return gives `t / 32 + 3`, some of them inside a loop with a
// lane-varying exit: warp-uniform. One whose returns give the warp index or the lane: not.
// CHECK: 89:7 rule=uniform-branch construct=if class=warp-uniform
// CHECK: 91:7 rule=divergent-branch construct=if class=lane-varying
// k4: a parameter's value on entry, blockIdx and gridDim, and a field of a parameter struct,
// held on every edge: block-uniform, whichever iteration the lanes left the loop in.
// CHECK: 107:7 rule=uniform-branch construct=if class=block-uniform
// CHECK: 112:7 rule=divergent-branch construct=if class=lane-varying
// CHECK: 117:7 rule=uniform-branch construct=if class=block-uniform
// CHECK: 122:7 rule=uniform-branch construct=if class=block-uniform
// A load inside the loop is one leaf but not one value: lanes that left at different
// iterations read different counts.
// CHECK: 131:7 rule=divergent-branch construct=if class=lane-varying
// CHECK: 137:7 rule=uniform-branch construct=if class=block-uniform
