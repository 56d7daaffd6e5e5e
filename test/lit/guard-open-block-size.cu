// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A branch that at most one lane of each warp reaches cannot split its warp. That was decided by
// trying the guard in the shapes the launch allows; where the launch leaves the block's size
// open, those shapes are a sample, and a guard on the size itself (`blockDim.x == 4`) was false
// in every one of them: no lane passed, and `v % 7 == 0` below was called warp-uniform. It
// diverged on an H100 with the launch's 4x8x2 block (generator seed 24). A guard's conditions
// on a size the launch leaves open keep no lane out now; the linear thread id still does.

__global__ void open_size(float *out, int p) {
  int lin = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  int v = lin ^ 5;
  if ((int)blockDim.x != 4 || (v % 7 == 0 && p > 2))
    out[0] = 1.0f;
  // CHECK-DAG: [[@LINE-2]]:32 rule=divergent-branch construct=&& class=lane-varying
  if (blockDim.y == 3) {
    if (v > 9)
      out[1] = 2.0f;
    // CHECK-DAG: [[@LINE-2]]:9 rule=divergent-branch construct=if class=lane-varying
  }
  // One lane of every block, whatever its sizes: no warp splits.
  if (lin == 0 && blockDim.x == 4) {
    if (v > 9)
      out[2] = 3.0f;
    // CHECK-DAG: [[@LINE-2]]:9 rule=uniform-branch construct=if class=warp-uniform
  }
}

// The same guard with the size known: the launch's 4x8x2 block passes every lane.
__global__ void known_size(float *out, int p) {
  int lin = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  int v = lin ^ 5;
  if ((int)blockDim.x != 4 || (v % 7 == 0 && p > 2))
    out[0] = 1.0f;
  // CHECK-DAG: [[@LINE-2]]:32 rule=divergent-branch construct=&& class=lane-varying
}

static unsigned runtime(unsigned v) { return v; }

int main() {
  dim3 grid(runtime(1)), block(runtime(4), runtime(8), runtime(2));
  open_size<<<grid, block>>>(nullptr, 7);
  known_size<<<1, dim3(4, 8, 2)>>>(nullptr, 7);
}
