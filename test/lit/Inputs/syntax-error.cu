// A syntax error in one kernel; the next one is still analyzed.

__global__ void broken(int *p) { if (threadIdx.x < 5 { p[0] = 1; } }

__global__ void fine(int *p) {
  if (threadIdx.x % 2) p[1] = 1;
}
