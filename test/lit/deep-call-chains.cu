// Calls are analyzed 32 deep (MaxCallDepth, MaxAnalyzedCallDepth): template libraries reach a
// tuple's element through 20 to 30 nested calls (CuTe's `size<I>(layout)`), and a value that
// comes back from below the cut is lane-varying. Here a uniform value returns from 24 nested
// calls (uniform now; lane-varying with the cut at 12), a lane-varying one from 24 (still
// lane-varying), a uniform one stored through a reference 24 calls down, and a uniform one from
// 40 nested calls: below the cut, lane-varying (the sound fallback).
// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s

template <int D> __device__ int down(int x) { return down<D - 1>(x + 1); }
template <> __device__ int down<0>(int x) { return x % 13; }
template <int D> __device__ void store(int &out, int x) { store<D - 1>(out, x + 1); }
template <> __device__ void store<0>(int &out, int x) { out = x % 11; }

__global__ void chains(int *out, int n) {
  if (down<24>(n) > 3)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[0] = 1;
  if (down<24>(threadIdx.x) > 3)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp
    out[1] = 1;
  int s = 0;
  store<24>(s, n);
  if (s > 3)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[2] = 1;
  if (down<40>(n) > 3)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[3] = 1;
}
