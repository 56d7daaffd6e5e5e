// Fixture for --compiled: kernels whose branches nvcc keeps, predicates away, or creates.
__device__ float heavy(float x) {
  for (int k = 0; k < 64; ++k)
    x = x * 0.999f + 0.5f;
  return x;
}

__global__ void kept(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  if (threadIdx.x % 2 == 0)
    x = heavy(x);
  out[i] = x;
}

__global__ void predicated(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  if (threadIdx.x % 2 == 0)
    v = in[i] * 2.f;
  else
    v = in[i] + 1.f;
  out[i] = v;
}

__global__ void divides(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] / in[i + 1];
}

int main() {
  float *a = nullptr, *b = nullptr;
  kept<<<64, 256>>>(a, b);
  predicated<<<64, 256>>>(a, b);
  divides<<<64, 256>>>(a, b);
}
