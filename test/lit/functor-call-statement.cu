// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A function object called as a statement is analyzed in the caller's context, functors as
// well as lambdas. CUTLASS's `cutlass::Kernel<Operator>` runs its GEMM as `Operator op;
// op(params, *shared_storage);`: only lambdas were analyzed there, and a functor that is a
// template instantiation has no analysis without a caller, so the GEMM had no findings at all.
// CHECK: errors=0

template <typename T>
struct Gemm {
  struct Params { int k; T *c; };
  struct SharedStorage { T tile[64]; };
  __device__ void operator()(Params const &p, SharedStorage &shared) {
    for (int i = 0; i < p.k; ++i)
      shared.tile[threadIdx.x % 64] += p.c[i];
    // CHECK-DAG: [[@LINE-2]]:21 rule=uniform-branch construct=for class=block-uniform {{.*}}kernel=Kernel
    if (threadIdx.x % 4 == 0)
      p.c[threadIdx.x] = shared.tile[0];
    // CHECK-DAG: [[@LINE-2]]:9 rule=divergent-branch construct=if class=lane-varying extent=every-warp warps=4/4 split=8/32 {{.*}}kernel=Kernel
  }
};

template <typename Operator>
__global__ static void Kernel(typename Operator::Params params) {
  extern __shared__ int base[];
  auto *shared = reinterpret_cast<typename Operator::SharedStorage *>(base);
  Operator op;
  op(params, *shared);
}

template <typename Operator>
struct Device {
  void run(typename Operator::Params p) { Kernel<Operator><<<1, 128, 256>>>(p); }
};

void host(Gemm<float>::Params p) {
  Device<Gemm<float>> gemm;
  gemm.run(p);
}
