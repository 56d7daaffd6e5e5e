// A kernel that never finishes while flag[0] == 0: `divlint confirm --timeout` must kill it and
// say so (bench/results/confirm-*/generate.sh runs it on the GPU).
__global__ void spin(volatile int *flag, int *out) {
  int spins = 0;
  while (flag[0] == 0)
    ++spins;
  if (threadIdx.x == 0)
    out[blockIdx.x] = spins;
}
