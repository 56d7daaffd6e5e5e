// The flags of an nvcc command after `--` (or in --extra-arg) are what a CUDA developer has at
// hand: nvcc's own (--extended-lambda, -arch=sm_80, -Xcompiler -fPIC, -rdc=true, -lineinfo)
// are dropped rather than failing the parse as unknown arguments, and its math flags keep
// their meaning (--use_fast_math: a division is no branch).
// RUN: %divlint %s -- -std=c++17 --extended-lambda --expt-relaxed-constexpr -lineinfo -arch=sm_80 -Xcompiler -fPIC -rdc=true 2>&1 | FileCheck %s --check-prefix=IEEE
// RUN: %divlint %s --extra-arg=--extended-lambda --extra-arg=-arch --extra-arg=sm_90 2>&1 | FileCheck %s --check-prefix=IEEE
// RUN: %divlint %s -- --use_fast_math -gencode arch=compute_90,code=sm_90 2>&1 | FileCheck %s --check-prefix=FAST
// IEEE-NOT: error
// FAST-NOT: error
template <class F> __device__ float apply(F f, float x) { return f(x); }

__global__ void scale(const float *a, const float *b, float *out) {
  int i = threadIdx.x;
  float q = apply([] __device__(float x) { return 2.0f * x; }, a[i]) / b[i];
  // IEEE: nvcc-flags.cu:[[@LINE-1]]:70: note: {{.*}}: IEEE float division
  // FAST-NOT: IEEE float division
  if (q > 1.0f)
    // IEEE: nvcc-flags.cu:[[@LINE-1]]:7: note: 'if' condition 'q > 1.0f' is lane-varying
    // FAST: nvcc-flags.cu:[[@LINE-2]]:7: note: 'if' condition 'q > 1.0f' is lane-varying
    out[i] = q;
}
// IEEE-NOT: error
// FAST-NOT: error
