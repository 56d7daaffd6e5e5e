// A kernel's own block shape on the command line wins over its launches and over the plain
// --block-dim; other kernels keep theirs. A bad per-kernel shape is an error.
// RUN: %divlint --report-all --format=json --block-dim=64 --block-dim=tiles:16,16 %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: not %divlint --block-dim=tiles:2048 %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %divlint --block-dim=:16 %s 2>&1 | FileCheck %s --check-prefix=BAD2

__global__ void tiles(float *out) {
  if (threadIdx.y < 8) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}} kernel=tiles {{.*}} shape=16x16x1
}
__global__ void rows(float *out) {
  if (threadIdx.x < 40) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/2 {{.*}} kernel=rows {{.*}} shape=64x1x1
}
void launch(float *o) { tiles<<<1, 256>>>(o); }
// BAD: divlint: error: invalid --block-dim='tiles:2048' (expected KERNEL:X[,Y[,Z]], at most 1024 threads)
// BAD2: divlint: error: invalid --block-dim=':16'
