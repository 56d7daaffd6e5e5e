// SARIF 2.1.0 (--format=sarif): rules, levels, regions in UTF-16 columns, %SRCROOT%-relative URIs,
// class/extent properties, the why trace as relatedLocations; tool errors as notifications; fixes.
// RUN: cd %S && not %divlint --format=sarif --report-all --block-dim=256 sarif.cu > %t.sarif
// RUN: cd %S && %python %inputs/sarif_fields.py < %t.sarif | FileCheck %s
// Outside the source root (the current directory): an absolute file:// URI, no uriBaseId.
// RUN: cd %S/Inputs && not %divlint --format=sarif --block-dim=256 ../sarif.cu > %t.outside.sarif
// RUN: cd %S/Inputs && %python %inputs/sarif_fields.py < %t.outside.sarif | FileCheck %s --check-prefix=OUTSIDE
// Input errors: executionSuccessful false, one notification per file; what parsed is reported.
// RUN: cd %S && not %divlint --format=sarif Inputs/syntax-error.cu %t.missing.cu > %t.errors.sarif 2>/dev/null
// RUN: cd %S && %python %inputs/sarif_fields.py < %t.errors.sarif | FileCheck %s --check-prefix=ERRORS
// Fixes (built by a driver: findings with replacements), in UTF-16 character offsets.
// RUN: cd %S && %sarif-fixes-driver Inputs/sarif-fixes.cu %S > %t.fixes.sarif
// RUN: cd %S && %python %inputs/sarif_fields.py < %t.fixes.sarif | FileCheck %s --check-prefix=FIXES
// Every log validates against the official schema (when ../shared has it) and divlint's contract.
// RUN: cd %S && %validate-sarif %t.sarif %t.outside.sarif %t.errors.sarif %t.fixes.sarif | FileCheck %s --check-prefix=VALID

// CHECK: log version=2.1.0 runs=1 columnKind=utf16CodeUnits srcroot=CWD success=True
// CHECK-NEXT: rule[0] id=divlint/divergent-branch name=DivergentBranch level=warning precision=high problem.severity=warning tags=cuda,performance,warp-divergence help=markdown+text
// CHECK-NEXT: rule[1] id=divlint/uniform-branch name=UniformBranch level=note precision=very-high problem.severity=recommendation tags=cuda,performance,uniformity help=markdown+text
// CHECK-NEXT: rule[2] id=divlint/barrier-divergence name=BarrierDivergence level=error precision=high problem.severity=error tags=cuda,correctness,synchronization help=markdown+text
// CHECK-NEXT: rule[3] id=divlint/warp-sync-divergence name=WarpSyncDivergence level=error precision=high problem.severity=error tags=cuda,correctness,synchronization help=markdown+text

__global__ void k(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: result divlint/uniform-branch index=1 level=note at %SRCROOT%/sarif.cu:[[@LINE+1]]:7-[[@LINE+1]]:12 chars={{[0-9]+}}+5 snippet='n > 4' class=block-uniform extent=None warps=None split=None function=k kernel=k
  if (n > 4) x[0] = 1.f;
  // "é" is 2 bytes and 1 UTF-16 unit, "😀" 4 bytes and 2 units: clang's byte column 20 is 17.
  // CHECK: result divlint/divergent-branch index=0 level=note at %SRCROOT%/sarif.cu:[[@LINE+3]]:17-[[@LINE+3]]:37 chars={{[0-9]+}}+20 snippet='threadIdx.x % 2 == 0' class=lane-varying extent=every-warp warps=8/8 split=16/32 function=k kernel=k occurrence=divlintFindingHash/v1=1
  // CHECK-NEXT: message: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying (every-warp, 8/8 warps diverge, 16/32 lanes true)
  // CHECK-NEXT: related 1 %SRCROOT%/sarif.cu:[[@LINE+1]]:17 threadIdx.x is lane-varying
  /* é😀 */ if (threadIdx.x % 2 == 0) x[i] = 0.f;
  // The same condition again in the same function: the fingerprint's occurrence count tells them apart.
  // CHECK: result divlint/divergent-branch index=0 level=note at %SRCROOT%/sarif.cu:[[@LINE+1]]:7-[[@LINE+1]]:27 {{.*}} occurrence=divlintFindingHash/v1=2
  if (threadIdx.x % 2 == 0) x[i] += 1.f;
  // CHECK: result divlint/divergent-branch index=0 level={{note|warning}} at %SRCROOT%/sarif.cu:[[@LINE+1]]:7-[[@LINE+1]]:12 {{.*}} class=lane-varying extent=tail
  if (i < n) {
    // CHECK: result divlint/barrier-divergence index=2 level=error at %SRCROOT%/sarif.cu:[[@LINE+3]]:5-[[@LINE+3]]:20 chars={{[0-9]+}}+15 snippet='__syncthreads()' class=lane-varying
    // CHECK-NEXT: message: barrier '__syncthreads()' is reached under a lane-varying condition 'i < n' (line [[@LINE-2]])
    // CHECK-NEXT: related 1 %SRCROOT%/sarif.cu:[[@LINE-3]]:7 'i < n' is lane-varying
    __syncthreads();
  }
  // CHECK: result divlint/uniform-branch index=1 level=note at %SRCROOT%/sarif.cu:[[@LINE+1]]:7-[[@LINE+1]]:23 {{.*}} class=warp-uniform extent=None
  if (threadIdx.x < 64)
    x[i] = __shfl_sync(0xffffffffu, x[i], 0);
  // A split the data decide with one arm: a note (docs/severity.md).
  // CHECK: result divlint/divergent-branch index=0 level=note at %SRCROOT%/sarif.cu:[[@LINE+1]]:7-[[@LINE+1]]:17 {{.*}} class=lane-varying extent=data-dependent
  if (x[i] > 0.f)
    // CHECK: result divlint/warp-sync-divergence index=3 level=error at %SRCROOT%/sarif.cu:[[@LINE+1]]:12-[[@LINE+1]]:45 {{.*}} class=lane-varying
    x[i] = __shfl_sync(0xffffffffu, x[i], 1);
  x[0] = 0.f; // the lanes that skipped the shuffle run on (had they exited, it would be fine)
}
// CHECK-NOT: result
// CHECK-NOT: notification

// Without --report-all the uniform branches are left out; the URI is absolute.
// OUTSIDE: log version=2.1.0 runs=1 columnKind=utf16CodeUnits srcroot=CWD success=True
// OUTSIDE-NOT: result divlint/uniform-branch
// OUTSIDE: result divlint/divergent-branch index=0 level=note at file:///{{.*}}/test/lit/sarif.cu:{{[0-9]+}}:17-
// OUTSIDE-NOT: result divlint/uniform-branch

// ERRORS: log version=2.1.0 runs=1 {{.*}} success=False
// ERRORS: result divlint/divergent-branch {{.*}} at %SRCROOT%/Inputs/syntax-error.cu:
// ERRORS: notification divlint/input-error level=error at file:///{{.*}}missing.cu: {{.*}}missing.cu: no such file
// ERRORS-NEXT: notification divlint/input-error level=error at %SRCROOT%/Inputs/syntax-error.cu: Inputs/syntax-error.cu: failed to parse as CUDA (2 errors; first: expected ')')

// FIXES: log version=2.1.0 runs=1 columnKind=utf16CodeUnits srcroot=CWD success=False
// Line 4 starts at byte 232 = UTF-16 unit 229 (the comment above holds one "é" and one "😀": 3
// bytes more than units); the condition is 19 bytes = 16 units further, at byte column 20.
// FIXES: result divlint/divergent-branch index=0 level=warning at %SRCROOT%/Inputs/sarif-fixes.cu:4:17-4:37 chars=245+20 snippet='threadIdx.x % 2 == 0' class=lane-varying extent=every-warp warps=8/8 split=16/32 function=k kernel=k occurrence=divlintFindingHash/v1=1
// FIXES-NEXT: message: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying
// FIXES-NEXT: related 1 %SRCROOT%/Inputs/sarif-fixes.cu:4:17 threadIdx.x is lane-varying
// FIXES-NEXT: advice: sort the data by key so that warps agree
// FIXES-NEXT: fix: remap lanes to warp-contiguous work
// FIXES-NEXT: replace %SRCROOT%/Inputs/sarif-fixes.cu chars=245+20 with "(threadIdx.x / 32) % 2 == 0"
// FIXES-NEXT: replace %SRCROOT%/Inputs/sarif-fixes.cu chars=229+0 with "  // remapped\n"
// An unreadable file keeps clang's byte columns (and has no character offsets or snippet).
// FIXES-NEXT: result divlint/divergent-branch index=0 level=warning at %SRCROOT%/gone/missing.cu:4:20-4:40 class=lane-varying
// FIXES: notification divlint/input-error level=error at %SRCROOT%/gone/broken.cu: gone/broken.cu: failed to parse as CUDA

// VALID: sarif: valid (8 results)
// VALID: outside.sarif: valid (6 results)
// VALID: errors.sarif: valid ({{[1-9][0-9]*}} results)
// VALID: fixes.sarif: valid (2 results)
