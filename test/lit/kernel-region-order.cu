// RUN: %divlint --format=json %s | %python %S/Inputs/kernel_fields.py | FileCheck %s
// RUN: %divlint --format=json %s | %python %S/Inputs/kernel_fields.py | FileCheck %s
// A kernel's range reasons come in the order the analysis met its regions: the callee's (its
// analysis ends at the call) before the kernel's own, although clang allocates the template's
// instantiation after the kernel. Ordered by declaration addresses, the order followed the
// heap and changed from run to run on large units (KernelRegions.cpp).

template <int N> __device__ int over(const int *d, int i) {
  if (d[i] > N)
    return 1;
  return 0;
}

__global__ void k(const int *d, int *out) {
  int i = threadIdx.x;
  int r = 0;
  if (d[i] > 3)
    r = 2;
  r += over<5>(d, i);
  out[i] = r;
}

int main() { k<<<1, 64>>>(0, 0); }

// CHECK: k {{[0-9]+}}:{{[0-9]+}} shapes=64x1x1
// CHECK-NEXT: because line 9 ('d[i] > N' in over): the data decide its split
// CHECK-NEXT: because line 17 ('d[i] > 3' in k): the data decide its split
