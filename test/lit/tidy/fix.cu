// Fix-its: the findings' replacements (here the branchless select for a short value-only
// if/else on a local) are clang-tidy fix-its, applied by --fix and exported by --export-fixes.
// REQUIRES: cuda, tidy-plugin
// RUN: cp %s %t.cu
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' --fix %t.cu -- %tidy-cuda-args 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// The fixed file is still valid CUDA, and the branch it replaced is gone.
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' %t.cu -- %tidy-cuda-args 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: cp %s %t2.cu
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' --export-fixes=%t.yaml %t2.cu -- %tidy-cuda-args > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=YAML --input-file=%t.yaml

__global__ void k(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  // MSG: fix.cu.tmp.cu:[[@LINE+3]]:7: {{warning|remark}}: 'if' condition 'in[i] > 0.f' is lane-varying (data-dependent){{.*}} [cuda-divergence-branch]
  // MSG: note: FIX-IT applied suggested code changes
  // FIXED: v = (in[i] > 0.f) ? (in[i] * 2.f) : (in[i] + 1.f);
  if (in[i] > 0.f) { v = in[i] * 2.f; } else { v = in[i] + 1.f; }
  out[i] = v;
}
// FIXED-NOT: {{^ +}}if (in[i]

// AFTER-NOT: 'if' condition
// AFTER: '?:' condition 'in[i] > 0.f' is lane-varying (data-dependent)
// AFTER-NOT: error:

// YAML: DiagnosticName: cuda-divergence-branch
// YAML: ReplacementText: 'v = (in[i] > 0.f) ? (in[i] * 2.f) : (in[i] + 1.f);'
