// A branchless select is the one rewrite that is a fix-it: check the note, the exact fixed text,
// and that the fixed file still compiles with nvcc.
// RUN: %divlint --block-dim=256 %s 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: cp %s %t.cu
// RUN: %divlint --block-dim=256 --fix %t.cu 2>&1 | FileCheck %s --check-prefix=APPLIED
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %if nvcc %{ nvcc -c -o %t.o %t.cu %}

__global__ void select(const float *x, float *y) {
  float v;
  if (threadIdx.x % 2 == 0)
    v = x[0] * 2.f;
  else
    v = x[1];
  int c = 0;
  if (threadIdx.x < 10) { c = 5; }
  if (threadIdx.x < 3)
    y[0] = 1.f; // a store: no fix-it
  y[threadIdx.x] = v + c;
}
// NOTE: fix-select.cu:11:7: note: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying {{.*}} nvcc likely predicates this (a select, no branch)
// NOTE: note: suggested rewrite: branchless select: assign 'v' with ?: (a select, no branch)
// NOTE: {{^}}      |   v = (threadIdx.x % 2 == 0) ? (x[0] * 2.f) : (x[1]);
// NOTE: note: suggested rewrite: branchless select: assign 'c' with ?: (a select, no branch)
// NOTE: {{^}}      |   c = (threadIdx.x < 10) ? (5) : (c);
// NOTE: fix-select.cu:17:7: note: 'if' condition 'threadIdx.x < 3'
// NOTE-NOT: branchless select
// APPLIED: divlint: note: applied fixes to {{.*}}.cu
// FIXED:      float v;
// FIXED-NEXT:   v = (threadIdx.x % 2 == 0) ? (x[0] * 2.f) : (x[1]);
// FIXED-NEXT:   int c = 0;
// FIXED-NEXT:   c = (threadIdx.x < 10) ? (5) : (c);
// FIXED-NEXT:   if (threadIdx.x < 3)
// FIXED-NEXT:     y[0] = 1.f; // a store: no fix-it
