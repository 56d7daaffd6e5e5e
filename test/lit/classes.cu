// RUN: %divlint --block-dim=256 --report-all %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// The three classes, one branch each, as clang-style diagnostics with carets and notes.

__global__ void classes(float *out, int n) {
  int tid = threadIdx.x;
  if (n > 4) out[0] = 1.f;
  if (tid / 32 == 1) out[1] = 1.f;
  if (tid % 2 == 0) out[2] = 1.f;
}

// CHECK:{{.*}}classes.cu:6:7: note: 'if' condition 'n > 4' is block-uniform [divlint-uniform-branch]
// CHECK-NEXT:    6 |   if (n > 4) out[0] = 1.f;
// CHECK-NEXT:      |       ^~~~~
// CHECK-NEXT:{{.*}}classes.cu:7:7: note: 'if' condition 'tid / 32 == 1' is warp-uniform [divlint-uniform-branch]
// CHECK-NEXT:    7 |   if (tid / 32 == 1) out[1] = 1.f;
// CHECK-NEXT:      |       ^~~~~~~~~~~~~
// CHECK-NEXT:{{.*}}classes.cu:5:13: note: threadIdx.x is lane-varying
// CHECK:{{.*}}classes.cu:5:7: note: 'tid = threadIdx.x' feeds 'tid'
// CHECK:{{.*}}classes.cu:7:7: note: so 'tid / 32 == 1' is warp-uniform
// CHECK:{{.*}}classes.cu:8:7: note: 'if' condition 'tid % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true); predicted efficiency 50%, region slowdown 2.00x; the kernel takes 1.20x as long (a warning from 1.25x) [divlint-divergent-branch]
// CHECK-NEXT:    8 |   if (tid % 2 == 0) out[2] = 1.f;
// CHECK-NEXT:      |       ^~~~~~~~~~~~
// CHECK:{{.*}}classes.cu:8:7: note: lanes 0-31 of one diverging warp: TFTFTFTFTFTFTFTFTFTFTFTFTFTFTFTF
// The remap fix-it: 'tid / 32 == 1' (warp-uniform) splits 2 of 8 warps once remapped, 'tid % 2'
// none, so the predicted speedup is what is left.
// CHECK-NEXT:{{.*}}classes.cu:8:7: note: suggested rewrite: warp-aligned remap: read threadIdx.x through a bijection of each run of 2 warps (64 threads) so that the lanes of every warp take the same side; predicted kernel speedup 1.13x in issued work (divlint's cost model).{{.*}}
// CHECK:    5 |   int tid = threadIdx.x;
// CHECK-NEXT:      |             ~~~~~~~~~~~
// CHECK-NEXT:      |             tid_warp_aligned
