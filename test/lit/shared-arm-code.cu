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
