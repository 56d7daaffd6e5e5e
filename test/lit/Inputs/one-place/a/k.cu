#include "../inc/shared.cuh"
__global__ void kernel_a(float *x) { store_even(x); }
