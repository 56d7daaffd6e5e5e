// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// What a reference parameter reaches, when no pointer of the caller's may reach it (a tracked
// local, an object whose address nothing took) and the callee takes its address nowhere, is
// out of reach of a pointer of unknown origin in the callee. CUTLASS's `Kernel<Op>` passes its
// by-value `Params` to `op(params, shared_storage)` by const reference; the GEMM stores
// lane-varying values through iterators whose pointers it loaded from memory, and
// `params.grid_tiled_shape.m()` was called lane-varying. A store through a pointer that does
// hold the object's address, or through another reference to it, still reaches it.
struct Shape {
  int idx[3];
  __device__ int const &m() const { return idx[0]; }
};
struct Params {
  Shape grid;
  float **tiles; // pointers the kernel loads: of unknown origin
};
struct Storage {
  float a[128];
};

__device__ void mainloop(Params const &params, Storage &storage, int *out) {
  float *tile = params.tiles[blockIdx.x];
  tile[threadIdx.x] = storage.a[threadIdx.x]; // a lane-varying store through a loaded pointer
  if (params.grid.m() <= 4) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

// The callee takes the address of what it was given and stores through it.
__device__ void leaks(Params const &params, Storage &storage, int *out) {
  Shape *s = const_cast<Shape *>(&params.grid);
  s->idx[0] = threadIdx.x;
  if (params.grid.m() <= 4) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// Two references to one object: a store through one reaches what the other reads.
__device__ void aliased(Shape &a, Shape const &b, int *out) {
  a.idx[0] = threadIdx.x;
  if (b.m() <= 4) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

// The caller keeps the object's address in memory the callee loads it from.
struct Holder {
  Shape *shape;
};
__device__ void through_memory(Shape const &s, Holder *const *h, int *out) {
  (*h)->shape->idx[0] = threadIdx.x;
  if (s.m() <= 4) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

__global__ void kernel(Params params, int *out) {
  extern __shared__ float smem[];
  Storage *storage = reinterpret_cast<Storage *>(smem);
  mainloop(params, *storage, out);
  Params copy = params;
  leaks(copy, *storage, out);
  Shape shape{{1, 2, 3}};
  aliased(shape, shape, out);
  Shape exposed{{1, 2, 3}};
  Holder holder{&exposed};
  Holder *hp = &holder;
  through_memory(exposed, &hp, out);
}

int main() { kernel<<<4, 128, 512>>>(Params{}, nullptr); }
