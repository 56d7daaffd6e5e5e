// RUN: %divlint --format=json %s | %python %S/Inputs/kernel_fields.py | FileCheck %s
// RUN: %divlint --format=json %s | %python %S/Inputs/kernel_fields.py | FileCheck %s
// A kernel's range reasons come in source order (file, line, column), whatever order the analysis
// met its regions in. Ordered by declaration addresses, the order followed the heap and changed
// from run to run on large units; in the order met, it changed with a precompiled header (clang
// hands kernels over in another order, so other contexts are reused; KernelRegions.cpp). `k2`
// meets its callee's branch (line 35) before its own (line 29): source order puts it second.

template <int N> __device__ int over(const int *d, int i) {
  if (d[i] > N)
    return 1;
  return 0;
}

__device__ int later(const int *d, int i);

__global__ void k(const int *d, int *out) {
  int i = threadIdx.x;
  int r = 0;
  if (d[i] > 3)
    r = 2;
  r += over<5>(d, i);
  out[i] = r;
}

__global__ void k2(const int *d, int *out) {
  int i = threadIdx.x;
  int r = later(d, i);
  if (d[i] > 7)
    r += 2;
  out[i] = r;
}

__device__ int later(const int *d, int i) {
  if (d[i] < 9)
    return 1;
  return 0;
}

int main() {
  k<<<1, 64>>>(0, 0);
  k2<<<1, 64>>>(0, 0);
}

// CHECK: k {{[0-9]+}}:{{[0-9]+}} shapes=64x1x1
// CHECK-NEXT: because line 10 ('d[i] > N' in over): the data decide its split
// CHECK-NEXT: because line 20 ('d[i] > 3' in k): the data decide its split
// CHECK: k2 {{[0-9]+}}:{{[0-9]+}} shapes=64x1x1
// CHECK-NEXT: because line 29 ('d[i] > 7' in k2): the data decide its split
// CHECK-NEXT: because line 35 ('d[i] < 9' in later): the data decide its split
