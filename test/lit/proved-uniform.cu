// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: %divlint --report-all %s 2>&1 | FileCheck %s --check-prefix=TEXT
// Uniform is proved, never sampled (DESIGN §6.1): a global index that meets a threshold in
// one warp of one block is lane-varying, although no sampled blockIdx.x lands there.
__global__ void k(float *a) {
  int i = blockIdx.x * 128 + threadIdx.x;
  if (i == 5000) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial
  // TEXT-DAG: proved-uniform.cu:[[@LINE-2]]:7: note: 'if' condition 'i == 5000' is lane-varying (partial, for some values of blockIdx.x);
  if (i / 32 == 157) a[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (i < 5000) a[2] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=tail
  // 4096 is a whole number of 128-thread blocks: every block is on one side.
  if (i < 4096) a[3] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  // 64 * blockIdx.x + 64 moves in steps of 64: never inside a warp; + 70 can be.
  if (i < 64 * blockIdx.x + 64) a[4] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (i < 64 * blockIdx.x + 70) a[5] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if ((i >> 5) % 2 == 0) a[6] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
}
// A 3-D stencil in 8x8x4 blocks: a warp holds four rows of one slice, so the last row (iy)
// splits warps of the last block row only, the first slice (iz) does not split any.
__global__ void stencil(float *a, int NX, int NY, int NZ) {
  int ix = blockIdx.x * 8 + threadIdx.x;
  int iy = blockIdx.y * 8 + threadIdx.y;
  int iz = blockIdx.z * 4 + threadIdx.z;
  if (iy == NY - 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=4/8 split=8/32
  // TEXT-DAG: proved-uniform.cu:[[@LINE-2]]:7: note: 'if' condition 'iy == NY - 1' is lane-varying (partial, 4/8 warps diverge, 8/32 lanes true, for some values of NY, blockIdx.y);
  if (iz == 0) a[1] = 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (iz == NZ - 1 && ix < NX) a[2] = 3.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=&& class=warp-uniform
  // CHECK-DAG: [[@LINE-2]]:23 rule=divergent-branch construct=&& class=lane-varying extent=tail
}
// No launch: the block size is open, so a global index divided by 32 is not proved warp-
// uniform (a 48-thread block splits it), while threadIdx.x / 32 in a 1-D block is.
__global__ void unlaunched(float *a) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g / 32 == 3) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (threadIdx.x / 32 == 3) a[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
}
int main() {
  float *a = nullptr;
  k<<<64, 128>>>(a);
  stencil<<<dim3(4, 4, 4), dim3(8, 8, 4)>>>(a, 32, 32, 16);
}
