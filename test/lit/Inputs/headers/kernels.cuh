// A kernel that lives in a project header, as most real projects keep them.
__global__ void in_header(float *x) {
  if (threadIdx.x % 2 == 0) x[threadIdx.x] = 1.f;
}
