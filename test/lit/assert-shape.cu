// REQUIRES: cuda
// RUN: %divlint-cuda --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// assert() names its construct as written, and an assertion on blockDim pins the block shape.
#include <cassert>

__global__ void pinned_x(float *x) {
  assert(blockDim.x == 128);
  // CHECK-DAG: [[@LINE-1]]:3 rule=uniform-branch construct=assert class=block-uniform
  if (threadIdx.x < 64) x[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}} shape=128x1x1 assumes=blockDim.x == 128 (the kernel asserts it); y and z unknown
  // x is pinned, y is not: it changes from warp to warp.
  if (threadIdx.y == 0) x[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  assert(x[threadIdx.x] > 0.f);
  // CHECK-DAG: [[@LINE-1]]:3 rule=divergent-branch construct=assert class=lane-varying extent=data-dependent
}

__global__ void pinned_16(float *x) {
  if (blockDim.x != 16) __trap();
  // Rows of 16: y changes inside a warp.
  if (threadIdx.y == 0) x[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}} warps and lanes computed for block shape 16x4x2
}
