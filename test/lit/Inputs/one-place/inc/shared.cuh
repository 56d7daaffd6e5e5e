// A helper both units include (as ../inc/shared.cuh): its branch is one place.
__device__ void store_even(float *x) {
  if (threadIdx.x % 2 == 0) x[threadIdx.x] = 1.f;
}
