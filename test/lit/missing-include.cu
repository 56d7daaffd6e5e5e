// A header the parse cannot find is skipped with a warning that names it (MissingIncludes.h);
// host code that used it is the host compiler's business, so the kernel is still analyzed.
// RUN: %divlint --block-dim=64 %s 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 0 %divlint --block-dim=64 %s
// Device code that needs what the header declared still fails, after the warning that says why.
// RUN: sed 's|^// DEVICE_USE$|__global__ void uses(sdk_handle h) {}|' %s > %t.cu
// RUN: not %divlint --block-dim=64 %t.cu 2>&1 | FileCheck %s --check-prefix=DEVICE

#include <platform_sdk/sdk.h>
// CHECK: missing-include.cu:[[@LINE-1]]:10: warning: <platform_sdk/sdk.h> file not found; skipped (what it declares is unknown to divlint; add its directory with -- -I DIR)
// DEVICE: .cu:[[@LINE-2]]:10: warning: <platform_sdk/sdk.h> file not found; skipped
#include "local_helpers.h"
// CHECK: missing-include.cu:[[@LINE-1]]:10: warning: 'local_helpers.h' file not found; skipped

__global__ void k(int *o) {
  if (threadIdx.x % 2)
    o[0] = 1;
  // CHECK: missing-include.cu:[[@LINE-2]]:7: warning: 'if' condition 'threadIdx.x % 2' is lane-varying
}

void host(int *o) {
  sdk_init();
  k<<<1, 64>>>(o);
}
// DEVICE_USE
// DEVICE: error: unknown type name 'sdk_handle'
// DEVICE: divlint: error: {{.*}}: failed to parse as CUDA
// CHECK-NOT: error:
