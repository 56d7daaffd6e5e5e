// RUN: %divlint --report-all --block-dim=64 --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A loop whose trip count differs between lanes: what a call in it stored through a reference
// to a local differs between lanes after the loop, even when each store was uniform among
// the lanes that made it (`st.b` is 2 per trip). Found by the generator on an H100 when struct
// fields assigned before the loop were kept apart from the struct the call was given.
// CHECK: errors=0

struct S2 { int a; int b; };
__device__ void step(S2 &s) { s.a -= 1; s.b += 2; }
__global__ void k(float *out) {
  S2 st;
  st.a = (int)((unsigned)(threadIdx.x ^ 5) % 6u);
  st.b = 0;
  while (st.a > 0)
    step(st);
  if ((st.b & 8) != 0)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[0] = 1.f;
  S2 u;
  u.a = (int)((unsigned)(threadIdx.x ^ 5) % 6u);
  u.b = 0;
  for (int t = 0; t < u.a; ++t)
    step(u);
  if (u.b > 4)
    // CHECK-DAG: [[@LINE-1]]:7 rule=divergent-branch construct=if class=lane-varying
    out[1] = 1.f;
}
