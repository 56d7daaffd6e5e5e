// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// RUN: %divlint --report-all %s 2>&1 | FileCheck --check-prefix=TEXT %s
// Reproducers of soundness bugs the random-kernel generator found on an H100 (seed 3,
// bench/generator/objects.py): branches predicted uniform whose warps diverged.
// CHECK: errors=0

struct G {
  int a; int b;
  __device__ int &second() { return b; }
};
struct A4 {
  int d[4]; int n;
  __device__ int &operator[](unsigned i) { return d[i % 4u]; }
};

// A store through a reference a call returns may replace the field it names: `b` held
// `tid / 32` (one value per warp) and then `i % 33`. The store's class equals the old value's,
// but the old expression must not survive it: the lane enumeration would evaluate it.
__global__ void reference_getter(float *out) {
  const int i = blockIdx.x * 32 + threadIdx.x;
  G g{(int)blockDim.x, (int)(threadIdx.x / 32)};
  g.second() = i % 33;
  if (g.b == 10)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[i] = 1.f;
  if (g.a > 64)
    // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[i] = 2.f;
}

// A uniform value stored at a lane-varying index (through operator[]) leaves the array
// lane-varying: lanes wrote different elements. The other field stays uniform.
__global__ void subscript_operator(float *out, int p) {
  A4 a;
  a.n = p;
  for (unsigned j = 0; j < 4u; ++j)
    a[j] = p;
  a[(unsigned)threadIdx.x] = p + 1;
  if (a[1u] > 3)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[threadIdx.x] = 1.f;
  if (a.n > 3)
    // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[threadIdx.x] = 2.f;
}

// Launched with a shape divlint cannot evaluate: the block's rows may end inside a warp
// (6x5x3 puts z = 1 and z = 2 in one warp), so no test of threadIdx.y or z is uniform. The
// numbers are those of the sampled layout where most warps split (1x1x1024), and say so; a
// note, since the launch's own layout may split no warp (256x1x1 has z = 0 only).
__global__ void runtime_shape(float *out) {
  if ((threadIdx.z & 2) != 0)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying extent=every-warp warps=32/32 split=16/32 severity=note {{.*}}shape=1024x1x1, 1x1x1024, {{.*}} assumes=block shape ?x?x? (the launch's block shape is not constant): thread indices the launch leaves open are not proved; set the block dim option | warps and lanes computed for block shape 1x1x1024 (the worst of the shapes
    out[threadIdx.x] = 1.f;
  // TEXT: :[[@LINE-3]]:7: note: 'if' condition '(threadIdx.z & 2) != 0' is lane-varying (every-warp, 32/32 warps diverge, 16/32 lanes true, for some values of the block's layout (no launch fixes it)); predicted efficiency 50%, region slowdown 2.00x [divlint-divergent-branch]
  if (blockDim.z > 1)
    // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
    out[threadIdx.x] = 2.f;
}
// A barrier under such a condition is a warning, not an error: whether the threads part
// depends on the layout.
__global__ void runtime_shape_barrier(float *out) {
  if ((threadIdx.z & 2) != 0)
    __syncthreads();
  // CHECK-DAG: [[@LINE-1]]:5 rule=barrier-divergence construct=call class=lane-varying {{.*}}severity=warning function=runtime_shape_barrier
  out[threadIdx.x] = 1.f;
}
unsigned rt(unsigned v);
void launch(float *o, unsigned x) {
  reference_getter<<<53, 32>>>(o);
  subscript_operator<<<4, 64>>>(o, 7);
  dim3 b(rt(6), rt(5), rt(3));
  runtime_shape<<<1, b>>>(o);
  runtime_shape_barrier<<<1, b>>>(o);
}
