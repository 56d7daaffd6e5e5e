// Fix-its: the findings' replacements (here the warp-aligned remap of a kernel whose lanes split
// on threadIdx.x % 2) are clang-tidy fix-its, applied by --fix and exported by --export-fixes.
// REQUIRES: cuda, tidy-plugin
// RUN: cp %s %t.cu
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' --fix %t.cu -- %tidy-cuda-args 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// The fixed file is still valid CUDA, and its branch no longer splits warps.
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' -config="{CheckOptions: {ReportAll: 'true'}}" %t.cu -- %tidy-cuda-args 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: cp %s %t2.cu
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' --export-fixes=%t.yaml %t2.cu -- %tidy-cuda-args > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=YAML --input-file=%t.yaml

__device__ float heavy(float x) {
  for (int k = 0; k < 64; ++k)
    x = x * 1.0001f + 0.5f;
  return x;
}

__global__ void k(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  // MSG: fix.cu.tmp.cu:[[@LINE+2]]:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying (every-warp{{.*}} [cuda-divergence-branch]
  // MSG: note: FIX-IT applied suggested code changes
  if (threadIdx.x % 2 == 0)
    v = heavy(v);
  out[i] = v;
}
// FIXED: {{^}}  if (tid_{{warp}}_aligned % 2 == 0)
// FIXED-NOT: {{^}}  if (threadIdx.x

// AFTER: 'if' condition 'tid_{{warp}}_aligned % 2 == 0' is warp-uniform
// AFTER-NOT: error:

// YAML: DiagnosticName: cuda-divergence-branch
// YAML: ReplacementText: tid_{{warp}}_aligned{{$}}

void launch(const float *in, float *out) { k<<<512, 256>>>(in, out); }
