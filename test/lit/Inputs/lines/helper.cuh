__device__ void helper(float *x) {
  if (threadIdx.x % 8 == 0)
    x[0] = 3.f;
}
