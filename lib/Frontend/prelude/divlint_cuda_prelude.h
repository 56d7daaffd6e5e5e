// divlint's built-in CUDA prelude: used only when no CUDA installation is found (or --no-cuda).
// It declares what device code commonly uses so that kernels parse and divlint can classify
// them. Bodies are omitted on purpose: divlint knows these functions from its intrinsic table.
#pragma once
#pragma clang system_header
#define __CUDA_ARCH__ 900
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __grid_constant__ __attribute__((grid_constant))
#define CUDART_VERSION 13000

typedef __SIZE_TYPE__ size_t;
typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
struct uint3 { unsigned int x, y, z; };
struct int2 { int x, y; };
struct int4 { int x, y, z, w; };
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
#include "__clang_cuda_builtin_vars.h"

extern "C" int cudaConfigureCall(dim3 grid, dim3 block, size_t shared = 0, cudaStream_t s = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0,
                                                 cudaStream_t s = 0);
// A launch in device code (dynamic parallelism, -fgpu-rdc) is a call of these.
extern "C" __device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
extern "C" __device__ cudaError_t cudaLaunchDevice(void *func, void *params, dim3 grid, dim3 block,
                                                   unsigned shared = 0, cudaStream_t s = 0);
extern "C" cudaError_t cudaMalloc(void **p, size_t n);
extern "C" cudaError_t cudaFree(void *p);
extern "C" cudaError_t cudaDeviceSynchronize(void);

// Barriers and warp-synchronous intrinsics.
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ __attribute__((noreturn)) void __trap(void);
__device__ __attribute__((noreturn)) void __brkpt(void);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ unsigned __ballot_sync(unsigned mask, int pred);
__device__ int __all_sync(unsigned mask, int pred);
__device__ int __any_sync(unsigned mask, int pred);
__device__ int __uni_sync(unsigned mask, int pred);
__device__ unsigned __activemask(void);
__device__ unsigned __match_any_sync(unsigned mask, int value);
__device__ unsigned __match_all_sync(unsigned mask, int value, int *pred);
__device__ unsigned __reduce_add_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_min_sync(unsigned mask, unsigned value);
__device__ unsigned __reduce_max_sync(unsigned mask, unsigned value);
template <class T> __device__ T __shfl_sync(unsigned mask, T var, int src, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned mask, T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned mask, T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned mask, T var, int lanes, int width = 32);
template <class T> __device__ T __ldg(const T *p);
__device__ long long clock64(void);
__device__ int clock(void);

// Atomics: each lane gets its own old value.
template <class T> __device__ T atomicAdd(T *address, T val);
template <class T> __device__ T atomicSub(T *address, T val);
template <class T> __device__ T atomicExch(T *address, T val);
template <class T> __device__ T atomicMin(T *address, T val);
template <class T> __device__ T atomicMax(T *address, T val);
template <class T> __device__ T atomicAnd(T *address, T val);
template <class T> __device__ T atomicOr(T *address, T val);
template <class T> __device__ T atomicXor(T *address, T val);
template <class T> __device__ T atomicCAS(T *address, T compare, T val);
__device__ unsigned atomicInc(unsigned *address, unsigned val);
__device__ unsigned atomicDec(unsigned *address, unsigned val);

// CUDA 12.8's scoped atomics (__nv_atomic_*): declared with divlint_cuda_compat.h.
#include "divlint_nv_atomics.h"

// Integer and float math.
__device__ int __popc(unsigned);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __ffs(int);
__device__ unsigned __brev(unsigned);
__device__ int __mul24(int, int);
__device__ unsigned __umul24(unsigned, unsigned);
__host__ __device__ int min(int, int);
__host__ __device__ int max(int, int);
__host__ __device__ unsigned min(unsigned, unsigned);
__host__ __device__ unsigned max(unsigned, unsigned);
__host__ __device__ float fminf(float, float);
__host__ __device__ float fmaxf(float, float);
__host__ __device__ float fabsf(float);
__host__ __device__ float sqrtf(float);
__host__ __device__ float rsqrtf(float);
__host__ __device__ float expf(float);
__host__ __device__ float __expf(float);
__host__ __device__ float logf(float);
__host__ __device__ float sinf(float);
__host__ __device__ float cosf(float);
__host__ __device__ float tanhf(float);
__host__ __device__ float powf(float, float);
__host__ __device__ float floorf(float);
__host__ __device__ float ceilf(float);
__host__ __device__ double sqrt(double);
__host__ __device__ double exp(double);
__host__ __device__ double fabs(double);
__host__ __device__ int abs(int);

// Cooperative groups: the handles and members divlint understands.
namespace cooperative_groups {
class thread_group {
public:
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ void sync() const;
};
class thread_block : public thread_group {
public:
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
  __device__ void sync() const;
};
class grid_group {
public:
  __device__ unsigned long long size() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long block_rank() const;
  __device__ bool is_valid() const;
  __device__ void sync() const;
};
class coalesced_group {
public:
  __device__ unsigned long long size() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned ballot(int pred) const;
  __device__ int any(int pred) const;
  __device__ int all(int pred) const;
  __device__ void sync() const;
};
template <unsigned Size, class Parent = void> class thread_block_tile {
public:
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long meta_group_rank() const;
  __device__ unsigned long long meta_group_size() const;
  __device__ unsigned ballot(int pred) const;
  __device__ int any(int pred) const;
  __device__ int all(int pred) const;
  template <class T> __device__ T shfl(T var, int src) const;
  template <class T> __device__ T shfl_down(T var, unsigned d) const;
  template <class T> __device__ T shfl_up(T var, unsigned d) const;
  template <class T> __device__ T shfl_xor(T var, unsigned m) const;
  __device__ void sync() const;
  template <class P> __device__ thread_block_tile(const thread_block_tile<Size, P> &);
  __device__ thread_block_tile();
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned Size, class Parent>
__device__ thread_block_tile<Size, Parent> tiled_partition(const Parent &parent);
__device__ thread_group tiled_partition(const thread_block &parent, unsigned size);
template <class Group> __device__ void sync(const Group &g);
template <class Group, class T, class Op> __device__ T reduce(const Group &g, T value, Op op);
template <class T> struct plus { __device__ T operator()(T a, T b) const; };
template <class T> struct greater { __device__ T operator()(T a, T b) const; };
} // namespace cooperative_groups
