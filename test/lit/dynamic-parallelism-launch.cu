// RUN: %divlint --report-all --format=json %s -- -fgpu-rdc | %python %S/Inputs/json_fields.py | FileCheck %s
// A launch from device code (dynamic parallelism) starts a new grid. Its block shape is the
// fourth argument of the configuration call clang makes of it, `cudaLaunchDevice(func,
// params, grid, block, ...)`, not the second as on the host: read as the second it was a null
// pointer, the child's shape unknown, and the child below (40-wide rows, whose warp 1 holds
// x = 32..39 and x = 0..23; warps 1 to 4 all split) analyzed in the one-dimensional default, where `threadIdx.x / 32`
// is warp-uniform. And a launch is no call in the launching threads: analyzed as one, a
// kernel that launches itself saw its own threadIdx.x come back from the "call" as an unknown
// value, and its warp role turned data-dependent.
// CHECK: errors=0

__global__ void child(int *out) {
  if (threadIdx.x / 32 == 1)
    out[threadIdx.x] = 1;
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=4/5 split=8/32 {{.*}}kernel=child {{.*}}shape=40x4x1 assumes=
}

__global__ void parent(int *out, int depth) {
  int warp_id = threadIdx.x / 32;
  if (warp_id < 2)
    out[0] = 1;
  // CHECK-DAG: [[@LINE-2]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=parent {{.*}}shape=128x1x1 assumes=
  if (depth > 0 && threadIdx.x == 0) {
    // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=&& class=block-uniform {{.*}}kernel=parent
    // CHECK-DAG: [[@LINE-2]]:20 rule=divergent-branch construct=&& class=lane-varying extent=partial warps=1/4 split=1/32 {{.*}}kernel=parent
    parent<<<4, 128>>>(out, depth - 1);
    child<<<1, dim3(40, 4)>>>(out);
  }
}

int main() {
  parent<<<1, 128>>>(nullptr, 3);
  return 0;
}
