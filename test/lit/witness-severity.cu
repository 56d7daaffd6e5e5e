// RUN: not %divlint --warning-worst-slowdown=1.01 --block-dim=128 --color=never %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Errors must be true, warnings worth reading (docs/severity.md): a barrier error, or a
// lane-varying branch's warning, stands only if the witness analysis, which takes what divlint
// cannot see (calls it does not analyze, stores through pointers it cannot follow) to be the
// same in every thread, still shows the split. Otherwise it is a note that says why.
// The classes do not change: the conditions stay lane-varying.

// No body here: its result may differ between threads, or not.
__device__ int count_of(const int *p);
struct Params { int n; int mode; float *x; };

__global__ void unseen_count(const int *p, float *out) {
  __shared__ float s[128];
  int n = count_of(p);
  for (int i = 0; i < n; ++i) {
    __syncthreads();
    // CHECK: witness-severity.cu:[[@LINE-1]]:5: note: barrier '__syncthreads()' is reached under 'i < n' (line [[@LINE-2]]), which divlint cannot prove block-uniform: the code it analyzed gives every thread the same value there, which differs only if calls it did not analyze, or pointers it could not follow, give them different values (a note, not an error) [divlint-barrier-divergence]
    s[threadIdx.x] = out[i];
  }
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
}

// A store through a pointer loaded from global memory may reach any local whose address was
// taken: `params` is lane-varying for the sound analysis, not for the code as written.
__global__ void lost_pointer(Params params, int **table) {
  __shared__ float s[128];
  Params *pp = &params;
  int *q = table[blockIdx.x];
  *q = threadIdx.x;
  for (int i = 0; i < pp->n; ++i) {
    __syncthreads();
    // CHECK: witness-severity.cu:[[@LINE-1]]:5: note: barrier '__syncthreads()' is reached under 'i < pp->n' (line [[@LINE-2]]), which divlint cannot prove block-uniform: {{.*}} (a note, not an error) [divlint-barrier-divergence]
    s[threadIdx.x] = params.x[i];
  }
  __syncthreads();
  params.x[threadIdx.x] = s[127 - threadIdx.x];
}

// Divergence the analyzed code shows (each thread loads its own count) stays an error, whatever
// the unseen call adds.
__global__ void shown(const int *p, float *out) {
  __shared__ float s[128];
  int n = p[threadIdx.x] + count_of(p);
  for (int i = 0; i < n; ++i) {
    __syncthreads();
    // CHECK: witness-severity.cu:[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under a lane-varying condition 'i < n' (line [[@LINE-2]]): threads that run fewer trips of the loop ('i < n' turns false sooner for them) skip it and reach the barrier '__syncthreads()' (line [[@LINE+3]]) instead, so the block's threads do not all wait at the same barrier (only threads that have exited may miss one) [divlint-barrier-divergence]
    s[threadIdx.x] = out[i];
  }
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
}


// The same for a branch's warning: a costly two-armed split that only the lost pointer makes
// lane-varying is a note; one on each thread's own data stays a warning.
__global__ void lost_pointer_branch(Params params, int **table) {
  Params *pp = &params;
  int *q = table[blockIdx.x];
  *q = threadIdx.x;
  float v = params.x[threadIdx.x];
  if (pp->mode == 1) {
    // CHECK: witness-severity.cu:[[@LINE-1]]:7: note: 'if' condition 'pp->mode == 1' is lane-varying (data-dependent); predicted efficiency 50%-100% (decided by the data), region slowdown up to 1.60x; a note, not a warning: the code divlint analyzed gives every lane of a warp the same condition, which differs only if calls it did not analyze, or pointers it could not follow, give lanes different values [divlint-divergent-branch]
    for (int k = 0; k < 8; ++k) v = v * v + (v + k);
  } else {
    for (int k = 0; k < 8; ++k) v = v * 0.5f - (v - k);
  }
  params.x[threadIdx.x] = v;
}

__global__ void shown_branch(Params params) {
  float v = params.x[threadIdx.x];
  if (v > 0.f) {
    // CHECK: witness-severity.cu:[[@LINE-1]]:7: warning: 'if' condition 'v > 0.f' is lane-varying (data-dependent); predicted efficiency 50%-100% (decided by the data), region slowdown up to 1.60x [divlint-divergent-branch]
    for (int k = 0; k < 8; ++k) v = v * v + (v + k);
  } else {
    for (int k = 0; k < 8; ++k) v = v * 0.5f - (v - k);
  }
  params.x[threadIdx.x] = v;
}

// A function no kernel calls, with arguments the same in every thread: a load through a
// pointer loaded from memory may read any local whose address was taken (`lane`), so the
// sound analysis calls the test lane-varying; the witness, in which a lost pointer reaches no
// local, does not. A note.
struct Table { float const *const *rows; };
__device__ float pick(Table const &t, int g, float *out) {
  int lane = threadIdx.x;
  int *self = &lane;
  out[*self] = 0.f;
  float v = out[g];
  if (t.rows[g] != nullptr) {
    // CHECK: witness-severity.cu:[[@LINE-1]]:7: note: 'if' condition 't.rows[g] != nullptr' is lane-varying (data-dependent); predicted efficiency 50%-100% (decided by the data), region slowdown up to 1.60x; a note, not a warning: {{.*}} [divlint-divergent-branch]
    for (int k = 0; k < 8; ++k) v = v * v + (v + k);
  } else {
    for (int k = 0; k < 8; ++k) v = v * 0.5f - (v - k);
  }
  return v;
}
// (--warning-worst-slowdown=1.01: the branches above cost their kernels 1.5x-1.6x at worst, a
// note by the kernel-time rule of docs/severity.md; this test checks the witness rule.)
