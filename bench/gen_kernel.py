#!/usr/bin/env python3
"""Generates a CUDA file of about N statements: kernels with branches, loops and device calls.

usage: gen_kernel.py N > big.cu   (N statements split into kernels of 500 statements)
"""
import sys

n = int(sys.argv[1])
per_kernel = 500
print("__device__ int helper(int v, int w) { if (v > w) return v - w; return w - v; }")
k = 0
emitted = 0
while emitted < n:
    print(f"__global__ void k{k}(const float *x, float *y, int n) {{")
    print("  int t = threadIdx.x; int i = blockIdx.x * blockDim.x + t; float a = 0.f;")
    for s in range(min(per_kernel, n - emitted)):
        m = s % 5
        if m == 0:
            print(f"  if (t % {s % 7 + 2} == 0) a += x[i + {s}]; else a -= 1.f;")
        elif m == 1:
            print(f"  for (int j = 0; j < {s % 9 + 1}; ++j) a += x[j + {s}];")
        elif m == 2:
            print(f"  if (helper(t, {s}) > {s % 13}) a *= 1.5f;")
        elif m == 3:
            print(f"  if (i < n && x[i] > {s}.f) a += 2.f;")
        else:
            print(f"  a = a * 0.5f + x[(i + {s}) % 1024];")
    emitted += min(per_kernel, n - emitted)
    print("  if (i < n) y[i] = a;\n}")
    k += 1
