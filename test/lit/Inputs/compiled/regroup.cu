// Fixture for --compiled with the rewrites: regroup.sass is written by hand (not nvdisasm's
// output) to say that nvcc predicated line 11 and kept a branch on line 18.
__device__ float heavy(float x) {
  for (int k = 0; k < 256; ++k)
    x = x * 0.999f + 0.5f;
  return x;
}
__global__ void split(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (threadIdx.x % 2 == 0)
    x = heavy(x);
  out[i] = x;
}
__global__ void short_arms(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  if (in[i] > 0.f)
    v = in[i] * 2.f;
  else
    v = in[i] + 1.f;
  out[i] = v;
}
int main() {
  split<<<64, 256>>>(nullptr, nullptr);
  short_arms<<<64, 256>>>(nullptr, nullptr);
}
