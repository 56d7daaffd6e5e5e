// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Warp collectives leave every lane of the warp with the same value (issue 29, pattern 3). The
// xor butterfly is proved from its shuffle pattern (WarpCollectives.cpp): offsets whose xor-span
// is every lane of the warp, combined by a commutative operator. A shfl_down tree is not one
// (only lane 0 holds the total), nor a butterfly that stops early or shuffles in segments of 16.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <int W>
__device__ float all_max(float v) {
#pragma unroll
  for (int off = W / 2; off > 0; off /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, off, W));
  return v;
}

__global__ void collectives(float *x, int *y, unsigned *u) {
  float a = x[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off >>= 1)
    a += __shfl_xor_sync(0xffffffff, a, off);
  if (a > 0) x[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  int b = y[threadIdx.x];
  for (int off = 1; off < 32; off *= 2)
    b = max(b, __shfl_xor_sync(0xffffffff, b, off));
  if (b > 3) y[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  unsigned c = u[threadIdx.x];
  c |= __shfl_xor_sync(0xffffffff, c, 16);
  c |= __shfl_xor_sync(0xffffffff, c, 8);
  c |= __shfl_xor_sync(0xffffffff, c, 4);
  c |= __shfl_xor_sync(0xffffffff, c, 2);
  c |= __shfl_xor_sync(0xffffffff, c, 1);
  if (c & 4) u[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  unsigned d = u[threadIdx.x];
  d ^= __shfl_xor_sync(0xffffffff, d, 16);
  d ^= __shfl_xor_sync(0xffffffff, d, 8);
  if (d & 4) u[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  float e = all_max<32>(x[threadIdx.x]);
  if (e > 0) x[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  float f = all_max<16>(x[threadIdx.x]);
  if (f > 0) x[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  int r = __reduce_add_sync(0xffffffff, y[threadIdx.x]);
  if (r > 0) y[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  int pred;
  unsigned m = __match_all_sync(0xffffffff, y[threadIdx.x], &pred);
  if (pred) y[3] = 1;
  // The predicate written through &pred joins the private-memory store of an opaque call
  // (lane-varying) since the private-memory rule: sound, not yet as precise as the result's class.
  // CHECK-DAG: [[@LINE-3]]:7 rule=divergent-branch construct=if class=lane-varying
  if (m) y[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float g = cg::reduce(tile, x[threadIdx.x], cg::plus<float>());
  if (g > 0) x[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  auto t8 = cg::tiled_partition<8>(cg::this_thread_block());
  float h = cg::reduce(t8, x[threadIdx.x], cg::plus<float>());
  if (h > 0) x[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  // A 32-lane tile's shfl from one lane broadcasts that lane's value (lane-varying before: the
  // value's class was joined in); an 8-lane tile's broadcasts one value per tile.
  float s = tile.shfl(x[threadIdx.x], 21);
  if (s > 0) x[8] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  float s8 = t8.shfl(x[threadIdx.x], 3);
  if (s8 > 0) x[9] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  float w = x[threadIdx.x];
  for (int off = 16; off > 0; off >>= 1)
    w += __shfl_down_sync(0xffffffff, w, off);
  if (w > 0) x[7] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  float z = x[threadIdx.x];
  for (int off = 16; off > 0; off >>= 1)
    z += __shfl_xor_sync(0xffffffff, z, off);
  x[threadIdx.x] = 1.f / z; // warp-uniform divisor: no hidden branch that splits a warp
  // CHECK-NOT: rule=hidden-branch
}

void launch(float *x, int *y, unsigned *u) { collectives<<<1, 128>>>(x, y, u); }
