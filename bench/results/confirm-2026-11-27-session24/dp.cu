#include <cstdio>
__global__ void child(int *out) {
  if (threadIdx.x / 32 == 1)
    out[threadIdx.x] = 1;
}
__global__ void parent(int *out, int depth) {
  int warp_id = threadIdx.x / 32;
  if (warp_id < 2)
    out[0] = 1;
  if (depth > 0 && threadIdx.x == 0) {
    parent<<<4, 128>>>(out, depth - 1);
    child<<<1, dim3(40, 4)>>>(out);
  }
}
int main() {
  int *out;
  cudaMalloc(&out, 4096 * sizeof(int));
  parent<<<1, 128>>>(out, 2);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
