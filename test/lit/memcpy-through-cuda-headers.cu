// REQUIRES: cuda
// RUN: %divlint-cuda --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// `memcpy` and `memset` in device code, as nvcc accepts them: clang's CUDA headers define them
// as wrappers of `__builtin_memcpy` / `__builtin_memset`, which the intrinsic table took for
// pure arithmetic, so the copy stored nothing and each branch below was block-uniform.
#include <cstring>

struct Pair {
  int a, b;
};

__global__ void copies(int *out, int p) {
  int x = threadIdx.x % 13;
  int y = p;
  memcpy(&y, &x, sizeof(int));
  if (y > 3) out[0] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  Pair s{p, p}, t{p, (int)threadIdx.x};
  memcpy(&s, &t, sizeof s);
  if (s.b > 3) out[1] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int m[2] = {p, p};
  memset(m, threadIdx.x & 1, sizeof m);
  if (m[1] > 3) out[2] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
  int c = p + 1, z = p;
  memcpy(&z, &c, sizeof c); // every lane copies the same value
  if (z > 3) out[3] = 1;
  // CHECK-DAG: [[@LINE-1]]:7 rule=uniform-branch construct=if class=block-uniform
}

int main() { copies<<<4, 128>>>(nullptr, 1); }
