// RUN: not %divlint --block-dim=64 %s 2>&1 | FileCheck %s
// RUN: env DIVLINT_PHASE_TIMES=1 not %divlint --no-cache --block-dim=64 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMES
// The severity witness (SeverityWitness.cpp) of a function analyzed without a caller gets no more
// contexts than the unit's budget had left. Here the 17 instances of `fan` use up the unit's 16,384
// contexts, so `late` and `alone` have every call cut (`ident` is not analyzed in their context).
// The kernel's witness still analyzes `ident` (its own budget): the barrier error stands. The
// function without a caller keeps its warning (the threads' indices show the split), but its
// witness analyzes nothing: before, it analyzed the call tree the unit's budget had cut (on a
// flash-attention unit, 89 such witnesses cost more than all the analyses of their functions).

__device__ int ident(int x) { return x; }

__device__ int f0(int x) { return x & 7; }
__device__ int f1(int x) { return f0(x + 1) + f0(x * 3); }
__device__ int f2(int x) { return f1(x + 1) + f1(x * 3); }
__device__ int f3(int x) { return f2(x + 1) + f2(x * 3); }
__device__ int f4(int x) { return f3(x + 1) + f3(x * 3); }
__device__ int f5(int x) { return f4(x + 1) + f4(x * 3); }
__device__ int f6(int x) { return f5(x + 1) + f5(x * 3); }
__device__ int f7(int x) { return f6(x + 1) + f6(x * 3); }
__device__ int f8(int x) { return f7(x + 1) + f7(x * 3); }
__device__ int f9(int x) { return f8(x + 1) + f8(x * 3); }
__device__ int f10(int x) { return f9(x + 1) + f9(x * 3); }
__device__ int f11(int x) { return f10(x + 1) + f10(x * 3); }

template <int K> __global__ void fan(int *out) { out[threadIdx.x] = f11(threadIdx.x + K); }

__global__ void late(int *out) {
  int v = ident(threadIdx.x + 100);
  if (v < 105)
    __syncthreads();
  out[threadIdx.x] = v;
}

__device__ void alone(int *out) {
  int v = ident(threadIdx.x + 300);
  if (threadIdx.x % 2 == 0)
    for (int j = 0; j < 640; ++j)
      out[j] += j * v;
}

int main() {
  fan<1><<<1, 64>>>(0); fan<2><<<1, 64>>>(0); fan<3><<<1, 64>>>(0); fan<4><<<1, 64>>>(0);
  fan<5><<<1, 64>>>(0); fan<6><<<1, 64>>>(0); fan<7><<<1, 64>>>(0); fan<8><<<1, 64>>>(0);
  fan<9><<<1, 64>>>(0); fan<10><<<1, 64>>>(0); fan<11><<<1, 64>>>(0); fan<12><<<1, 64>>>(0);
  fan<13><<<1, 64>>>(0); fan<14><<<1, 64>>>(0); fan<15><<<1, 64>>>(0); fan<16><<<1, 64>>>(0);
  fan<17><<<1, 64>>>(0);
  late<<<1, 64>>>(0);
}

// CHECK: witness-unit-budget.cu:31:5: error: barrier '__syncthreads()' is reached under a lane-varying condition 'v < 105' (line 30)
// CHECK: witness-unit-budget.cu:37:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying (every-warp
// TIMES: analyses; {{.*}} witness {{[0-9.]+}} s in 1;
