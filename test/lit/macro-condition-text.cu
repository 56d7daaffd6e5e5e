// RUN: %divlint --report-all %s 2>&1 | FileCheck %s
// A condition quotes as the user wrote it. One that is a macro's argument quotes as that
// argument: CUTLASS's `DISPATCH_BOOL(iter_key_start == 0, kIsFirst, ([&] { ... }))` quoted the
// whole invocation, its lambda of forty lines included, line breaks and all, in the message
// and the why-trace. One that the macro builds quotes as the invocation, and line breaks
// inside a quoted condition read as one space.

#define DISPATCH_BOOL(COND, NAME, F)                                                        \
  {                                                                                          \
    if (COND) {                                                                              \
      constexpr bool NAME = true;                                                            \
      F();                                                                                   \
    } else {                                                                                 \
      constexpr bool NAME = false;                                                           \
      F();                                                                                   \
    }                                                                                        \
  }
#define IS_EVEN(v) ((v) % 2 == 0)
#define BOTH_BELOW(a, b, n) ((a) < (n) && (b) < (n))

__global__ void k(float *a, int n) {
  int t = threadIdx.x;
  DISPATCH_BOOL(t < n, kIn, ([&] {
    a[t] = kIn ? 1.f : 2.f;
  }));
  // CHECK: macro-condition-text.cu:[[@LINE-3]]:3: note: 'if' condition 't < n' is lane-varying
  // CHECK: note: so 't < n' is lane-varying
  if (IS_EVEN(t))
    a[t] = 3.f;
  // CHECK: macro-condition-text.cu:[[@LINE-2]]:7: note: 'if' condition 'IS_EVEN(t)' is lane-varying
  // CHECK: note: so 'IS_EVEN(t)' is lane-varying
  if (t + 1 <
      n)
    a[t] = 4.f;
  // CHECK: macro-condition-text.cu:[[@LINE-3]]:7: note: 'if' condition 't + 1 < n' is lane-varying
  if (BOTH_BELOW(t, 2 * t, n))
    a[t] = 5.f;
  // A leaf that spans two arguments (`(a) < (n)`) is the macro's: the invocation. (Both leaves
  // are at the invocation's place: one finding.)
  // CHECK: macro-condition-text.cu:[[@LINE-4]]:7: note: '&&' condition 'BOTH_BELOW(t, 2 * t, n)' is lane-varying
  // CHECK: note: so 'BOTH_BELOW(t, 2 * t, n)' is lane-varying
}

void host(float *a, int n) { k<<<1, 128>>>(a, n); }
