// RUN: %divlint --no-cache --report-all %s 2>&1 | FileCheck %s
// `&q[i].x` with a pointer q is the address of an element q points to, one per lane when i is
// the thread index. It was taken for the address of the local q itself (the same in every
// thread: a private address), so the pointer and every load through it were block-uniform, and
// these three conditions, which split every warp whose lanes read different values, were
// called block-uniform.

struct S { int x, y; };

__global__ void elements(S *q, int *out) {
  int *r = &q[threadIdx.x].x;
  if (*r > 0)
    out[0] = 1;
  // CHECK: address-of-pointer-element.cu:[[@LINE-2]]:7: note: 'if' condition '*r > 0' is lane-varying
  S *s = q;
  int *r2 = &s[threadIdx.x].y;
  if (*r2 > 0)
    out[1] = 1;
  // CHECK: address-of-pointer-element.cu:[[@LINE-2]]:7: note: 'if' condition '*r2 > 0' is lane-varying
  if (r2 == out)
    out[2] = 1;
  // CHECK: address-of-pointer-element.cu:[[@LINE-2]]:7: note: 'if' condition 'r2 == out' is lane-varying
}

// An element of a local array is part of that local: its address is private, the same in every
// thread, and what it holds is what was stored there.
__global__ void localArray(int *out) {
  S local[2] = {{1, 2}, {3, 4}};
  int *p = &local[1].x;
  if (*p > 2)
    out[0] = 1;
  // CHECK: address-of-pointer-element.cu:[[@LINE-2]]:7: note: 'if' condition '*p > 2' is block-uniform
}
