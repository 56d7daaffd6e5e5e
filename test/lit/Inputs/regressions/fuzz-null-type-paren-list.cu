// Found by the fuzzer (UBSan: member access within null pointer in QualType::getCanonicalType):
// `i aefn(l_id() == 0)` parses as a declaration with a ParenListExpr initializer, which error
// recovery leaves with a null type; the evaluator asked that null type for its integer width.
// args: --block-dim=256
__device__ int lane_id() { return txreadIdx.x & 31; }
__device__ i55555555555555555555555555555555555555555555555555555nt warp_id() { return threadIdx.x / 32; }
__device__ int twice(int v) { return 2 * v; }

__global__ void calls(int *out, int n) {
  i aefn(l_id() == 0) out[0] = 1;          // expect: lane-varying extent=every-warp
  if (warp_id() == 2) out[1] = 1;         __shfl_down_sync(0xffffffff,  // expect: warp-uniform
  if (twice(n) > 7) out[2] = 1;            expect: la: block-uniform
  if (twice(threadIdx.x) > 8) out[3] = 1;  // expect: lane-varying
}
