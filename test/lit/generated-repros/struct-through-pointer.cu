// RUN: %divlint --report-all --format=json %s | %python %S/../Inputs/json_fields.py | FileCheck %s
// Found by bench/generator (seed 1; g1_0000 lines 196, 359 and 395, g1_0116 line 394; each
// diverged on an H100). A helper that fills a thread's struct through a pointer, or reads one
// and stores through an out-pointer: the struct holds what was stored, whatever its address.
struct S2 { int a; int b; };
struct R2 { float o, d; };
__device__ void init(S2 *s, int a, int b) { s->a = a; s->b = b * 2; }
__device__ void hit(float *t, const R2 *r) {
  if (r->d > 3.f) *t = r->d;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

__global__ void k(float *out, int p) {
  int lin = threadIdx.x;
  S2 s;
  init(&s, lin * 3 + 1, p);
  if (s.a > 24) out[lin] = 1.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
  R2 ray;
  ray.o = 0.f;
  ray.d = (float)(lin / 3);
  float t = 0.f;
  hit(&t, &ray);
  if (t > 1.0f) out[lin] += 2.f;
  // CHECK-DAG: [[@LINE-1]]:7 {{.*}}class=lane-varying
}

int main() {
  float *out;
  cudaMalloc((void **)&out, 64 * sizeof(float));
  k<<<1, 64>>>(out, 3);
  cudaDeviceSynchronize();
  return 0;
}
