// RUN: %divlint --format=json %s | %python %S/Inputs/kernel_fields.py | FileCheck %s
// RUN: %divlint %s --kernel-summary 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %divlint %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %divlint --format=json --block-dim=k:100 %s | %python %S/Inputs/kernel_fields.py | FileCheck %s --check-prefix=SHAPE
// Per-kernel predicted warp execution efficiency (issue 15): a point where thread indices and
// shapes decide, a range where data or an unknown trip count do.

// Half the lanes run the heavy arm: (C_rest + heavy/2) / (C_rest + heavy).
__global__ void k(float *x, float *y) {
  int t = threadIdx.x;
  float v = x[t];
  if (t % 2 == 0) {
    v = v * v + 1.f; v = v * v + 2.f; v = v * v + 3.f; v = v * v + 4.f;
    v = v * v + 5.f; v = v * v + 6.f; v = v * v + 7.f; v = v * v + 8.f;
    y[t] = v;
  }
  y[t + 256] = v;
}
// One thread per block: 1/32 of every warp instruction's lanes.
__global__ void one(float *y) { y[threadIdx.x] = 1.f; }
// A bounds check: the data (n) decide which warp splits.
__global__ void tail(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 1.f;
}
// A uniform branch costs nothing.
__global__ void uniform(float *y) { if (blockIdx.x % 2) y[threadIdx.x] = 1.f; }
int main() {
  one<<<1, 1>>>(0);
  k<<<1, 256>>>(0, 0);
  tail<<<4, 256>>>(0, 1000);
  uniform<<<4, 64>>>(0);
}

// k: cost 29.5 = rest 15 (12 for x[t], y[t + 256] and its add; 3 for the kernel's entry and
// exit; reading threadIdx costs nothing) + the if at the mean of its arms (29 / 2); issued
// 15 + 29, lane work 15 + 29 / 2: 29.5 / 44 = 0.670.
// CHECK: k 9:17 shapes=256x1x1 point=0.67 range=None regions=1 cost=29.5
// CHECK-NEXT: one 20:17 shapes=1x1x1 point=0.031 range=None regions=0 cost=8.0
// CHECK-NEXT: tail 22:17 shapes=256x1x1 point=None range=[0.929, 1.0] regions=1 cost=8.5
// CHECK-NEXT: because line 24 ('i < n' in tail): the data decide its split (tail) (low: its worst split, high: no warp splits)
// CHECK-NEXT: uniform 27:17 shapes=64x1x1 point=1.0 range=None regions=0 cost=6.5
// CHECK-NOT: {{.}}

// TEXT: kernel-efficiency.cu:9:17: note: kernel 'k' (block 256x1x1): predicted warp execution efficiency 0.670 [divlint-kernel-summary]
// TEXT: kernel-efficiency.cu:20:17: note: kernel 'one' (block 1x1x1): predicted warp execution efficiency 0.031 [divlint-kernel-summary]
// TEXT: kernel-efficiency.cu:22:17: note: kernel 'tail' (block 256x1x1): predicted warp execution efficiency 0.929-1.000 (a range: line 24
// DEFAULT-NOT: divlint-kernel-summary

// A 100-thread block (--block-dim wins over the launch): the rest at 100/128 lanes per warp;
// warps of 32, 32, 32 and 4 lanes split 16/16 and 2/2, so the arm's lane work is 12.5/32 of its
// time, and regrouped its 50 true lanes need 2 passes of 4 warps: (15 * 100/128 + 29 * 12.5/32)
// / (15 + 29) = 0.524.
// SHAPE: k 9:17 shapes=100x1x1 point=0.524 range=None regions=1 cost=29.5
