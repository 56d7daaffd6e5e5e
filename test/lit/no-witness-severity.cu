// RUN: %divlint --color=never %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// A split no evaluated value showed has no witness and no numbers (DESIGN §6.1: lane-varying
// because uniform could not be proved): a note that says so, whatever its arm costs, as a
// barrier under such a condition is a warning, not an error (docs/severity.md).
__global__ void tree(float *x) {
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (threadIdx.x < s) {
      // CHECK: no-witness-severity.cu:[[@LINE-1]]:9: note: 'if' condition 'threadIdx.x < s' is lane-varying (partial, for some values of blockDim.x); no warp split for the values divlint tried: lane-varying because it could not prove it uniform [divlint-divergent-branch]
      float a = x[threadIdx.x + s];
      for (int k = 0; k < 16; ++k)
        a = sinf(a) * cosf(a) + expf(a);
      x[threadIdx.x] += a;
    }
    __syncthreads();
  }
}
void launch(float *x, int threads) { tree<<<64, threads>>>(x); }
