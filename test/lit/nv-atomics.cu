// CUDA 12.8's scoped atomics (__nv_atomic_*, __NV_ATOMIC_*, __NV_THREAD_SCOPE_*) parse, with the
// built-in prelude and with a CUDA installation, and are analyzed as atomics: a load at a
// uniform address is as uniform as its address (the memory rule), what a fetch-op returns is
// lane-varying.
// RUN: %divlint --format=json --report-all %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: %divlint-cuda --format=json --report-all %s | %python %S/Inputs/json_fields.py | FileCheck %s
// REQUIRES: cuda
// CHECK: version=1 errors=0

__global__ void scoped(int *flag, int *counter, float *out, unsigned long long *big) {
  int ready = __nv_atomic_load_n(flag, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  if (ready == 1) out[0] = 1.f;
  // CHECK-NEXT: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int mine = __nv_atomic_load_n(&flag[threadIdx.x], __NV_ATOMIC_RELAXED);
  if (mine == 1) out[1] = 1.f;
  // CHECK-NEXT: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  int old = __nv_atomic_fetch_add(counter, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  if (old == 0) out[2] = 2.f;
  // CHECK-NEXT: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  int seen = __nv_atomic_exchange_n(counter, 5, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
  if (seen > 3) out[3] = 3.f;
  // CHECK-NEXT: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  int expected = 0;
  bool won = __nv_atomic_compare_exchange_n(counter, &expected, 1, false, __NV_ATOMIC_SEQ_CST,
                                            __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
  if (won) out[4] = 4.f;
  // CHECK-NEXT: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=data-dependent
  // A 64-bit fetch-add on global memory is a retry loop in SASS (bench/hidden-branches).
  __nv_atomic_fetch_add(big, 1ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  // CHECK-NEXT: [[@LINE-1]]:3 rule=hidden-branch construct=op class=lane-varying
  __nv_atomic_store_n(flag, 0, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
}
// CHECK-NOT: rule=
