// The warp-aligned remap is the fix-it (issue 15): exact note, applied text, the remapped file
// still compiles, and the kernels where it would change the meaning or cannot pay get none.
// RUN: %divlint %s 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: cp %s %t.cu
// RUN: %divlint --fix %t.cu 2>&1 | FileCheck %s --check-prefix=APPLIED
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %divlint --report-all %t.cu 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: %if nvcc %{ nvcc -c -o %t.o %t.cu %}

__device__ float heavy(float x) {
  for (int k = 0; k < 64; ++k)
    x = x * 1.0001f + 0.5f;
  return x;
}

__global__ void one_armed(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (threadIdx.x % 2 == 0)
    x = heavy(x);
  out[i] = x;
}
// NOTE: fix-remap.cu:19:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true); predicted efficiency 50%, region slowdown 2.00x
// NOTE: fix-remap.cu:19:7: note: suggested rewrite: warp-aligned remap: read threadIdx.x through a bijection of each run of 2 warps (64 threads) so that the lanes of every warp take the same side; predicted kernel speedup 1.84x in issued work (divlint's cost model). Memory indexed by the thread index is then touched in 2-strided order
// FIXED:      __global__ void one_armed(float *out, const float *in) {
// FIXED-NEXT:   // Warp-aligned remap (divlint): lane l of warp w in each run of 2 warps takes index l * 2 + w, so the lanes of a warp agree on index % 2.
// FIXED-NEXT:   const unsigned tid_warp_aligned = threadIdx.x / 64 * 64 + threadIdx.x % 32 * 2 + threadIdx.x % 64 / 32;
// FIXED-NEXT:   int i = blockIdx.x * blockDim.x + tid_warp_aligned;
// FIXED-NEXT:   float x = in[i];
// FIXED-NEXT:   if (tid_warp_aligned % 2 == 0)
// AFTER: fix-remap.cu{{.*}}:[[#]]:7: note: 'if' condition 'tid_warp_aligned % 2 == 0' is warp-uniform

// Nested splits and a trip count that grows with the lane: one remap of 32 warps (the block
// has 1024 threads) makes every lane of a warp agree on threadIdx.x % 32.
__global__ void by_lane(float *out) {
  unsigned lane = threadIdx.x % 32;
  float x = out[blockIdx.x * blockDim.x + threadIdx.x];
  for (unsigned k = 0; k < lane; ++k)
    x = heavy(x);
  out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}
// NOTE: fix-remap.cu:38:24: warning: 'for' condition 'k < lane' is lane-varying
// NOTE: suggested rewrite: warp-aligned remap: read threadIdx.x through a bijection of each run of 32 warps (1024 threads)
// FIXED: const unsigned tid_warp_aligned = threadIdx.x / 1024 * 1024 + threadIdx.x % 32 * 32 + threadIdx.x % 1024 / 32;
// FIXED-NEXT: unsigned lane = tid_warp_aligned % 32;
// AFTER: 'for' condition 'k < lane' is warp-uniform

// A shuffle reduction depends on which lanes share a warp: no fix-it, and the advice says why.
__global__ void shuffled(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x % 2 == 0)
    v = heavy(v);
  v += __shfl_down_sync(0xffffffffu, v, 1);
  out[threadIdx.x] = v;
}
// NOTE: fix-remap.cu:51:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying
// NOTE: suggested rewrite: warp-aligned remapping: 'threadIdx.x % 2 == 0' interleaves lanes, {{.*}} (no fix-it for this kernel: it calls __shfl_down_sync (which lanes share a warp is part of what it computes))
// FIXED: if (threadIdx.x % 2 == 0)
// FIXED-NEXT: v = heavy(v);
// FIXED-NEXT: v += __shfl_down_sync

// Short value-only arms: nvcc emits a select already, so the branchless select is advice.
__global__ void short_arms(const float *x, float *y) {
  float v;
  if (threadIdx.x % 2 == 0)
    v = x[0] * 2.f;
  else
    v = x[1];
  y[blockIdx.x] = v;
}
// NOTE: fix-remap.cu:65:7: note: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying {{.*}} nvcc likely predicates this (a select, no branch)
// NOTE: note: suggested rewrite: branchless select: 'v = (threadIdx.x % 2 == 0) ? (x[0] * 2.f) : (x[1]);'; nvcc usually emits a select for arms this short already, so write it only where the SASS (cuobjdump -sass) shows a branch on this line
// NOTE-NOT: {{^}}      |   v = (threadIdx.x
// FIXED: void short_arms
// FIXED-NOT: tid_warp_aligned
// FIXED: if (threadIdx.x % 2 == 0)

// Memory-bound: a load, a short loop on a quarter of the lanes, a store. Regrouping saves issue
// slots that the memory time hides: no fix-it.
__global__ void streaming(const float *x, float *y) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float w = x[i];
  if (threadIdx.x % 4 == 1)
    for (int k = 0; k < 8; ++k)
      w = w * 0.5f + 1.f;
  y[i] = w;
}
// NOTE: fix-remap.cu:[[@LINE-5]]:7: {{.*}}'if' condition 'threadIdx.x % 4 == 1' is lane-varying
// NOTE: suggested rewrite: warp-aligned remapping: {{.*}} (no fix-it for this kernel: the kernel is memory-bound: about {{[0-9]+}} operations per memory access, under the 80 a GPU issues per 4 bytes of bandwidth)
// FIXED: void streaming
// FIXED-NOT: tid_warp_aligned
// FIXED: if (threadIdx.x % 4 == 1)

// APPLIED: divlint: note: applied fixes to {{.*}}.cu

int main() {
  float *a = nullptr, *b = nullptr;
  one_armed<<<1024, 256>>>(a, b);
  by_lane<<<64, 1024>>>(a);
  shuffled<<<64, 256>>>(a);
  short_arms<<<64, 256>>>(b, a);
  streaming<<<64, 256>>>(b, a);
}
