// Calls are analyzed 32 deep (MaxAnalyzedCallDepth, FunctionAnalysis.h): template libraries
// reach a tuple's element through 20 to 30 nested calls (CuTe's `size<I>(layout)`), and a
// value that comes back from below the cut is lane-varying. Here a uniform value returns from 24 nested
// calls (uniform now; lane-varying with the cut at 12), a lane-varying one from 24 (still
// lane-varying), a uniform one stored through a reference 24 calls down, and a uniform one from
// 40 nested calls: below the cut, lane-varying (the sound fallback). A template instance reached
// only below the cut is analyzed alone, so that its branches are classified too (they were not
// reported at all before: neither analyzed in context nor alone).
// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s

template <int D> __device__ int down(int x) { return down<D - 1>(x + 1); }
template <> __device__ int down<0>(int x) { return x % 13; }
template <int D> __device__ void store(int &out, int x) { store<D - 1>(out, x + 1); }
template <> __device__ void store<0>(int &out, int x) { out = x % 11; }

template <int D> __device__ int bottom(int x) {
  if constexpr (D == 0) {
    if (x > 40)
      // CHECK: [[@LINE-1]]:9 rule=divergent-branch construct=if class=lane-varying extent=data-dependent {{.*}} function=bottom kernel= kernels= {{.*}}not analyzed in its callers' contexts (recursion, the call depth or the budget)
      return 1;
    return 0;
  } else {
    return bottom<D - 1>(x + 1);
  }
}

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
  out[4] = bottom<40>(threadIdx.x);
}
