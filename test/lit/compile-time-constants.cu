// RUN: %divlint --block-dim=256 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Compile-time values are constants, however they are reached: static constexpr members through
// an object, constexpr locals, template arguments, sizeof.
struct Packed { static constexpr int size = 4; float v[4]; };
template <int N> struct Vec { static constexpr int width = N; };

template <int BLOCK>
__global__ void k(float *out) {
  Packed packed;
  for (int i = 0; i < packed.size; ++i) out[i] = 0.f;
  // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform
  Vec<8> vec;
  if (threadIdx.x < vec.width * 4) out[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  constexpr int kLanes = 32;
  if (threadIdx.x / kLanes == 1) out[1] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (threadIdx.x < BLOCK) out[2] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform
  if (threadIdx.x % (sizeof(float) * 8) == 0) out[3] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp warps=8/8 split=1/32
}
template __global__ void k<64>(float *);
