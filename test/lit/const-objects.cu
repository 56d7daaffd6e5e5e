// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A variable declared const is never written after its initialization (a write would be
// undefined behaviour): a store divlint cannot place (a call past the analyzed depth given an
// object that holds a pointer may store through it anywhere) does not reach a
// `__grid_constant__` kernel parameter, nor the const reference a callee reads it through.
// The same parameter not const, once its address is taken, stays lane-varying: such a store
// may reach it. (Passed by reference with its address taken nowhere, no pointer of unknown
// origin reaches it at all: reference-pointee-hidden.cu.)
// CHECK: errors=0

struct Params { int n; float *x; };
struct View { float *ptr; int k; };
template <int D> __device__ void deep(const View &v) { deep<D - 1>(v); }
template <> __device__ void deep<0>(const View &v) { v.ptr[threadIdx.x] = 1.f; }

__device__ void body(const Params &p) {
  View v{p.x, 3};
  deep<20>(v);
  for (int i = 0; i < p.n; ++i)
    // CHECK-DAG: [[@LINE-1]]:19 rule=uniform-branch construct=for class=block-uniform {{.*}} kernels=const_params
    p.x[i] += 1.f;
}
__global__ void const_params(__grid_constant__ const Params params) { body(params); }

__device__ void body2(const Params &p) {
  View v{p.x, 3};
  deep<20>(v);
  for (int i = 0; i < p.n; ++i)
    // CHECK-DAG: [[@LINE-1]]:19 rule=divergent-branch construct=for class=lane-varying {{.*}} kernels=mutable_params
    p.x[i] += 1.f;
}
__global__ void mutable_params(Params params) {
  Params *self = &params;
  body2(*self);
}

void launch(Params p) {
  const_params<<<4, 128>>>(p);
  mutable_params<<<4, 128>>>(p);
}
