// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: %divlint --report-all %s 2>&1 | FileCheck --check-prefix=TEXT %s
// A launch through a pointer that may change (or a table of kernels) names no kernel divlint
// can resolve: any kernel whose address is used outside a launch may be the one it launches,
// so every layout (?x?x?) joins each such kernel's shapes, as for a launch whose block argument
// is not constant (docs/block-shapes.md). Kernels whose address is never taken keep their
// launches' shapes.
__global__ void only_direct(float *a) {
  if (threadIdx.x < 40) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform {{.*}}kernel=only_direct {{.*}}shape=32x1x1 assumes=
}
// Launched directly with 32 threads, and maybe through the table: in a 1024x1x1 block
// `threadIdx.x < 40` splits warp 1; in 32x1x1 it splits none.
__global__ void also_in_a_table(float *a) {
  if (threadIdx.x < 40) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/32 split=8/32 {{.*}}kernel=also_in_a_table {{.*}}shape=32x1x1, 1024x1x1, {{.*}} assumes=block shape ?x?x? (the launch's block shape is not constant): thread indices the launch leaves open are not proved; set the block dim option
}
__global__ void through_variable(float *a) {
  if (threadIdx.x < 40) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/32 split=8/32 {{.*}}kernel=through_variable {{.*}}shape=1024x1x1, {{.*}} assumes=block shape ?x?x? (the launch's block shape is not constant)
}

// The numbers are the worst sampled layout's, and the message says the layout decides them:
// TEXT: launch-through-pointers.cu:15:7: note: 'if' condition 'threadIdx.x < 40' is lane-varying (partial, 1/32 warps diverge, 8/32 lanes true, for some values of the block's layout (no launch fixes it));

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
