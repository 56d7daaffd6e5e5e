// RUN: %divlint --warning-worst-slowdown=1.01 --format=json --report-all --block-dim=256 %s | %python %S/Inputs/json_fields.py | FileCheck %s
// The JSON contract of shared/spec/README.md: one finding per &&/|| leaf, nulls for uniform.

__global__ void k(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (n > 0 &&
      threadIdx.x % 2 == 0)
    y[i] = x[i];
  if (x[i] > 0.f) y[i] = 0.f;
  if (i < n) y[i] = 1.f;
}
// CHECK: version=1 errors=0
// CHECK-NEXT: 6:7 rule=uniform-branch construct=&& class=block-uniform extent=None warps=None split=None severity=note function=k kernel=k
// CHECK-NEXT: 7:7 rule=divergent-branch construct=&& class=lane-varying extent=every-warp warps=8/8 split=16/32 severity=warning function=k kernel=k
// CHECK-NEXT: 9:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent warps=None split=None severity=note function=k kernel=k
// CHECK-NEXT: 10:7 rule=divergent-branch construct=if class=lane-varying extent=tail warps=None split=None severity=note function=k kernel=k
// CHECK-NOT: rule=
// (--warning-worst-slowdown=1.01: every split that loses time is a warning, as before the
// kernel-time rule of docs/severity.md; severity by cost is severity-cost.cu.)
