// Micro kernels whose SASS calibrates the cost model's price of operations nvcc expands into
// instruction sequences (bench/costs/README.md): each kernel applies one operation to loaded
// operands, against `baseline` (an add).
#include <cstdint>
#pragma nv_diag_suppress 177
#define K(NAME, T, EXPR)                                                                           \
  __global__ void NAME(const T *a, const T *b, T *o) {                                            \
    unsigned i = threadIdx.x;                                                                      \
    T x = a[i], y = b[i];                                                                          \
    o[i] = (EXPR);                                                                                 \
  }
K(baseline, int, x + y)
K(div_u32, unsigned, x / y)
K(rem_u32, unsigned, x % y)
K(div_s32, int, x / y)
K(rem_s32, int, x % y)
K(div_s32_const7, int, x / 7)
K(rem_s32_const7, int, x % 7)
K(div_s32_const8, int, x / 8)
K(div_warpsize, int, x / warpSize)
K(rem_warpsize, int, x % warpSize)
K(div_u64, uint64_t, x / y)
K(rem_u64, uint64_t, x % y)
K(div_s64, int64_t, x / y)
K(div_f32, float, x / y)
K(div_f32_const3, float, x / 3.0f)
K(div_f64, double, x / y)
K(sqrt_f32, float, sqrtf(x) + y)
K(sqrt_f64, double, sqrt(x) + y)
K(rsqrt_f32, float, rsqrtf(x) + y)
K(exp_f32, float, expf(x) + y)
K(log_f32, float, logf(x) + y)
K(sin_f32, float, sinf(x) + y)
K(fast_div_f32, float, __fdividef(x, y))
K(cos_f32, float, cosf(x) + y)
K(tan_f32, float, tanf(x) + y)
K(tanh_f32, float, tanhf(x) + y)
K(pow_f32, float, powf(x, y))
K(exp_f64, double, exp(x) + y)
K(log_f64, double, log(x) + y)
K(sin_f64, double, sin(x) + y)
K(floor_f32, float, floorf(x) + y)
K(fmin_f32, float, fminf(x, y))
K(fabs_f32, float, fabsf(x) + y)
K(fast_exp_f32, float, __expf(x) + y)
K(fast_log_f32, float, __logf(x) + y)
K(fast_sin_f32, float, __sinf(x) + y)
K(popc_u32, unsigned, __popc(x) + y)
K(clz_s32, int, __clz(x) + y)
K(mul24_s32, int, __mul24(x, y))
K(mulhi_s32, int, __mulhi(x, y))
