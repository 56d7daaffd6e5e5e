// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A launch that fixes some block dimensions (issue 29, pattern 4): `dim3(32, nwarps)` makes
// every warp one row whatever nwarps is, `{4, 8, n}` one slice; what stays open is proved over
// every layout the launch allows, and blockDim's open components stay unknown.
__global__ void rows(float *a) {
  if (threadIdx.y == 0) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (threadIdx.x == 0) a[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (threadIdx.y < blockDim.y - 1) a[2] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
}
__global__ void slices(float *a) {
  if (threadIdx.z == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (threadIdx.y == 0) a[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
__global__ void linear(float *a) {
  if (threadIdx.x / 32 == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i / 32 == 3) a[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (threadIdx.x == 700) a[2] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}
int main(int argc, char **argv) {
  float *a = nullptr;
  int nwarps = argc + 3, n = argc;
  rows<<<8, dim3(32, nwarps)>>>(a);
  dim3 b = {4, 8, (unsigned)n};
  slices<<<8, b>>>(a);
  linear<<<8, 32 * nwarps>>>(a);
}
