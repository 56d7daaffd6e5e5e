// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Extents of bounds tests (issue 29 pattern 8, docs/extents.md): a bound on an index that the
// warps cover in disjoint ranges splits at most one warp of the block (tail); one that every
// warp covers alike (a warp-strided loop, one row per warp) splits every warp or none
// (every-warp). Both are notes: each warp splits in one iteration at most.

__global__ void block_strided_row(const float *x, float *y, int N, int C) {
  int row = blockIdx.x;
  if (row >= N)
    return;
  for (int i = threadIdx.x; i < C; i += blockDim.x)
    // CHECK-DAG: [[@LINE-1]]:29 rule=divergent-branch construct=for class=lane-varying extent=tail warps=None split=None severity=note
    y[row * C + i] = x[row * C + i];
}

__global__ void vector_width(const float *x, float *y, int C) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i < C)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=tail warps=None split=None severity=note
    y[i] = x[i];
  for (int j = 4 * threadIdx.x; j < C; j += 4 * blockDim.x)
    // CHECK-DAG: [[@LINE-1]]:33 rule=divergent-branch construct=for class=lane-varying extent=tail warps=None split=None severity=note
    y[j] = x[j];
}

__global__ void warp_per_row(const float *x, float *y, int N, int C) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int row = blockIdx.x * 8 + warp;
  if (row >= N)
    // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
    return;
  for (int i = lane; i < C; i += 32)
    // CHECK-DAG: [[@LINE-1]]:22 rule=divergent-branch construct=for class=lane-varying extent=every-warp warps=None split=None severity=note
    y[row * C + i] = x[row * C + i];
}

__global__ void row_per_y(const float *x, float *y, int N, int C) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= N)
    return;
  for (int i = threadIdx.x; i < C; i += blockDim.x)
    // CHECK-DAG: [[@LINE-1]]:29 rule=divergent-branch construct=for class=lane-varying extent=every-warp warps=None split=None severity=note
    y[row * C + i] = x[row * C + i];
}

void launch(const float *x, float *y, int N, int C) {
  block_strided_row<<<N, 256>>>(x, y, N, C);
  vector_width<<<N, 256>>>(x, y, C);
  warp_per_row<<<N, 256>>>(x, y, N, C);
  row_per_y<<<N, dim3(32, 8)>>>(x, y, N, C);
}
