// RUN: %divlint --block-dim=256 --format=json %s | %python -c "import json,sys; [print('KS', f['line'], f['predicted_kernel_slowdown'], *[x['predicted_speedup'] for x in f['fixes'] if x.get('predicted_speedup')]) for f in json.load(sys.stdin)['findings'] if f['class'] == 'lane-varying']" | FileCheck %s
// A split inside a split (issue 15's nested case). Per warp: H on the even lanes, H more on the
// lanes % 4 == 0 (every warp has some), H on the odd lanes: 3H as run. Regrouped by
// threadIdx.x % 4 (the remap, G = 4): H + H, H, H, H over four warps, 1.25H per warp. The inner
// branch is counted at its mean inside the outer one's sides, so its own lost time is only what
// it adds to that (0.5H), not its full split (0.75H): remap 3 / 1.25 = 2.40x (measured 2.27x on
// an H100, bench/README.md; counted twice it was 2.75x).

__device__ __forceinline__ float heavy(float x) {
  for (int k = 0; k < 4096; ++k)
    x = x * 0.9999f + 0.25f;
  return x;
}

__global__ void nested(const float *in, float *out) {
  float x = in[threadIdx.x];
  if (threadIdx.x % 2 == 0) {
    x = heavy(x);
    if (threadIdx.x % 4 == 0)
      x = heavy(x + 1.f);
  } else {
    x = heavy(x * 0.5f);
  }
  out[threadIdx.x] = x;
}
// Outer: (1.25H + 1.25H lost) / 1.25H; remap 2.40x (the load and store: 2.0, 2.397).
// CHECK: KS 17 2.0 2.397
// Inner: 1 + 0.5H / 1.25H (counted twice: 1.749, and the remap 2.746).
// CHECK: KS 19 1.4{{$}}
