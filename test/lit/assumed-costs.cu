// RUN: %divlint --block-dim=128 --format=json %s | %python -c "import json,sys; [print('FINDING', f['line'], f['predicted_efficiency'], f['predicted_efficiency_range'], f['predicted_slowdown'], f['predicted_slowdown_range'], f['predicted_kernel_slowdown'], f['predicted_kernel_slowdown_range'], '|', ' / '.join(f['assumptions'])) for f in json.load(sys.stdin)['findings'] if f['class'] == 'lane-varying']" | FileCheck %s --check-prefix=FINDING
// RUN: %divlint --block-dim=128 --format=json %s | %python %S/Inputs/kernel_fields.py | FileCheck %s --check-prefix=KERNEL
// RUN: %divlint --block-dim=128 --format=json %s | %python -c "import json,sys; [print('FIX', f['line'], x['description']) for f in json.load(sys.stdin)['findings'] for x in f['fixes'] if x['replacements']]" | FileCheck %s --check-prefix=FIX
// RUN: %divlint --block-dim=128 %s 2>&1 | FileCheck %s --check-prefix=TEXT
// Work whose cost the code does not give (issue 15, no invented numbers): a loop of unknown trip
// count is priced at 16 trips and a call divlint cannot see into at 10 units, each named where
// the code does not say, and every number that depends on them is the range over any cost of
// that work (CostModel::predict, KernelEfficiency.h).

// A loop of unknown trip count in the one side of an every-warp split. The region's efficiency
// and slowdown do not depend on the side's cost (one side: half the lanes idle however long it
// runs); the kernel's slowdown runs from the function with the loop at no trip, 1.067, to the
// region's own 2.00 as the loop outgrows the rest.
__global__ void loop_in_side(int *out, int n) {
  int v = threadIdx.x;
  if (threadIdx.x % 2 == 0)
    for (int k = 0; k < n; ++k)
      v = v * 3 + 1;
  out[threadIdx.x] = v;
}
// FINDING: FINDING 16 0.5 None 2.0 None None [1.067, 2.0] | 16 trips of the loop at line 17 ('k < n') where the code does not say (the numbers that depend on it are ranges over any cost)
// The kernel: 0.955 with the loop at no trip (its init and test still run, at half the lanes),
// down to the region's own 0.5 as the loop grows.
// KERNEL: loop_in_side 14:17 shapes=128x1x1 point=None range=[0.5, 0.955] regions=1 cost=50.5
// KERNEL-NEXT: because line 16 ('threadIdx.x % 2 == 0' in loop_in_side): its sides hold work whose cost divlint assumed (the range runs to the region's own efficiency as that work grows)
// The remap fix-it's speedup is a number at the assumed trips, and says so.
// FIX: FIX 16 warp-aligned remap: {{.*}} predicted kernel speedup 1.71x in issued work (divlint's cost model, assuming 16 trips of the loop at line 17 ('k < n') where the code does not say).
// TEXT: assumed-costs.cu:16:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying (every-warp, 4/4 warps diverge, 16/32 lanes true); predicted efficiency 50%, region slowdown 2.00x
// TEXT: note: assuming 16 trips of the loop at line 17 ('k < n') where the code does not say

// Two sides, one with assumed work. Half the lanes on each side: the region's efficiency (0.5)
// and slowdown (2.00) do not depend on what the sides cost; the kernel's slowdown does, from
// the loop at no trip (1.417) to the region's own 2.00.
__global__ void two_sides(int *out, int n) {
  int v = threadIdx.x;
  if (threadIdx.x % 2 == 0) {
    for (int k = 0; k < n; ++k)
      v = v * 3 + 1;
  } else {
    v = v * 5 + 2;
    v = v * 7 + 3;
    v = v * 9 + 4;
  }
  out[threadIdx.x] = v;
}
// FINDING: FINDING 36 0.5 None 2.0 None None [1.417, 2.0] | 16 trips of the loop at line 37 ('k < n')
// KERNEL: two_sides 34:17 shapes=128x1x1 point=None range=[0.5, 0.75] regions=1 cost=55.0

// Calls divlint cannot see into: a virtual call, device malloc and printf. Their work and their
// own divergence are unknown, so the kernel's efficiency is anything from one lane at a time to
// every lane, and the call is named.
struct Base {
  __device__ virtual int f(int x) = 0;
};
__global__ void virtual_call(Base **b, int *out) {
  int v = threadIdx.x;
  if (threadIdx.x == 0)
    v = (*b)->f(v);
  out[threadIdx.x] = v;
}
// FINDING: FINDING 57 0.031 None 1.0 None 1.0 None | 10 units for a virtual call to 'f' at line 58 where the code does not say
// KERNEL: virtual_call 55:17 shapes=128x1x1 point=None range=[0.031, 1.0]
// KERNEL: because calls divlint cannot see into, whose work and divergence are unknown (from one lane at a time to every lane): a virtual call to 'f' at line 58
extern "C" __device__ void *malloc(__SIZE_TYPE__ size);
extern "C" __device__ int printf(const char *format, ...);
__global__ void heap(float **p, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    float *q = (float *)malloc(16);
    q[0] = 1;
    p[i] = q;
    printf("%p\n", q);
  }
}
// FINDING: FINDING 68 None [0.758, 1.0] None [1.0, 1.0] None [1.0, 1.0] | tail: at most one warp of the block splits; best case none / 10 units for 'malloc' (no body divlint can see) at line 69; 10 units for 'printf' (no body divlint can see) at line 72 where the code does not say
// KERNEL: heap 66:17 shapes=128x1x1 point=None range=[0.031, 1.0]
// KERNEL: because calls divlint cannot see into, whose work and divergence are unknown (from one lane at a time to every lane): 'malloc' (no body divlint can see) at line 69 and 1 more

// A call that does not return ends the thread (assert's __assertfail): not a call to price.
__device__ void check(int x) {
  if (x < 0)
    __trap();
}
__global__ void traps(int *out) {
  check(out[threadIdx.x]);
  if (threadIdx.x % 2 == 0)
    out[threadIdx.x] = 1;
}
// KERNEL: traps 84:17 shapes=128x1x1 point=None range=[0.833, 0.833] regions=2 cost=12.5
// KERNEL-NEXT: because line 81 ('x < 0' in check): the data decide its split (data-dependent)
// KERNEL-NOT: cannot see

// A loop whose trip count the lanes decide (`k < threadIdx.x % 8`: 0 to 7, mean 3.5) is not an
// assumption: the lanes give its trips, so the kernel's slowdown is a point, not a range over a
// 16-trip guess named as if the code did not say (it was [1.0, 1.75] with that note).
__global__ void lane_trips(float *out) {
  float x = out[threadIdx.x];
  for (unsigned k = 0; k < threadIdx.x % 8; ++k)
    x = x * 0.5f + 1.f;
  out[threadIdx.x] = x;
}
// FINDING: FINDING [[@LINE-4]] 0.5 None 1.75 None 1.581 None |{{ $}}

// A split in a loop of unknown trip count (a tree reduction's steps): however many trips the loop
// runs, the kernel's slowdown from the split stays under the region's own (a ratio of sums is at
// most its largest ratio). Pricing the function without the trips against the split's frequency
// at 16 trips once gave 88.5x for a 3.92x region.
__global__ void split_in_loop(float *s, unsigned n) {
  for (unsigned st = 1; st < n; st *= 2)
    if (threadIdx.x % (2 * st) == 0)
      s[threadIdx.x] += s[threadIdx.x + st];
}
// FINDING: FINDING [[@LINE-3]] 0.1 None 1.469 None None [1.0, 1.469] | 16 trips of the loop at line [[@LINE-4]] ('st < n')
