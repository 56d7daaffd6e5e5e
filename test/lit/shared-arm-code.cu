// RUN: %divlint --block-dim=256 %s 2>&1 | FileCheck %s
// RUN: %divlint --block-dim=256 --format=json %s | %python -c "import json,sys; [print('ARMS', f['line'], f['arm_costs']['true'], f['arm_costs']['false']) for f in json.load(sys.stdin)['findings'] if f['class'] == 'lane-varying']" | FileCheck %s --check-prefix=ARMS
// Work both sides of an if do alike runs once for the whole warp: nvcc hoists a first call on
// the same arguments above the branch (measured on an H100: `x = heavy(heavy(x))` /
// `x = heavy(x)` with a quarter of the lanes on the long side regrouped 1.53x faster, not the
// 2.40x both sides in full give). A last call on different arguments is not merged (measured:
// two heavy() passes per diverging warp).

__device__ __forceinline__ float heavy(float x) {
  for (int k = 0; k < 64; ++k)
    x = x * 0.9999f + 0.25f;
  return x;
}

// Hoisted: heavy(x) is what both sides do first. Left: one heavy on a quarter of the lanes.
// Region: shared 1 heavy + 1 heavy (true side) against shared + a quarter of it: 2 / 1.25.
__global__ void hoisted(const float *in, float *out) {
  float x = in[threadIdx.x];
  if (threadIdx.x % 4 == 0)
    x = heavy(heavy(x));
  else
    x = heavy(x);
  out[threadIdx.x] = x;
}
// CHECK: shared-arm-code.cu:[[@LINE-6]]:7: warning: 'if' condition 'threadIdx.x % 4 == 0' is lane-varying (every-warp, 8/8 warps diverge, 8/32 lanes true); predicted efficiency 62%, region slowdown 1.60x
// ARMS: ARMS [[@LINE-7]] 322.0 1.0

// Not sunk: both sides end with heavy() into y, on different arguments: both sides in full.
__global__ void sunk(const float *in, float *out) {
  float x = in[threadIdx.x], y;
  if (threadIdx.x % 2 == 0)
    y = heavy(x + 1.f);
  else
    y = heavy(x * 2.f);
  out[threadIdx.x] = y;
}
// CHECK: shared-arm-code.cu:[[@LINE-6]]:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true); predicted efficiency 50%, region slowdown 2.00x
// ARMS: ARMS [[@LINE-7]] 323.0 323.0

// The same call text, but one side assigns x first inside the statement: not the same call.
__global__ void assigned(const float *in, float *out) {
  float x = in[threadIdx.x];
  if (threadIdx.x % 2 == 0)
    x = (x = 2.f, heavy(x));
  else
    x = heavy(x);
  out[threadIdx.x] = x;
}
// ARMS: ARMS [[@LINE-6]] {{[0-9.]+}} 322.0

// Different first calls and no common last one: nothing is shared (both sides in full).
__global__ void distinct(const float *in, float *out) {
  float x = in[threadIdx.x];
  if (threadIdx.x % 2 == 0) {
    x = heavy(x);
    out[threadIdx.x] = x;
  } else {
    out[threadIdx.x] = heavy(x * 0.5f);
  }
}
// CHECK: shared-arm-code.cu:[[@LINE-7]]:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true); predicted efficiency 50%, region slowdown 2.00x
// ARMS: ARMS [[@LINE-8]] 327.0 327.0

// Both sides end with stores to the same places: the compiler sinks them below the branch as one
// store of a select each (nvcc 13's PTX has no branch here), so only the midpoint is the true
// side's own work: a short region, a note. Had the address changed in one arm, nothing is shared.
__global__ void sunk_stores(float *sl, float *sr, const float *L, const float *R) {
  unsigned addr = blockIdx.x * blockDim.x + threadIdx.x;
  float left = L[addr], right = R[addr];
  if (right - left <= 1e-6f) {
    float lambda = (left + right) * 0.5f;
    sl[addr] = lambda;
    sr[addr] = lambda;
  } else {
    sl[addr] = left;
    sr[addr] = right;
  }
  // CHECK: shared-arm-code.cu:[[@LINE-8]]:7: note: 'if' condition 'right - left <= 1e-6f' is lane-varying (data-dependent); a short region (its arms cost 2 units): nvcc likely predicates it
  // ARMS: ARMS [[@LINE-9]] 2.0 0.0
  if (left > right) {
    sl[addr] = right;
    addr += 1;
    sr[addr] = left;
  } else {
    sl[addr] = left;
    sr[addr] = right;
  }
  // ARMS: ARMS [[@LINE-8]] {{[1-9][0-9.]*}} {{[1-9][0-9.]*}}
}
