__device__ void helper(float *x) {
  if (threadIdx.x % 8 == 0)
    x[0] = 3.f;
  if (threadIdx.x % 3 == 0)
    x[1] = 4.f;
}
