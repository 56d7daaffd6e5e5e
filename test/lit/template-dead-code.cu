// RUN: %divlint --block-dim=64 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: %divlint --block-dim=64 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s --check-prefix=DEAD
// A template argument that makes a condition false removes the code under it from that
// instantiation (nvcc never compiles it): the tree reductions of cuda-samples and many real
// kernels guard each level with `blockSize >= N`. That code is not analyzed in the instantiation:
// it once reported `tid < 256` below, dead in tree<64>, as lane-varying (data-dependent), a false
// alarm on every such reduction. Nothing is reported for that leaf (DEAD).
template <unsigned blockSize>
__global__ void tree(float *s) {
  unsigned tid = threadIdx.x;
  // DEAD-NOT: {{^}}[[@LINE+1]]:30
  if ((blockSize >= 512) && (tid < 256))
    s[tid] += s[tid + 256];
  // CHECK-DAG: [[@LINE-2]]:8 rule=uniform-branch construct=&& class=block-uniform
  if ((blockSize >= 64) && (tid < 32))
    s[tid] += s[tid + 32];
  // CHECK-DAG: [[@LINE-2]]:29 rule=uniform-branch construct=&& class=warp-uniform
  if (blockSize >= 64 && tid < 16)
    s[tid] += s[tid + 16];
  // CHECK-DAG: [[@LINE-2]]:26 rule=divergent-branch construct=&& class=lane-varying
  // DEAD: {{^}}[[@LINE-3]]:26
}
template __global__ void tree<64>(float *);
