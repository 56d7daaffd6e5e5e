// clang CUDA errors that nvcc accepts (include/divlint/Frontend/NvccLeniency.h) are warnings: the file is
// analyzed, the exit status is 0, and real parse errors stay errors.
// RUN: %divlint --block-dim=64 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DIAG
// RUN: %divlint --block-dim=64 %s 2>/dev/null | FileCheck %s --check-prefix=FINDING
// RUN: %python %S/Inputs/expect_exit.py 0 %divlint --block-dim=64 %s
// RUN: %divlint --block-dim=64 --format=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// DIAG-NOT: error:
// RUN: sed 's|^  // BROKEN_IN_TEST$|  int = ;|' %s > %t.cu
// RUN: not %divlint --block-dim=64 %t.cu 2>&1 | FileCheck %s --check-prefix=BROKEN

struct Barrier {
  int Count = 0; // a default member initializer: not an "empty" constructor for clang
  __device__ Barrier() {}
};

__device__ unsigned long long globalTimer() {
  unsigned long long T;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(T));
  // DIAG: nvcc-leniency.cu:[[@LINE-1]]:31: warning: invalid % escape in inline assembly string
  // DIAG: divlint: note: clang rejects this but nvcc accepts it (host code, which divlint does not analyze, or a CUDA rule nvcc does not enforce); analyzing the file anyway
  return T;
}

// A __host__ function called from a __host__ __device__ one: nvcc warns (#20011-D) and compiles
// (Thrust's dispatch does it on paths the device never takes); the call, which clang leaves
// unresolved, has an unknown result.
__host__ int hostOnly(int x) { return x + 1; }
__host__ __device__ int either(int x) { return hostOnly(x); }
// DIAG: nvcc-leniency.cu:[[@LINE-1]]:48: warning: reference to __host__ function 'hostOnly' in __host__ __device__ function

__global__ void unresolved(int *o) {
  if (either(blockIdx.x) > 2) // an unresolved call's result: lane-varying, whatever its arguments
    o[2] = 1;
  // FINDING: nvcc-leniency.cu:[[@LINE-2]]:7: {{note|warning}}: 'if' condition 'either(blockIdx.x) > 2' is lane-varying
}

__global__ void k(int *o) {
  __shared__ Barrier B;
  // DIAG: nvcc-leniency.cu:[[@LINE-1]]:22: warning: initialization is not supported for __shared__ variables
  if (threadIdx.x % 2)
    o[0] = B.Count;
  // FINDING: nvcc-leniency.cu:[[@LINE-2]]:7: warning: 'if' condition 'threadIdx.x % 2' is lane-varying
  // JSON: "line": [[@LINE-3]]
  o[1] = (int)globalTimer();
  // BROKEN_IN_TEST
}

// Host code is the host compiler's business: a CUDA 12 field removed in CUDA 13, a helper of
// another file, string pasting without spaces (C++03).
#define NODE "7"
struct DeviceProp { int major; }; // cudaDeviceProp lost clockRate in CUDA 13
void host(DeviceProp &Prop, int *o) {
  int Clock = Prop.clockRate;
  // DIAG: nvcc-leniency.cu:[[@LINE-1]]:20: warning: no member named 'clockRate' in 'DeviceProp'
  check_error(Clock);
  // DIAG: nvcc-leniency.cu:[[@LINE-1]]:3: warning: use of undeclared identifier 'check_error'
  const char *Label = "node ("NODE")";
  k<<<1, 64>>>(o);
}
// DIAG-NOT: error:
// BROKEN: error: expected unqualified-id
// BROKEN: divlint: error: {{.*}}: failed to parse as CUDA
