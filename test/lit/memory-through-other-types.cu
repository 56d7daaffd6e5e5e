// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Memory written through another type than the one it is read as (generator seed 22,
// bench/generator/punning.py). Before, every branch checked lane-varying below but the last two
// (memset's, __builtin_add_overflow's) was reported block-uniform:
//  - a union's members were kept as separate fields of a tracked local, so `u.f = x` left
//    `u.i` as it was; a local that holds a union is now memory, where a member's store lands in
//    the union as a whole;
//  - `memcpy` (clang's device wrapper calls `__builtin_memcpy`, which the intrinsic table took
//    for pure arithmetic) stored nothing; the C library's copies now store what their source
//    holds, sets the value they are given, through any pointer.
// (The C library's names through clang's CUDA headers: memcpy-through-cuda-headers.cu.)

union Bits {
  int i;
  float f;
  unsigned u;
};
struct WithAnonymous {
  union {
    int i;
    float f;
  };
  int k;
};
struct Pair {
  int a, b;
};

__global__ void unions(int *out, int p) {
  Bits u;
  u.i = p;
  u.f = (float)(threadIdx.x % 9);
  if ((u.i & 1023) > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Bits last;
  last.f = (float)(threadIdx.x % 9);
  last.u = p; // stored after: every lane reads p's bits, but memory keeps both stores
  if (last.u > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  WithAnonymous w;
  w.i = p;
  w.k = p;
  w.f = (float)(threadIdx.x % 9);
  if (w.i > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  if (w.k > 3) out[3] = 1; // beside the union: its own place
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

__global__ void copies(int *out, int p) {
  int a[3] = {p, p, p};
  int x = threadIdx.x % 13;
  __builtin_memcpy(&a[1], &x, sizeof(int));
  if (a[1] > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Pair s{p, p}, t{p, (int)threadIdx.x};
  __builtin_memcpy(&s, &t, sizeof s);
  if (s.b > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int y = p;
  __builtin_memcpy_inline(&y, &x, sizeof(int));
  if (y > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int z = p;
  __builtin_memmove(&z, out + threadIdx.x, sizeof(int)); // from a lane's own address
  if (z > 3) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int m[2] = {p, p};
  __builtin_memset(m, threadIdx.x & 1, sizeof m);
  if (m[0] > 3) out[4] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int r = p;
  int *sum = &r;
  bool wrapped = __builtin_add_overflow((int)threadIdx.x, p, sum); // (was right before)
  out[8] = wrapped;
  if (r > 3) out[5] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  // Copies of what every lane holds alike stay uniform.
  int b[2] = {p, p};
  int c = p + 1;
  __builtin_memcpy(&b[0], &c, sizeof c);
  if (b[0] > 3) out[6] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
  int g = p;
  __builtin_memcpy(&g, out + blockIdx.x, sizeof g);
  if (g > 3) out[7] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

int main() {
  unions<<<4, 128>>>(nullptr, 1);
  copies<<<4, 128>>>(nullptr, 1);
}
