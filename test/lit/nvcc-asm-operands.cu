// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: %divlint --report-all %s 2>&1 | FileCheck %s --check-prefix=TEXT
// nvcc reads inline-asm operands without the comma between them as if it were there
// (FasterTransformer's hmma_fp32 writes `"r"(a.x) "r"(a.y)`); clang's parser stops there and
// drops the statement, which left the outputs looking never stored: `c.x > 0` was called
// block-uniform and the file failed to parse. divlint reads the comma in (NvccSyntax.h).

struct pair2 { unsigned x, y; };
struct quad { float x, y, z, w; };

__device__ quad mma(const pair2 &a, unsigned b) {
  quad c;
  float zero = 0.f;
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, "
               "{%6}, {%7, %7, %7, %7};\n"
               : "=f"(c.x), "=f"(c.y), "=f"(c.z), "=f"(c.w)
               : "r"(a.x) "r"(a.y), "r"(b), "f"(zero));
  return c;
}

__global__ void k(float *out, const pair2 *a) {
  quad c = mma(a[threadIdx.x], 3u);
  if (c.x > 0.f) // what the asm wrote from each lane's operands
    out[threadIdx.x] = c.y;
}

// CHECK: version=1 errors=0
// CHECK: 23:7 rule=divergent-branch construct=if class=lane-varying
// TEXT-NOT: error
// TEXT-NOT: failed to parse
