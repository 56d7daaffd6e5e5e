// Launches every ops.cu kernel on one warp with ordinary operands (no denormals, no zero
// divisors), so that `ncu --metrics smsp__inst_executed.sum` counts the instructions one warp
// executes for each operation (run.sh).
#include "ops.cu"
#include <cstdio>
#include <vector>

// Operands: ordinary values, or (\p SlowA / \p SlowB, for the lanes of \p SlowLanes) values
// that take a slow path (denormals, zero, huge), to price that path.
template <typename T>
void launch(void (*Kernel)(const T *, const T *, T *), const char *Name, T SlowA = T(0),
            T SlowB = T(0), unsigned SlowLanes = 0) {
  const int N = 32;
  std::vector<T> A(N), B(N);
  for (int I = 0; I < N; ++I) {
    A[I] = T(1000 + 7919 * I % 100000);
    B[I] = T(3 + 13 * I % 997);
    if (SlowLanes >> I & 1) {
      A[I] = SlowA;
      B[I] = SlowB;
    }
  }
  T *DA, *DB, *DO;
  cudaMalloc(&DA, N * sizeof(T));
  cudaMalloc(&DB, N * sizeof(T));
  cudaMalloc(&DO, N * sizeof(T));
  cudaMemcpy(DA, A.data(), N * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(DB, B.data(), N * sizeof(T), cudaMemcpyHostToDevice);
  Kernel<<<1, N>>>(DA, DB, DO);
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s %s\n", Name, cudaGetErrorString(E));
  cudaFree(DA);
  cudaFree(DB);
  cudaFree(DO);
}

int main() {
#define L(NAME) launch(NAME, #NAME)
  L(baseline); L(div_u32); L(rem_u32); L(div_s32); L(rem_s32); L(div_s32_const7);
  L(rem_s32_const7); L(div_s32_const8); L(div_warpsize); L(rem_warpsize); L(div_u64);
  L(rem_u64); L(div_s64); L(div_f32); L(div_f32_const3); L(div_f64); L(sqrt_f32); L(sqrt_f64);
  L(rsqrt_f32); L(exp_f32); L(log_f32); L(sin_f32); L(fast_div_f32); L(cos_f32); L(tan_f32);
  L(tanh_f32); L(pow_f32); L(exp_f64); L(log_f64); L(sin_f64); L(floor_f32); L(fmin_f32);
  L(fabs_f32); L(fast_exp_f32); L(fast_log_f32); L(fast_sin_f32); L(popc_u32); L(clz_s32);
  L(mul24_s32); L(mulhi_s32);
  // Slow paths, on one lane (the warp runs them once whoever takes them).
  launch(div_f32, "div_f32/zero-dividend", 0.0f, 3.0f, 1u);
  launch(div_f32, "div_f32/denormal-divisor", 1.0f, 1e-39f, 1u);
  launch(div_f32, "div_f32/huge-dividend", 3e38f, 0.5f, 1u);
  launch(div_f64, "div_f64/denormal-divisor", 1.0, 1e-310, 1u);
  launch(sqrt_f32, "sqrt_f32/denormal", 1e-39f, 0.0f, 1u);
  launch(sin_f32, "sin_f32/huge", 1e30f, 0.0f, 1u);
  launch(div_u64, "div_u64/wide", uint64_t(1) << 40, uint64_t(3) << 33, 1u);
  launch(div_s64, "div_s64/wide", int64_t(1) << 40, int64_t(3) << 33, 1u);
  return 0;
}
