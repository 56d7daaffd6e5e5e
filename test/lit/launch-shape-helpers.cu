// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: %if cuda %{ %divlint-cuda --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s --check-prefixes=CHECK,CUDA %}
// A launch's shape from a host helper that only returns it (`dim3 getThreadsGrid() const {
// return dim3(kWarpSize, kNumWarps, 1); }`, as attention kernels' parameter structs do): the
// shape it builds from constants (static constexpr members, template arguments) is the
// launch's; what it builds from its parameters or fields stays unknown. A launch through a
// constexpr or const function pointer (`constexpr auto kernel_fn = kern<A>;`) launches that
// kernel (a pointer that may change: launch-through-pointers.cu). The runtime API's
// cudaLaunchKernel and cudaLaunchCooperativeKernel launch their first argument with their
// third as the block (needs the CUDA headers: the prelude has neither, see the CUDA run).
struct Config {
  static constexpr int kWarpSize = 32;
  static constexpr int kWarps = 4;
  int rows;
  __host__ dim3 threads() const { return dim3(kWarpSize, kWarps, 1); }
  __host__ dim3 threads_from_field() const { return dim3(rows, kWarps, 1); }
  virtual __host__ dim3 threads_virtual() const { return dim3(kWarpSize, kWarps, 1); }
};
template <int W> __host__ dim3 warps_block() { return dim3(32, W); }
__host__ dim3 block_of(int x) { return dim3(x, 2); }
__host__ int width() { return 64; }

__global__ void by_method(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=by_method {{.*}}shape=32x4x1
}
__global__ void by_template(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=by_template {{.*}}shape=32x8x1
}
__global__ void by_int(float *a) {
  if (threadIdx.x < 32) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=by_int {{.*}}shape=64x1x1
}
// A field, a parameter, a virtual call: no constant x, so threadIdx.y is not proved.
__global__ void by_field(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}}kernel=by_field
}
__global__ void by_parameter(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}}kernel=by_parameter
}
__global__ void by_virtual(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying {{.*}}kernel=by_virtual
}
__global__ void through_constexpr(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=through_constexpr {{.*}}shape=32x4x1
}
__global__ void through_runtime(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CUDA-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=through_runtime {{.*}}shape=32x2x1
}
__global__ void through_cooperative(float *a) {
  if (threadIdx.y == 1) a[0] = 1.f;
  // CUDA-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=through_cooperative {{.*}}shape=64x2x1
}
int main(int argc, char **argv) {
  float *a = nullptr;
  Config c{argc};
  by_method<<<1, c.threads()>>>(a);
  by_template<<<1, warps_block<8>()>>>(a);
  by_int<<<1, width()>>>(a);
  by_field<<<1, c.threads_from_field()>>>(a);
  by_parameter<<<1, block_of(argc)>>>(a);
  by_virtual<<<1, c.threads_virtual()>>>(a);
  constexpr auto kernel_fn = through_constexpr;
  kernel_fn<<<1, c.threads()>>>(a);
#ifdef __CUDA_RUNTIME_H__
  void *args[] = {&a};
  dim3 block(32, 2);
  cudaLaunchKernel((void *)through_runtime, dim3(1), block, args, 0, nullptr);
  cudaLaunchCooperativeKernel(through_cooperative, dim3(1), dim3(64, 2), args);
#endif
  return 0;
}
