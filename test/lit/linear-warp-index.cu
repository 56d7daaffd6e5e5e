// Warps are consecutive linear thread ids (x fastest), so the linear id divided by a multiple
// of the warp size is warp-uniform in every block shape, however the code writes it and even
// where no launch fixes blockDim.y and z (docs/design/uniformity-proof.md, "The linear thread
// id"). The same arithmetic on other index forms keeps depending on the layout.
// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void roles(int *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned warp = block.thread_rank() / 32;
  if (warp == 1)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
    out[0] = 1;
  int lin = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  if ((lin >> 5) % 2 == 1)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
    out[1] = 1;
  if (lin / 64 == 2)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
    out[2] = 1;
  // Half a warp off: lanes 16..31 of a warp and 0..15 of the next.
  if ((lin + 16) / 32 == 1)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[3] = 1;
  if (lin % 32 == 0)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[4] = 1;
  // Without z's term this is the linear id only where blockDim.z is 1, which no launch fixes.
  int lin2 = threadIdx.y * blockDim.x + threadIdx.x;
  if (lin2 / 32 == 1)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[5] = 1;
}

// A warp index is a warp-uniform value, not only a proved condition: a role's helper given it,
// and the join of the roles' results, stay warp-uniform.
template <int R> __device__ int role(int x, int w) {
  if constexpr (R == 0)
    return x % 7 + w % 3;
  else
    return x % 3 + R;
}

__global__ void joined(int *out, int p) {
  int lin = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  int v = 0;
  if (lin / 32 == 0)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
    v = role<0>(p, lin / 32);
  else
    v = role<1>(p, lin / 32);
  if (v > 3)
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
    out[0] = 1;
  int half = (lin / 16) % 2 + v; // half a warp: lane-varying
  if (half > 3)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[1] = 1;
}

__global__ void planes(int *out) {
  int lin2 = threadIdx.x + threadIdx.y * blockDim.x;
  if (lin2 / 32 == 1) // 2-D blocks (z is 1) of a height the launch does not fix
    // CHECK: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
    out[0] = 1;
}

int main(int argc, char **) {
  int *out;
  cudaMalloc(&out, 64 * sizeof(int));
  roles<<<8, dim3(argc * 16, 3, 2)>>>(out); // no dimension fixed: layouts where y, z vary
  roles<<<8, dim3(32, argc, 2)>>>(out);
  planes<<<8, dim3(48, argc, 1)>>>(out);
  joined<<<8, dim3(argc * 16, 3, 2)>>>(out, argc);
  return 0;
}
