// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// A guard that lets one lane of each warp through (`tx == 5`) makes whatever it guards
// warp-uniform, but only in layouts whose rows are a warp wide or wider. A launch that fixes no
// dimension allows 16x2x3, whose warp 0 holds x = 5 twice (y = 0 and y = 1): `ty * 7 / (p + 1)`
// differs between them. The sampled layouts of such a launch (1024x1x1, 1x1x1024, ...) all let
// at most one lane through, which proves nothing. Generator seed 13, re-judged at the commit
// that gave such launches every layout, measured this warp-uniform prediction diverge in 12 of
// 12 warp evaluations on an H100.
// CHECK: errors=0

__global__ void k12(float *out, int p) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  if (tx == 5) {
    int v9 = (ty) * 7 / (p + 1);
    if (v9 % 5 == 3)
      acc *= 0.5f;
    // CHECK-DAG: [[@LINE-2]]:9 rule=divergent-branch construct=if class=lane-varying {{.*}}severity=note function=k12
  }
  out[0] = acc;
}

// The same guard with the launch fixing x at 32: one lane per warp in every layout.
__global__ void rows32(float *out, int p) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  if (tx == 5) {
    int v9 = (ty) * 7 / (p + 1);
    if (v9 % 5 == 3)
      acc *= 0.5f;
    // CHECK-DAG: [[@LINE-2]]:9 rule=uniform-branch construct=if class=warp-uniform {{.*}}function=rows32
  }
  out[0] = acc;
}

unsigned rt(unsigned);
int main() {
  dim3 b(rt(16), rt(2), rt(3));
  k12<<<1, b>>>(nullptr, 1);
  rows32<<<1, dim3(32, rt(4), rt(2))>>>(nullptr, 1);
  return 0;
}
