// Input of sarif-fixes-driver: the condition sits after multi-byte UTF-8 text ("é" is 2 bytes and
// 1 UTF-16 unit, "😀" is 4 bytes and 2 units), so byte offsets and SARIF character offsets differ.
__global__ void k(float *y) {
  /* é😀 */ if (threadIdx.x % 2 == 0) y[threadIdx.x] = 0.f;
}
