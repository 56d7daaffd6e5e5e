// RUN: %divlint --block-dim=256 %s 2>&1 | FileCheck %s
// NOLINT, NOLINTNEXTLINE and NOLINTBEGIN/END, with and without check lists.

__global__ void k(float *out, int n) {
  if (threadIdx.x % 2) out[0] = 1.f; // NOLINT
  if (threadIdx.x % 3) out[1] = 1.f; // NOLINT(divlint-divergent-branch)
  if (threadIdx.x % 5) out[2] = 1.f; // NOLINT(divlint-barrier-*)
  // CHECK: nolint.cu:[[@LINE-1]]:7: note: 'if' condition 'threadIdx.x % 5'
  // NOLINTNEXTLINE(cuda-divergence-branch)
  if (threadIdx.x % 7) out[3] = 1.f;
  // NOLINTBEGIN(divlint-*)
  if (threadIdx.x % 9) out[4] = 1.f;
  if (threadIdx.x % 11) out[5] = 1.f;
  // NOLINTEND(divlint-*)
  if (threadIdx.x % 13) out[6] = 1.f;
  // CHECK: nolint.cu:[[@LINE-1]]:7: note: 'if' condition 'threadIdx.x % 13'
}
// CHECK-NOT: {{warning|note}}: 'if'
