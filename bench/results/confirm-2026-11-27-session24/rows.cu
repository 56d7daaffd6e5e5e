#include <cstdio>
__attribute__((noinline)) int rt(int v) { volatile int x = v; return x; }
__global__ void unknown(int *out) {
  if (threadIdx.x / 32 == 1)
    out[0] = 1;
}
__global__ void child(int *out) {
  if (threadIdx.x / 32 == 1)
    out[threadIdx.x] = 1;
}
int main() {
  int *out;
  cudaMalloc(&out, 4096 * sizeof(int));
  dim3 b(rt(40), rt(4), rt(1));
  unknown<<<rt(4), b>>>(out);
  child<<<1, dim3(40, 4)>>>(out);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
