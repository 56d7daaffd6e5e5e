// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py > %t.txt
// RUN: FileCheck %s < %t.txt
// RUN: not grep function=unused %t.txt
// A header's function no device code of this unit calls is analysed in the units that call it
// (DESIGN §6.3, the contexts that exist), not here: `unused` in Inputs/no-caller/lib.cuh gets
// no finding from this unit, while `scale`, which the kernel calls, does. A function of the
// main file with no caller (`own_helper`) is still analysed alone, its findings notes.
// Analyzing lib.cuh itself (its own main file) reports `unused` as before.
// RUN: %divlint --report-all --format=json %S/Inputs/no-caller/lib.cuh -- -x cuda | %python %S/Inputs/json_fields.py | FileCheck %s --check-prefix=HEADER
#include "Inputs/no-caller/lib.cuh"

__device__ void own_helper(float *x, int k) {
  if (k > 3)
    x[0] = 2.f;
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent {{.*}} severity=note function=own_helper {{.*}}no device caller in this file
}

__global__ void kern(float *x, int k) {
  x[threadIdx.x] = scale(x[threadIdx.x], k);
}
// CHECK-DAG: 4:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp warps=8/8 split=8/32 {{.*}}function=scale kernel=kern

void launch(float *d, int k) { kern<<<1, 256>>>(d, k); }
// HEADER-DAG: 10:7 rule=divergent-branch {{.*}}function=unused
// HEADER-DAG: 12:7 rule=divergent-branch {{.*}}function=unused
