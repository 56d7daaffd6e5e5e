// A shared-memory reduction written the divergent way: in every step the active threads are
// interleaved (tid % (2*s) == 0), so every warp splits for the first five steps.
__global__ void reduce_interleaved(const float *in, float *out, unsigned n) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : 0.f;
  __syncthreads();
  for (unsigned st = 1; st < blockDim.x; st *= 2) {
    if (tid % (2 * st) == 0)
      s[tid] += s[tid + st];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

void launch_reduce(const float *in, float *out, unsigned n) {
  reduce_interleaved<<<(n + 255) / 256, 256>>>(in, out, n);
}
