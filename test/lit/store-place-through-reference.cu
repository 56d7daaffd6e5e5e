// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Where a store lands matters as much as what it stores: each thread's own `arr`, lanes that
// write different elements leave `arr[0]` different between them. Through a reference the
// place is where the reference was bound, or the caller's argument:
//  - a local reference bound to an element a lane picks, and a callee's store through its
//    `S &` parameter into such an element, were block-uniform (a soundness bug, found by reading
//    the `this` case below): the caller now joins the place of each argument it passes by
//    reference, or calls a method on, into what the callee stored there, and a local
//    reference's place is its initializer's;
//  - `this`'s value is the object's, not its address: a method's store into a field of `*this`
//    was as lane-varying as the object's most lane-varying field (the shape of CUTLASS's tile
//    iterators: a per-thread pointer beside `is_residue_tile_`, which `add_tile_offset` tests
//    and then clears; CUTLASS's own `if (is_residue_tile_)` warning has a further cause).
struct S {
  int x;
  __device__ void set() { x = 1; }
  __device__ S &self() { return *this; }
};
__device__ void store_into(S &s) { s.x = 1; }

__global__ void element_by_lane(int *out) {
  S a[4] = {{0}, {0}, {0}, {0}};
  store_into(a[threadIdx.x % 4]);
  if (a[0].x) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  S b[4] = {{0}, {0}, {0}, {0}};
  S &r = b[threadIdx.x % 4];
  r.x = 1;
  if (b[0].x) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  S c[4] = {{0}, {0}, {0}, {0}};
  c[threadIdx.x % 4].set();
  if (c[0].x) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  S d[4] = {{0}, {0}, {0}, {0}};
  d[threadIdx.x % 4].self().x = 1; // the reference a method returns into its object
  if (d[0].x) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
}

__global__ void element_by_block(int *out) {
  S a[4] = {{0}, {0}, {0}, {0}};
  store_into(a[blockIdx.x % 4]);
  S &r = a[blockIdx.x % 4];
  r.x = 1;
  a[blockIdx.x % 4].set();
  a[blockIdx.x % 4].self().x = 1;
  if (a[0].x) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

// The iterator's own pointer differs per thread; its flag does not.
struct Iterator {
  const int *ptr;
  bool residue;
  __device__ void advance(int *out) {
    if (residue) out[1] = 1;
    // CHECK-DAG: [[@LINE-1]]:9 rule=uniform-branch construct=if class=block-uniform
    residue = false;
  }
};
__device__ void mainloop(Iterator &it, int *out) {
  it.advance(out);
  it.advance(out);
}

__global__ void iterate(const int *data, int *out) {
  Iterator it{data + threadIdx.x * 64, true};
  mainloop(it, out);
}

int main() {
  element_by_lane<<<4, 128>>>(nullptr);
  element_by_block<<<4, 128>>>(nullptr);
  iterate<<<4, 128>>>(nullptr, nullptr);
}
