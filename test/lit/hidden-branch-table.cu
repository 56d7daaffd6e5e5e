// RUN: %divlint-cuda --color=never %s 2>&1 | FileCheck %s --check-prefixes=CHECK,SLOW,PRECISE --implicit-check-not='[divlint-hidden-branch]'
// nvcc -use_fast_math (an nvcc entry of compile_commands.json): float division, square root and
// the float trigonometric functions no longer branch; double math and the atomics still do.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: %python %S/Inputs/nvcc_compile_db.py %t %t/k.cu -use_fast_math
// RUN: %divlint-cuda --color=never -p %t %t/k.cu 2>&1 | FileCheck %s --check-prefixes=CHECK --implicit-check-not='[divlint-hidden-branch]'
// -prec-div=false alone: float division is approximate, square roots stay IEEE.
// RUN: %python %S/Inputs/nvcc_compile_db.py %t %t/k.cu --prec-div=false
// RUN: %divlint-cuda --color=never -p %t %t/k.cu 2>&1 | FileCheck %s --check-prefixes=CHECK,SLOW,NODIV --implicit-check-not='[divlint-hidden-branch]'
// -ftz=true -prec-sqrt false (value as the next argument): square roots are approximate.
// RUN: %python %S/Inputs/nvcc_compile_db.py %t %t/k.cu -ftz=true -prec-sqrt false
// RUN: %divlint-cuda --color=never -p %t %t/k.cu 2>&1 | FileCheck %s --check-prefixes=CHECK,SLOW,NOSQRT --implicit-check-not='[divlint-hidden-branch]'
// REQUIRES: cuda
// Which operations branch is what nvcc emitted for sm_90 (lib/Analysis/HiddenBranchTable.def,
// bench/hidden-branches/generate.py), per type, address space and flag set.

__global__ void atomics(float *f, double *d, int *idx) {
  __shared__ float sf[64];
  __shared__ double sd[64];
  int t = threadIdx.x;
  sf[t & 63] = 0.f;
  sd[t & 63] = 0.0;
  __syncthreads();
  atomicAdd(&sf[idx[t] & 63], f[t]);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:3: note: 'atomicAdd(&sf[idx[t] & 63], f[t])': atomicAdd of float on __shared__ memory (a compare-and-swap retry loop: a lane whose update another lane beat tries again): nvcc compiles it to a branch on lane-varying operands, so the warp can split here [divlint-hidden-branch]
  atomicAdd(&sf[0], 1.f);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:3: note: 'atomicAdd(&sf[0], 1.f)': atomicAdd of float on __shared__ memory (a compare-and-swap retry loop{{.*}}[divlint-hidden-branch]
  atomicAdd(&sd[idx[t] & 63], d[t]);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:3: note: 'atomicAdd(&sd[idx[t] & 63], d[t])': atomicAdd of double on __shared__ memory (a compare-and-swap retry loop{{.*}}[divlint-hidden-branch]
  atomicAdd(&f[idx[t]], 1.f);  // global float: one reduction instruction, no branch
  atomicAdd(&d[idx[t]], 1.0);  // global double: likewise
  atomicAdd(&idx[0], 1);       // int on global memory: none
  atomicMax(&idx[t], 3);
  atomicAdd(&sf[t & 63], 1.f);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:3: note: 'atomicAdd(&sf[t & 63], 1.f)': atomicAdd of float on __shared__ memory (a compare-and-swap retry loop{{.*}}[divlint-hidden-branch]
}

// A pointer parameter of a device function may point anywhere: nvcc's generic atomic tests the
// address space, then loops for shared memory.
__device__ void add(float *p, float v) {
  atomicAdd(p, v);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:3: note: 'atomicAdd(p, v)': atomicAdd of float on memory of an address space nvcc cannot see (a compare-and-swap retry loop{{.*}}[divlint-hidden-branch]
}

__global__ void math(float *f, double *d) {
  int t = threadIdx.x;
  add(&f[t], 1.f);
  d[t] = log(d[t]);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:10: note: 'log(d[t])': log of double (special-case paths for some arguments): nvcc compiles it to a branch on lane-varying operands, so the warp can split here [divlint-hidden-branch]
  d[t] = exp(d[t]);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:10: note: 'exp(d[t])': exp of double (special-case paths{{.*}}[divlint-hidden-branch]
  f[t] = logf(f[t]);  // float log: no branch
  f[t] = expf(f[t]);  // float exp: none
  f[t] = sinf(f[t]);
  // SLOW: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:10: note: 'sinf(f[t])': trigonometric function (a slow argument reduction for large arguments){{.*}}[divlint-hidden-branch]
  d[t] = sin(d[t]);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:10: note: 'sin(d[t])': trigonometric function (a slow argument reduction for large arguments){{.*}}[divlint-hidden-branch]
  f[t] = f[t] / f[t + 1];
  // PRECISE: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:15: note: 'f[t] / f[t + 1]': IEEE float division (a slow path for denormal and huge operands){{.*}}[divlint-hidden-branch]
  // NOSQRT: {{(hidden-branch-table|k)}}.cu:[[@LINE-2]]:15: note: 'f[t] / f[t + 1]': IEEE float division{{.*}}[divlint-hidden-branch]
  d[t] = d[t] / d[t + 1];
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:15: note: 'd[t] / d[t + 1]': IEEE double division (a slow path for denormal and huge operands){{.*}}[divlint-hidden-branch]
  f[t] = sqrtf(f[t]);
  // PRECISE: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:10: note: 'sqrtf(f[t])': IEEE square root (a slow path for denormal and special operands){{.*}}[divlint-hidden-branch]
  // NODIV: {{(hidden-branch-table|k)}}.cu:[[@LINE-2]]:10: note: 'sqrtf(f[t])': IEEE square root{{.*}}[divlint-hidden-branch]
  d[t] = atan2(d[t], d[t + 1]);
  // CHECK: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:10: note: 'atan2(d[t], d[t + 1])': atan2 of double (special-case paths for some arguments){{.*}}[divlint-hidden-branch]
  f[t] = powf(f[t], f[t + 1]);
  // SLOW: {{(hidden-branch-table|k)}}.cu:[[@LINE-1]]:10: note: 'powf(f[t], f[t + 1])': pow (special-case paths for some arguments){{.*}}[divlint-hidden-branch]
}
