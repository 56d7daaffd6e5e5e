// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Block shapes as real code writes its launches, and what an unknown shape may not prove.
#define TILE 16
constexpr int kThreads = 128;

__global__ void boxes(float *out) {
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (iy == 0) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=4/8 {{.*}} kernel=boxes {{.*}} shape=8x8x4
  if (threadIdx.y < 4) out[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}} shape=8x8x4
}

__global__ void counted(float *out) {
  if (threadIdx.x < 64) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch {{.*}} class=warp-uniform {{.*}} shape=96x1x1
}

__global__ void fielded(float *out) {
  if (threadIdx.y % 2) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch {{.*}} class=warp-uniform {{.*}} shape=32x16x1
}

// One constant launch and one whose shape is only known at run time: both count.
__global__ void mixed(float *out) {
  if (threadIdx.y == 0) out[0] = 1.f;
  // The run-time launch `<<<1, n>>>` fixes y = z = 1: threadIdx.y is 0 in every layout it allows.
  // CHECK-DAG: [[@LINE-2]]:7 rule=uniform-branch {{.*}} class=block-uniform {{.*}} shape=128x1x1, 1024x1x1, 1x1x1, 2x1x1, 3x1x1 assumes=block shape ?x1x1 (a launch fixes only some dimensions): every layout it allows
}

// No launch: the default 256x1x1 is assumed, and an assumed shape proves nothing about y.
__global__ void no_launch(float *out) {
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (iy == 0) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch {{.*}} class=lane-varying {{.*}} shape=256x1x1 assumes=block shape 256x1x1 (the default{{.*}}warps and lanes computed for block shape {{16x16x1|4x4x4}} (the block shape is not known, and threadIdx.y/z change inside a warp of this one)
  if (threadIdx.x / 32 == 1) out[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch {{.*}} class=warp-uniform {{.*}} shape=256x1x1
}

// The kernel pins its shape itself.
__global__ void pinned(float *out) {
  if (blockDim.x != 32 || blockDim.y != 8 || blockDim.z != 1) __trap();
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch {{.*}} class=block-uniform
  if (threadIdx.y == 0) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch {{.*}} class=warp-uniform {{.*}} shape=32x8x1 assumes={{$}}
}

// A helper two kernels reach is one finding: the join of its contexts, naming both.
__device__ void helper(float *out, int k) {
  if (threadIdx.x < k) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch {{.*}} class=lane-varying {{.*}} kernels=first,second
}
__global__ void first(float *out) { helper(out, 32); }
__global__ void second(float *out) { helper(out, 7); }

// __host__ __device__ code that no device code calls is host code here: no finding.
__host__ __device__ int host_side(int x) {
  if (x > 3) return 1;
  // CHECK-NOT: [[@LINE-1]]:7
  return 0;
}

void launch(float *out, int dyn) {
  dim3 block(8, 8, 4);
  boxes<<<dim3(4, 4), block>>>(out);
  int threads = 96;
  counted<<<10, threads>>>(out);
  dim3 b;
  b.x = 32;
  b.y = TILE;
  fielded<<<1, b>>>(out);
  mixed<<<1, kThreads>>>(out);
  mixed<<<1, dyn>>>(out);
  first<<<1, 64>>>(out);
  second<<<1, 64>>>(out);
  host_side(dyn);
}
