// RUN: %divlint --block-dim=256 --format=json %s | %python -c "import json,sys; [print('ARMS', f['line'], f['arm_costs']['true'], f['arm_costs']['false']) for f in json.load(sys.stdin)['findings'] if f['class'] == 'lane-varying' and f['rule'] == 'divergent-branch']" | FileCheck %s --check-prefix=ARMS
// RUN: %divlint --block-dim=256 --format=json %s | %python %S/Inputs/kernel_fields.py | FileCheck %s --check-prefix=KERNEL
// RUN: %divlint --block-dim=256 --format=json %s | %python -c "import json,sys; [print('ASSUME', k['name'], a) for k in json.load(sys.stdin)['kernels'] for a in k['assumptions']]" | FileCheck %s --check-prefix=ASSUME
// What nvcc makes of divisions and math calls (lib/Quantify/OperationCosts.cpp, measured by
// bench/costs/run.sh on an H100): an arm's cost counts the instructions a warp executes.

// Integer division: by a variable 18 (unsigned) or 24 (signed) instructions, by warpSize 15
// (nvcc reads it from a register), by a constant 2, by a power of two 1; each arm also stores
// (4) and assigns (1).
__global__ void divisions(int *out, unsigned u, int s) {
  int t = threadIdx.x;
  if (t % 2 == 0) out[t] = t / s;      // 24 + 4
  if (t % 4 == 0) out[t] = unsigned(t) / u; // 18 + 4
  if (t % 8 == 0) out[t] = t % warpSize;    // 13 + 4
  if (t % 16 == 0) out[t] = t / 7;          // 2 + 4
  if (t % 32 == 0) out[t] = t / 8;          // 1 + 4
}
// ARMS: ARMS 12 29.0 0.0
// ARMS-NEXT: ARMS 13 23.0 0.0
// ARMS-NEXT: ARMS 14 18.0 0.0
// ARMS-NEXT: ARMS 15 7.0 0.0
// ARMS-NEXT: ARMS 16 6.0 0.0

// IEEE float division 10, sqrtf 10, __expf 5; a load 4, a store 4, the assignment 1.
__global__ void math(float *out, const float *in) {
  int t = threadIdx.x;
  if (t % 2 == 0) out[t] = in[t] / in[t + 1]; // 10 + 4 + 4 + 1 (t + 1) + 4 + 1
  if (t % 4 == 0) out[t] = sqrtf(in[t]);      // 10 + 4 + 4 + 1
  if (t % 8 == 0) out[t] = __expf(in[t]);     // 5 + 4 + 4 + 1
}
// ARMS-NEXT: ARMS 27 24.0 0.0
// ARMS-NEXT: ARMS 28 19.0 0.0
// ARMS-NEXT: ARMS 29 14.0 0.0

// A template argument decides `if (N > 1)`: nvcc drops the dead side, so the arm costs what the
// live side does, and `N - 1` costs nothing.
template <int N> __device__ int step(int x) {
  if (N > 1)
    return x * (N - 1);
  else
    return x + x + x + x + x + x + x + x;
}
__global__ void folded(int *out) {
  int t = threadIdx.x;
  if (t % 2 == 0) out[t] = step<4>(t); // 1 + 4 + 1
}
// ARMS-NEXT: ARMS 45 6.0 0.0

// Kernel summaries: the float division's slow path makes the efficiency a range the data
// decide; a loop of unknown trip count beside a lane-varying branch makes it a range too (its
// share of the time is unknown); powf's slow paths were not measured, so they are named.
__global__ void slow_path(float *out, const float *in) {
  int t = threadIdx.x;
  out[t] = in[t] / in[t + 1];
}
__global__ void unknown_trips(float *out, int n) {
  int t = threadIdx.x;
  for (int k = 0; k < n; ++k)
    out[k] += 1.f;
  if (t % 2 == 0)
    out[t] = 0.f;
}
__global__ void unmeasured(float *out, const float *in) {
  int t = threadIdx.x;
  out[t] = powf(in[t], in[t + 1]);
}
// slow_path: cost 27 (a load 4, another 4 + 1, the division 10, a store 4 and the assignment 1,
// the kernel's entry and exit 3); at worst one lane of each warp runs the division's 72-
// instruction slow path: (27 + 72 / 32) / (27 + 72) = 0.295.
// KERNEL: slow_path 52:17 shapes=256x1x1 point=None range=[0.295, 1.0] regions=1 cost=27.0
// KERNEL-NEXT: because line 54 ('in[t] / in[t + 1]' in slow_path): the operands decide whether lanes take its slow path (low: its worst split, high: no warp splits)
// unknown_trips: with the loop at no trip (its test still runs: 1), the rest (the kernel's entry
// and exit 3, the condition 2, the loop's test 1) at full lanes and the store arm (5) at half:
// (6 + 5 / 2) / (6 + 5) = 0.773; with the loop's work outweighing all the rest, 1.0.
// KERNEL: unknown_trips 56:17 shapes=256x1x1 point=None range=[0.773, 1.0] regions=1 cost=120.5
// KERNEL-NEXT: because loops of unknown trip count outside the lane-varying branches (the range runs from none of their work to all of it)
// KERNEL-NEXT: unmeasured 63:17 shapes=256x1x1 point=1.0 range=None regions=0 cost=104.0
// ASSUME: ASSUME unmeasured slow paths whose cost divlint has not measured are not counted: line 65 ('powf(in[t], in[t + 1])' in unmeasured)
