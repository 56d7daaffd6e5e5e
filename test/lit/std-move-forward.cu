// RUN: %divlint --no-cache --report-all %s 2>&1 | FileCheck %s
// std::move, std::forward and std::as_const are casts written as calls; clang instantiates no
// body for them. The data flow took each for a call it could not analyze: a lane-varying result
// (`v > 3` below, v a kernel argument, was "lane-varying (data-dependent)") and a witness
// analysis of every kernel that moves a value. They name their argument: its value, its place.
#include <utility>

struct Pair { int a, b; };
__device__ int first(Pair &&p) { return p.a; }
__device__ void setTo(int &&dst, int v) { dst = v; }
template <typename T> __device__ int firstOf(T &&p) { return first(std::forward<T>(p)); }

__global__ void moved(int *out, int n) {
  Pair p{n, 2};
  Pair q = std::move(p);
  int v = first(std::move(q));
  if (v > 3)
    out[0] = 1;
  // CHECK: std-move-forward.cu:[[@LINE-2]]:7: note: 'if' condition 'v > 3' is block-uniform
  Pair r{n, 3};
  if (firstOf(std::move(r)) > std::as_const(n))
    out[1] = 1;
  // CHECK: std-move-forward.cu:[[@LINE-2]]:7: note: 'if' condition 'firstOf(std::move(r)) > std::as_const(n)' is block-uniform
}

// A moved lane-varying value stays lane-varying, and a store through a moved reference lands
// in the object moved.
__global__ void movedThread(int *out) {
  Pair p{(int)threadIdx.x, 2};
  Pair q = std::move(p);
  if (first(std::move(q)) > 3)
    out[0] = 1;
  // CHECK: std-move-forward.cu:[[@LINE-2]]:7: note: 'if' condition 'first(std::move(q)) > 3' is lane-varying
  int w = 0;
  setTo(std::move(w), threadIdx.x);
  if (w > 5)
    out[1] = 1;
  // CHECK: std-move-forward.cu:[[@LINE-2]]:7: note: 'if' condition 'w > 5' is lane-varying
}
