// Branches in a system header (one that says `#pragma clang system_header`, as CCCL's headers
// do) get no finding: no message, why-trace or rewrite is built for them. Their prediction
// still counts in the kernel's efficiency, and what it assumed stays with it: the block-uniform
// loop after the call names no assumption of the header's data-dependent branch.
// RUN: %divlint --color=never --format=json --report-all %s -- -I%S/Inputs/system > %t.json
// RUN: FileCheck %s --input-file=%t.json
// RUN: %divlint --color=never --report-all %s -- -I%S/Inputs/system 2>&1 | FileCheck %s --check-prefix=TEXT
#include <library.cuh>

__global__ void kernel(const float *p, float *out, int n) {
  float v = library_pick(p, threadIdx.x);
  for (int i = 0; i < n; ++i)
    v += 1.f;
  out[threadIdx.x] = v;
}
// CHECK-NOT: library.cuh
// CHECK: "assumptions": [
// CHECK-NEXT: "block shape 256x1x1 (the default{{.*}}"
// CHECK-NEXT: ],
// CHECK: "class": "block-uniform"
// CHECK: "line": 12
// CHECK-NOT: "line":
// CHECK: "kernels": [
// CHECK: "lane_varying_regions": 1,
// TEXT-NOT: library.cuh
// TEXT: system-header-branches.cu:12:{{[0-9]+}}: note: 'for' condition 'i < n' is block-uniform
// TEXT-NOT: library.cuh
