// RUN: %divlint --block-dim=64 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A method reads its object's fields through `this`, a function an object's through a
// reference parameter. What a lane reads there is what the field holds and which object the
// lane was given: the caller says both (PrivateReach's contents and place).
//
// Before, a read through a reference parameter bound to `arr[tid % 4]` took the elements'
// contents only: each holds a uniform value, but not the same one, and `readField` and
// `readGet` below were block-uniform, and `r.get()` with `In &r = arr[tid % 4]` too
// (soundness). And a method called on a member of the object took the class of everything the
// object held for each of its fields: CUTLASS's predicated tile iterator stores the thread's
// offset into one member of `the_predicates`, and `extent_[0]` in `set` was lane-varying
// (precision; `residue_size` and `is_residue_tile_` in CUTLASS 2.x GEMMs).

struct In {
  int v;
  __device__ int get() const { return v; }
  __device__ void set(int a) { v = a; }
};

__device__ int readField(In &r) { return r.v; }
__device__ int readGet(In &r) { return r.get(); }

__global__ void lanes_pick_the_object(int *out) {
  In arr[4];
  for (int i = 0; i < 4; ++i)
    arr[i].set(i * 10); // uniform values, one per element
  if (readField(arr[threadIdx.x % 4]) > 15) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (readGet(arr[threadIdx.x % 4]) > 15) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  In &r = arr[threadIdx.x % 4];
  if (r.get() > 15) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (arr[threadIdx.x % 4].get() > 15) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (readGet(arr[2]) > 15) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  // A field read through a local reference bound to an element (generator seed 25, on an
  // H100: 11 branches predicted uniform diverged, each reading `r.v` after `Cell &r =
  // cells[e % 4]`; wrong since local references to memory were read as its contents).
  In &q = arr[threadIdx.x % 4];
  if (q.v > 15) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  In &two = arr[2];
  if (two.v > 15) out[6] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

struct Coord {
  int idx[2];
  __device__ Coord(int a = 0, int b = 0) { idx[0] = a; idx[1] = b; }
  __device__ int const &operator[](int d) const { return idx[d]; }
};

struct Predicates {
  Coord extent_, thread_offset_;
  __device__ Predicates(Coord e) : extent_(e) {}
  __device__ void set(int tid) {
    int residue = extent_[0] % 32;
    if (!residue)
      // CHECK-DAG: [[@LINE-1]]:9 rule=uniform-branch construct=if class=block-uniform
      residue = 32;
    thread_offset_ = Coord(tid % 8 + residue, tid / 8);
  }
};

struct Iterator {
  Predicates the_predicates;
  bool is_residue_tile_;
  __device__ Iterator(Coord extent, int tid) : the_predicates(extent), is_residue_tile_(true) {
    the_predicates.set(tid);
  }
  __device__ int advance() {
    int step = 1;
    if (is_residue_tile_)
      // CHECK-DAG: [[@LINE-1]]:9 rule=uniform-branch construct=if class=block-uniform
      step = the_predicates.thread_offset_[0];
    is_residue_tile_ = false;
    return step;
  }
};

__global__ void member_of_the_object(int m, int n, int *out) {
  Iterator it(Coord(m, n), threadIdx.x);
  out[threadIdx.x] = it.advance() + it.advance();
}
