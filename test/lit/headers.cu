// Findings in the project's own headers are shown by default (clang-tidy 22's header filter '.*');
// --header-filter narrows that, --exclude-header-filter removes headers again.
// RUN: %divlint --color=never %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %divlint --color=never --header-filter='' %s 2>&1 | FileCheck %s --check-prefix=MAINONLY
// RUN: %divlint --color=never --exclude-header-filter='headers/' %s 2>&1 | FileCheck %s --check-prefix=MAINONLY
// RUN: %divlint --color=never --header-filter='nomatch' %s 2>&1 | FileCheck %s --check-prefix=MAINONLY
// RUN: not %divlint --exclude-header-filter='(' %s 2>&1 | FileCheck %s --check-prefix=BAD
#include "Inputs/headers/kernels.cuh"

__global__ void in_main(float *x) {
  if (threadIdx.x % 4 == 0) x[threadIdx.x] = 1.f;
}
// DEFAULT-DAG: kernels.cuh:3:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying
// DEFAULT-DAG: headers.cu:[[@LINE-3]]:7: warning: 'if' condition 'threadIdx.x % 4 == 0' is lane-varying
// MAINONLY-NOT: kernels.cuh:{{.*}}warning
// MAINONLY: headers.cu:[[@LINE-5]]:7: warning: 'if' condition 'threadIdx.x % 4 == 0' is lane-varying
// MAINONLY-NOT: kernels.cuh:{{.*}}warning
// BAD: divlint: error: invalid exclude header filter '(':
