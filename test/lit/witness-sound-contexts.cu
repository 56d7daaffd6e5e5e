// RUN: env DIVLINT_PHASE_TIMES=1 %divlint --no-cache %s 2>&1 | FileCheck %s
// The witness analysis (docs/severity.md) runs a kernel again taking what divlint cannot see
// (`unseen`, a function without a body) to be the same in every thread. A callee's context
// whose sound analysis relied on nothing unseen gives the same summary and shows the same
// splits there: the witness takes both from the sound analysis instead of analyzing it again
// (it analyzed `work` twice before: "witness ... in 2").
// CHECK: phase times: {{.*}}witness {{[0-9.]+}} s in 0;

extern __device__ int unseen(int);

__device__ float work(const float *x, int i) {
  float acc = 0;
  if (i % 2 == 0) {
    for (int k = 0; k < 64; ++k)
      acc += x[k * i] * x[k];
  }
  return acc;
}
// The split in `work`, shown by its sound analysis, stays a warning.
// CHECK: witness-sound-contexts.cu:13:7: warning: 'if' condition 'i % 2 == 0' is lane-varying (every-warp

__global__ void kernel(const float *x, float *out, int n) {
  int v = unseen(n);
  if (v > 3) {
    for (int k = 0; k < 64; ++k)
      out[k] += x[k];
  }
  // Lane-varying only because of `unseen`: a note.
  // CHECK: witness-sound-contexts.cu:[[@LINE-5]]:7: note: 'if' condition 'v > 3' is lane-varying (data-dependent)
  out[threadIdx.x] = work(x, threadIdx.x);
}
