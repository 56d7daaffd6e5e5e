// RUN: %divlint --color=never %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %divlint --color=never --block-dim=128 %S/Inputs/regressions/irreducible-goto.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOLD --implicit-check-not=100%%-100%%
// FOLD: irreducible-goto.cu:8:7: note: 'if' condition 'v > n' is lane-varying (data-dependent); no time lost whichever way the data split it [divlint-divergent-branch]
// Severity follows the time the kernel loses (issue 29 pattern 6, docs/severity.md):
//  - `if (lane == 0) smem[warp] = v;` after a reduction is one store: nvcc predicates it, and
//    its region slowdown (32 leader lanes regrouped into one warp, 32.00x in a 1024-thread
//    block) is no time the kernel loses: a note that says why;
//  - a lane-interleaved branch over real work stays a warning, when the kernel loses enough
//    of its time to it (1.25x for sure, or 2x at worst; a few percent is a note);
//  - a data-dependent branch whose efficiency is 100% whichever way the data go says so
//    instead of "efficiency 100%-100% (decided by the data)".

__global__ void block_sum(const float *x, float *out, int n) {
  __shared__ float smem[32];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
    v += x[i];
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffff, v, off);
  if (lane == 0)
    smem[warp] = v;
  // CHECK: severity-cost.cu:[[@LINE-2]]:7: note: 'if' condition 'lane == 0' is lane-varying (every-warp, 32/32 warps diverge, 1/32 lanes true); a short region (its arms cost 5 units): nvcc likely predicates it, and the kernel loses at most 9% of its time [divlint-divergent-branch]
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? smem[lane] : 0.f;
    for (int off = 16; off > 0; off >>= 1)
      v += __shfl_down_sync(0xffffffff, v, off);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

__global__ void interleaved(float *x) {
  int tid = threadIdx.x;
  if (tid % 2 == 0) {
    // CHECK: severity-cost.cu:[[@LINE-1]]:7: warning: 'if' condition 'tid % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true); predicted efficiency 50%, region slowdown 2.00x
    float a = x[tid];
    for (int k = 0; k < 16; ++k)
      a = sinf(a) * cosf(a) + expf(a);
    x[tid] = a;
  }
}

// Splits the data decide: divlint cannot say how often warps split, only what a warp that
// splits runs. One costly arm (or a loop's body) runs once, as it would if all lanes took it:
// a note. Two arms that both do work run one after the other: a warning.
__global__ void data_decided(float *x, const int *cnt) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a = x[tid];
  if (a > 0.f) {
    // CHECK: severity-cost.cu:[[@LINE-1]]:7: note: 'if' condition 'a > 0.f' is lane-varying (data-dependent); predicted efficiency {{.*}}; a warp that splits runs its arm once, as it would if all its lanes took it [divlint-divergent-branch]
    for (int k = 0; k < 16; ++k)
      a = sinf(a) * cosf(a) + expf(a);
  }
  for (int j = 0; j < cnt[tid]; ++j)
    // CHECK: severity-cost.cu:[[@LINE-1]]:19: note: 'for' condition 'j < cnt[tid]' is lane-varying (data-dependent); {{.*}}; a warp runs the body as often as its busiest lane needs, nothing more [divlint-divergent-branch]
    a = sinf(a) * expf(a);
  if (a < 1.f) {
    // CHECK: severity-cost.cu:[[@LINE-1]]:7: note: 'if' condition 'a < 1.f' is lane-varying (data-dependent); predicted efficiency 41%-100% (decided by the data), region slowdown up to 2.09x; the kernel takes 1.00x-1.61x as long (a warning from 1.25x for sure, or 2.00x at worst) [divlint-divergent-branch]
    for (int k = 0; k < 16; ++k)
      a = sinf(a) * cosf(a);
  } else {
    for (int k = 0; k < 16; ++k)
      a = expf(a) * logf(a);
  }
  x[tid] = a;
}

// Two arms that both do work, and most of the kernel's: a warp that splits runs both, and the
// kernel can take twice as long (at worst, every warp split): a warning. In data_decided above,
// the same split beside other work can cost its kernel 1.61x at most: a note that says so.
__global__ void data_two_arms(float *x) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a = x[tid];
  if (a < 1.f) {
    // CHECK: severity-cost.cu:[[@LINE-1]]:7: warning: 'if' condition 'a < 1.f' is lane-varying (data-dependent); predicted efficiency 41%-100% (decided by the data), region slowdown up to 2.09x [divlint-divergent-branch]
    for (int k = 0; k < 16; ++k)
      a = sinf(a) * cosf(a);
  } else {
    for (int k = 0; k < 16; ++k)
      a = expf(a) * logf(a);
  }
  x[tid] = a;
}

// A split thread indices decide, in every warp, that costs its kernel little beside the work
// all lanes do: the region runs at half efficiency, the kernel takes a few percent longer.
__global__ void mostly_uniform(float *x) {
  int tid = threadIdx.x;
  float a = x[tid];
  for (int k = 0; k < 64; ++k)
    a = sinf(a) * 1.5f + expf(a);
  if (tid % 2 == 0) {
    // CHECK: severity-cost.cu:[[@LINE-1]]:7: note: 'if' condition 'tid % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true); predicted efficiency 50%, region slowdown 2.00x; the kernel takes {{1\.0[0-9]}}x as long (a warning from 1.25x) [divlint-divergent-branch]
    a = expf(a) * logf(a) + sinf(a);
    x[tid] = a;
  }
}

// Leader lanes: one lane of each warp stores what its warp reduced. More than a short region
// (two stores and an atomic), but no rewrite moves it to fewer warps for less: a note.
__global__ void leaders(float *out, float *total, const float *x) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int off = 16; off > 0; off >>= 1)
    v += __shfl_down_sync(0xffffffff, v, off);
  if (threadIdx.x % 32 == 0) {
    // CHECK: severity-cost.cu:[[@LINE-1]]:7: note: 'if' condition 'threadIdx.x % 32 == 0' is lane-varying (every-warp, 8/8 warps diverge, 1/32 lanes true); predicted efficiency 3%, region slowdown {{.*}}; leader lanes: each warp's own work, which fewer warps could take over only through shared memory [divlint-divergent-branch]
    out[blockIdx.x * 8 + threadIdx.x / 32] = v;
    out[4096 + blockIdx.x * 8 + threadIdx.x / 32] = v * v;
    atomicAdd(total, v);
  }
}

void launch(const float *x, float *o, int n, const int *c) {
  leaders<<<64, 256>>>(o, o, x);
  block_sum<<<64, 1024>>>(x, o, n);
  interleaved<<<64, 256>>>(o);
  data_decided<<<64, 256>>>(o, c);
  data_two_arms<<<64, 256>>>(o);
  mostly_uniform<<<1, 256>>>(o);
}
