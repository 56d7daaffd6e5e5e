// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// An induction variable stays one when its loop holds another loop: the inner loop's header
// must not join the outer variable's step-less first version with its later one (that leaf
// made `bin` data-dependent). 256 bins over 192 threads: the second trip is taken by warps 0-1
// only, warp-uniform.
__global__ void bins(unsigned *out, const unsigned *s) {
  for (unsigned bin = threadIdx.x; bin < 256; bin += 192) {
    // CHECK-DAG: [[@LINE-1]]:36 rule=uniform-branch construct=for class=warp-uniform
    unsigned sum = 0;
    for (unsigned i = 0; i < 6; i++)
      sum += s[bin + i * 256];
    // CHECK-DAG: [[@LINE-2]]:26 rule=uniform-branch construct=for class=block-uniform
    out[blockIdx.x * 256 + bin] = sum;
  }
  // A stride of 176: the second trip is taken by threads 0-79, which splits warp 2.
  for (int bin = threadIdx.x; bin < 256; bin += 176) {
    // CHECK-DAG: [[@LINE-1]]:31 rule=divergent-branch construct=for class=lane-varying extent=partial warps=1/6
    for (int i = 0; i < 2; i++)
      out[bin * 2 + i] = i;
  }
}
void host(unsigned *o, const unsigned *s) { bins<<<240, 192>>>(o, s); }
