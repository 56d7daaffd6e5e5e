// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A launch through a pointer that may change (or a table of kernels) names no kernel divlint
// can resolve: any kernel whose address is used outside a launch may be the one it launches,
// so the shapes of such launches join each such kernel's shapes (docs/block-shapes.md): here
// 32x1x1 and `argc * 64`, ?x1x1. Kernels whose address is never taken keep their launches'
// shapes. (A local pointer nothing changes names its kernel: launch-through-local-pointer.cu.)
__global__ void only_direct(float *a) {
  if (threadIdx.x < 40) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform {{.*}}kernel=only_direct {{.*}}shape=32x1x1 assumes=
}
// Launched directly with 32 threads, and maybe through the table with any one-dimensional
// block: in 1024x1x1 `threadIdx.x < 40` splits warp 1; in 32x1x1 it splits none.
__global__ void also_in_a_table(float *a) {
  if (threadIdx.x < 40) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/32 split=8/32 {{.*}}kernel=also_in_a_table {{.*}}shape=32x1x1, 1024x1x1, 1x1x1, 2x1x1, 3x1x1 assumes=block shape ?x1x1 (a launch fixes only some dimensions): every layout it allows
}
__global__ void through_variable(float *a) {
  if (threadIdx.x < 40) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/32 split=8/32 {{.*}}kernel=through_variable {{.*}}shape=32x1x1, 1024x1x1, 1x1x1, 2x1x1, 3x1x1 assumes=block shape ?x1x1 (a launch fixes only some dimensions): every layout it allows
}

int main(int argc, char **argv) {
  float *a = nullptr;
  only_direct<<<1, 32>>>(a);
  also_in_a_table<<<1, 32>>>(a);
  void (*changing)(float *) = through_variable;
  if (argc > 5)
    changing = also_in_a_table;
  changing<<<1, 32>>>(a);
  void (*table[2])(float *) = {also_in_a_table, through_variable};
  table[argc & 1]<<<1, argc * 64>>>(a);
  return 0;
}
