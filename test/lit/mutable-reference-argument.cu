// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A local bound to a callee's mutable reference parameter stays a tracked local when the
// callee's body takes the address of that reference nowhere (nor passes it on by mutable
// reference, nor binds it to a reference member, nor lets a lambda capture it): what the callee
// stores through it comes back in its summary. Before, every such local was memory whose address
// a pointer of unknown origin might hold, and a lane-varying store through a pointer loaded from
// memory made it lane-varying: CUTLASS's mainloops pass their tile iterators to `prologue(
// iterator_A, ...)` by reference, and `if (is_residue_tile_)` was a (false) warning.
struct Iter {
  float *ptr;
  bool residue;
  __device__ void advance() {
    ptr += 32;
    residue = false;
  }
};
struct Holder {
  Iter *kept;
};

__device__ void prologue(Iter &it, float *const *tiles) {
  float *t = tiles[blockIdx.x];
  t[threadIdx.x] = it.ptr[threadIdx.x]; // through a pointer loaded from memory
  it.advance();
}
// Keeps the address, directly or by passing the reference on, or in a reference member.
__device__ void keep(Iter &it, Holder &h) { h.kept = &it; }
__device__ void pass_on(Iter &it, Holder &h) { keep(it, h); }
struct RefWrap {
  Iter &r;
};
__device__ void wrap(Iter &it) {
  RefWrap w{it};
  w.r.residue = threadIdx.x & 1;
}

__global__ void kernel(float *const *tiles, float *data, Holder *holders) {
  Iter it{data, true};
  prologue(it, tiles);
  float *t = tiles[gridDim.x];
  t[threadIdx.x] = 1.0f;
  if (it.residue) data[0] = 1.0f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform

  Iter kept{data, true};
  Holder h{nullptr};
  pass_on(kept, h);
  h.kept->residue = threadIdx.x & 1;
  if (kept.residue) data[1] = 1.0f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying

  Iter wrapped{data, true};
  wrap(wrapped);
  if (wrapped.residue) data[2] = 1.0f;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}


// A pointer variable bound to a mutable reference stays memory: the callee may point it at
// another local of the caller's, and a store through it then reaches that local.
__device__ void point_at(int *&p, int &target) { p = &target; }
__global__ void pointer_kernel(int *out) {
  int x = 1;
  int *p = out;
  point_at(p, x);
  *p = threadIdx.x;
  if (x > 0) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

int main() {
  kernel<<<4, 128>>>(nullptr, nullptr, nullptr);
  pointer_kernel<<<4, 128>>>(nullptr);
}
