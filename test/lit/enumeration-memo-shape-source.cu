// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// One enumeration is remembered for every later query with the same key (EnumerationMemo.h).
// The key held the block's size but not where it came from: an open launch's 1024x1x1
// candidate, which proves nothing by itself, and a launch of exactly 1024 threads, which an
// exhaustive enumeration proves, shared one entry. Analyzed first, the open launch's answer
// ("could not prove it uniform") was given to the fixed launch's branch; which one a user saw
// depended on the order of the kernels in the file.
// CHECK: errors=0

__global__ void openLaunch(int *out) {
  if (threadIdx.x + blockDim.x < 2048)
    out[0] = 1;
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial {{.*}}kernel=openLaunch {{.*}}shape=1024x1x1, 1x1x1, 2x1x1, 3x1x1 assumes=block shape ?x1x1
}

__global__ void fixedLaunch(int *out) {
  if (threadIdx.x + blockDim.x < 2048)
    out[0] = 1;
  // CHECK-DAG: [[@LINE-2]]:7 rule=uniform-branch construct=if class=block-uniform {{.*}}kernel=fixedLaunch {{.*}}shape=1024x1x1 assumes={{$}}
}

void host(int *o, int n) {
  fixedLaunch<<<4, 1024>>>(o);
  openLaunch<<<4, n>>>(o);
}
