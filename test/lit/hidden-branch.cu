// RUN: %divlint-cuda --color=never %s 2>&1 | FileCheck %s --implicit-check-not='[divlint-hidden-branch]'
// REQUIRES: cuda
// Lines with no `if` that nvcc compiles to branches diverge on the GPU: reported as notes where
// their operands differ between lanes; a uniform operand or a power-of-two divisor is no branch.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ops(float *f, double *d, long long *l, float s, long long ls) {
  int t = threadIdx.x;
  f[t] = f[t] / s;
  // CHECK: hidden-branch.cu:[[@LINE-1]]:15: note: 'f[t] / s': IEEE float division (a slow path for denormal and huge operands): nvcc compiles it to a branch on lane-varying operands, so the warp can split here [divlint-hidden-branch]
  f[t] = f[t] / 2.f;
  f[0] = s / 3.f;
  d[t] = sqrt(d[t]);
  // CHECK: hidden-branch.cu:[[@LINE-1]]:10: note: 'sqrt(d[t])': IEEE square root {{.*}} [divlint-hidden-branch]
  l[t] = l[t] / ls;
  // CHECK: hidden-branch.cu:[[@LINE-1]]:15: note: 'l[t] / ls': 64-bit integer division by a variable {{.*}} [divlint-hidden-branch]
  l[t] = l[t] % 7;
  f[t] = powf(f[t], 2.f);
  // CHECK: hidden-branch.cu:[[@LINE-1]]:10: note: 'powf(f[t], 2.f)': pow {{.*}} [divlint-hidden-branch]
}

__global__ void grid_sync(float *f) {
  cg::grid_group grid = cg::this_grid();
  f[grid.thread_rank()] = 1.f;
  grid.sync();
  // CHECK: hidden-branch.cu:[[@LINE-1]]:8: note: 'grid.sync()': grid-wide sync (one thread per block arrives at a global barrier and spins): nvcc compiles it to a branch that splits the warp [divlint-hidden-branch]
}

// cuRAND: the generator state decides, not the pointer to it (a per-thread state here).
#include <curand_kernel.h>
__global__ void rng(float *out, curandState *states) {
  curandState local = states[threadIdx.x];
  out[threadIdx.x] = curand_normal(&local);
  // CHECK: hidden-branch.cu:[[@LINE-1]]:22: note: 'curand_normal(&local)': cuRAND {{.*}} [divlint-hidden-branch]
}
