// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Rows that end inside a warp. A block whose x is known but not a multiple of 32 and whose y or
// z is not (a launch `dim3 b(40, rt(4), rt(1))`, or `blockDim.x == 40` asserted) puts the end
// of one row and the start of the next in one warp: warp 1 of a 40x4 block holds x = 32..39 and
// x = 0..23, so `threadIdx.x / 32` differs inside it. A lane's x is its linear id mod 40 in every
// such layout, so conditions on x alone are still decided exactly; conditions on the indices the
// launch leaves open are not proved. Generator seed 15 found the warp role below predicted
// warp-uniform and diverging on an H100 (bench/README.md). A launch that fixes no dimension
// allows 40x4 blocks too: its warp role is not proved either (it was, by the one-dimensional
// default, until generator seed 16 measured `ix == 1` diverge in a rt(3) x rt(7) x rt(5) block).
// CHECK: errors=0

int rt(int v);

__global__ void launched40(int *out) {
  if ((threadIdx.x / 32) % 2 == 1) // the warp role of a one-dimensional block
    out[0] = 1;
  if (threadIdx.x / 64 == 0) // x < 40 in every layout
    out[1] = 1;
  if (threadIdx.y == 1) // rows share warps, and their number is open
    out[2] = 1;
  if (blockDim.x > 32) // the launch fixes it
    out[3] = 1;
}

__global__ void asserted40(int *out) {
  if (blockDim.x != 40)
    __trap();
  if ((threadIdx.x / 32) % 2 == 1)
    out[0] = 1;
  if (threadIdx.x < 40)
    out[1] = 1;
}

__global__ void launchedY4(int *out) {
  if (threadIdx.x / 32 == 1) // x's extent is open: rows of any width, four of them
    out[0] = 1;
  if ((threadIdx.x + threadIdx.y * blockDim.x) / 32 == 1) // the linear id: z is 1
    out[1] = 1;
}

__global__ void unknown(int *out) {
  if (threadIdx.x / 32 == 1) // no dimension known: 40x4 splits warp 1 (x = 32..39, 0..23)
    out[0] = 1;
}

int main() {
  int *out = nullptr;
  launched40<<<rt(4), dim3(40, rt(4), rt(1))>>>(out);
  launchedY4<<<rt(4), dim3(rt(40), 4, 1)>>>(out);
  dim3 b(rt(40), rt(4), rt(1));
  unknown<<<rt(4), b>>>(out);
  return 0;
}

// CHECK: 16:7 rule=divergent-branch construct=if class=lane-varying
// CHECK: 18:7 rule=uniform-branch construct=if class=block-uniform
// CHECK: 20:7 rule=divergent-branch construct=if class=lane-varying
// CHECK: 22:7 rule=uniform-branch construct=if class=block-uniform
// CHECK: 29:7 rule=divergent-branch construct=if class=lane-varying
// CHECK: 31:7 rule=uniform-branch construct=if class=block-uniform
// CHECK: 36:7 rule=divergent-branch construct=if class=lane-varying
// CHECK: 38:7 rule=uniform-branch construct=if class=warp-uniform
// CHECK: 43:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=None split=None severity=note {{.*}}assumes=block shape ?x?x? (the launch's block shape is not constant): thread indices the launch leaves open are not proved
