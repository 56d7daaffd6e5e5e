// RUN: %divlint --warning-worst-slowdown=1.01 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s --implicit-check-not=severity=error
// (--warning-worst-slowdown=1.01: every split that loses time is a warning, as before the
// kernel-time rule of docs/severity.md; severity by cost is severity-cost.cu.)
// Functions are analysed in the contexts that exist (DESIGN §6.3, issue 29 pattern 1):
//  - tile<128> is instantiated, but only kern<128> is launched and its call is dead there
//    (`N > 64` returns first): no finding comes from tile<128>;
//  - helper has no device caller in this file: it is analysed with unknown parameters, never
//    raises an error, and says so. What is lane-varying whatever the arguments (thread indices,
//    loaded data) stays a warning; what only a lane-varying argument would make lane-varying
//    is a note.
// CHECK: version=1 errors=0

template <int N>
__device__ void tile(float *x) {
  if (threadIdx.x < N)
    __syncthreads();
  if (threadIdx.x % 2)
    x[threadIdx.x] = 0;
}
// CHECK-NOT: {{^}}1{{[2-6]}}:{{[0-9]+}} rule=

template <int N>
__global__ void kern(float *x) {
  if (N > 64)
    return;
  tile<N>(x);
}

__device__ void helper(float *x, int k) {
  if (k > 3)
    __syncthreads();
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent warps=None split=None severity=note function=helper kernel= kernels= shape=256x1x1 assumes={{.*}}no device caller in this file: lane-varying only if a caller passes lane-varying arguments
  // CHECK-DAG: [[@LINE-2]]:5 rule=barrier-divergence construct=call class=lane-varying {{.*}} severity=note function=helper {{.*}}lane-varying only if a caller passes lane-varying arguments
  if (threadIdx.x < 40)
    __syncthreads();
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/8 split=8/32
  // CHECK-DAG: [[@LINE-2]]:5 rule=barrier-divergence construct=call class=lane-varying {{.*}} severity=warning function=helper {{.*}}no device caller in this file: parameters unknown, lane-varying whatever the arguments
  if (x[threadIdx.x] > 0)
    x[threadIdx.x] = expf(x[threadIdx.x]) * logf(x[threadIdx.x] + 1.f) + sinf(x[k]);
  else
    x[threadIdx.x] = cosf(x[threadIdx.x]) * expf(x[threadIdx.x] - 1.f) + logf(x[k]);
  // CHECK-DAG: [[@LINE-4]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent warps=None split=None severity=warning function=helper
}

void launch(float *d) { kern<128><<<1, 256>>>(d); }
