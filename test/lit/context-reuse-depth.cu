// An analysis reused at another call depth (lib/Pipeline/ContextReuse.h): kernel b reaches
// twice (and the two calls of pick it makes) one call deeper than kernel a does, through
// wrapped; no call under them is cut by the depth limit at either depth, so b reuses a's
// analyses, its calls made again one deeper. The finding is that of new analyses: pick's
// branch names both kernels.
// RUN: %divlint --report-all --format=json --block-dim=64 %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: env DIVLINT_PHASE_TIMES=1 %divlint --block-dim=64 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMES

__device__ int pick(int v, int n) {
  if (v < n)
    // CHECK: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=tail {{.*}} function=pick kernel=a kernels=a,b
    return v;
  return n;
}
__device__ int twice(int v, int n) { return pick(v, n) + pick(v + 1, n); }
__device__ int wrapped(int v, int n) { return twice(v, n) * 2; }

__global__ void a(int *out, int n) { out[0] = twice(threadIdx.x, n); }
__global__ void b(int *out, int n) { out[0] = wrapped(threadIdx.x, n); }
// Analyses: a, twice, pick twice; b, wrapped. Reused at depth 2: twice, and pick twice (10
// analyses and none reused when the depth was part of the key).
// TIMES: divlint: phase times: {{.*}}context-reuse-depth.cu: {{.*}} (7 analyses; {{.*}}; reused 3)
