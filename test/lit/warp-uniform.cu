// RUN: %divlint --block-dim=256 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// What a CUDA engineer calls warp-uniform: a warp index plus any block-uniform term, inside
// constant loops too, and linear ids compared with multiples of the warp size.
__global__ void k(float *out, int n) {
  for (int r = 0; r < 4; ++r)
    for (int w = 0; w < 8; ++w)
      if (threadIdx.x / warpSize == w) out[r] += 1.f;
  // CHECK-DAG: [[@LINE-1]]:11 rule=uniform-branch construct=if class=warp-uniform
  int warp = threadIdx.x / warpSize + blockIdx.x * 8;
  if (warp < n) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < 64) out[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (gid < 40) out[2] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial
}
