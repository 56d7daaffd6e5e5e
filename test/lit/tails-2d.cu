// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Bounds guards of 2-D blocks are tails: where they split warps depends on the sizes (none when
// the sizes are multiples of the tile), not a structural every-warp split. An index monotone
// inside each warp, or inside each row of a warp, crosses the bound at most once there.
__global__ void image(float *out, int w, int h) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= w || iy >= h) return;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=|| class=lane-varying extent=tail
  // CHECK-DAG: [[@LINE-2]]:18 rule=divergent-branch construct=|| class=lane-varying extent=tail
  out[iy * w + ix] = 1.f;
}

// A 1-D index in 32x8 blocks: every warp holds the same 32 columns.
__global__ void columns(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 0.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=tail
  // Not monotone inside a row: a structural split, whatever n is.
  if ((threadIdx.x & 3) < n) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp
}

void launch(float *o, int w, int h) {
  image<<<dim3(4, 4), dim3(16, 16)>>>(o, w, h);
  columns<<<4, dim3(32, 8)>>>(o, w);
}
