// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A call under divergent control (a grid-stride loop's body) stores in the lanes that make it:
// what it stored differs between lanes afterwards, what it did not store stays as it was. A
// functor whose call advances its generator state keeps its uniform parameters uniform, around
// the loop too (struct values are joined field by field). A call that stores a uniform value
// into the whole object under divergent control leaves all of it lane-varying.
// CHECK: errors=0

struct State { unsigned d; unsigned v[5]; };
__device__ void seed(unsigned long long s, unsigned long long sub, State *st) {
  st->d = s + sub;
  for (int i = 0; i < 5; ++i)
    st->v[i] = st->d * i;
}
__device__ float next(State *st) {
  st->d += 362437;
  st->v[st->d % 5] ^= st->d;
  return (float)st->d;
}
struct Func {
  struct Params { unsigned long long seed; int scale; };
  Params params;
  State state;
  __device__ Func(Params const &p) : params(p) {
    seed(params.seed, threadIdx.x + blockIdx.x * blockDim.x, &state);
  }
  __device__ float operator()() {
    float r = next(&state);
    if (params.scale >= 0) {
      // CHECK-DAG: [[@LINE-1]]:9 rule=uniform-branch construct=if class=block-uniform
      r = r * 2.f + 1.f;
      r = r * r;
    } else {
      r = r - 1.f;
      r = r * 3.f;
    }
    return r;
  }
};
__global__ void fill(float *ptr, size_t cap, Func::Params p) {
  Func func(p);
  for (size_t i = threadIdx.x + blockIdx.x * blockDim.x; i < cap; i += blockDim.x * gridDim.x)
    ptr[i] = func();
}

struct Pair { int a; int b; };
__device__ void reset(Pair *q, int v) { *q = Pair{v, v}; }
__global__ void whole(float *out, int n) {
  Pair q{n, n};
  if (threadIdx.x < 40)
    reset(&q, 7);
  if (q.a > 3)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[threadIdx.x] = 1.f;
}
void launch(float *p, size_t n, Func::Params q) {
  fill<<<8, 128>>>(p, n, q);
  whole<<<8, 128>>>(p, 3);
}
