// divlint_cuda_compat.h: included (-include) after clang's CUDA wrapper when divlint parses with a
// real CUDA installation. It closes the gaps between what nvcc accepts and what clang's device
// parse of the same headers declares, so that real-world sources parse. Declarations only:
// divlint treats body-less functions by its intrinsic table, or as lane-varying (sound).
#pragma once
#pragma clang system_header

// nvcc's cuda_runtime.h includes these (crt/common_functions.h); clang's wrapper does not, and
// sources rely on them for assert(), printf(), clock_t, memcpy() and placement new.
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <new>

// Cache-hinted loads and stores of sm_32_intrinsics.h that __clang_cuda_intrinsics.h lacks
// (clang defines __ldcg, __ldcs, __ldcv and __stwt only). The value parameter is not deduced,
// so `__stcs(float_ptr, 1.0)` converts like nvcc's non-template overloads.
template <class T> struct __divlint_nondeduced { typedef T type; };
template <class T> __device__ T __ldca(const T *ptr);
template <class T> __device__ T __ldlu(const T *ptr);
template <class T> __device__ void __stcg(T *ptr, typename __divlint_nondeduced<T>::type value);
template <class T> __device__ void __stcs(T *ptr, typename __divlint_nondeduced<T>::type value);
template <class T> __device__ void __stwb(T *ptr, typename __divlint_nondeduced<T>::type value);

// CUDA 12.8's scoped atomics (__nv_atomic_*): declared with the built-in prelude's.
#include "divlint_nv_atomics.h"

#if defined(CUDART_VERSION) && CUDART_VERSION >= 12000
// Texture references (removed in CUDA 12.0): enough to parse kernels that read through them.
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
};
template <class T, int Dim = 1, enum cudaTextureReadMode Mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {};
template <class T, int D, enum cudaTextureReadMode M>
__device__ T tex1Dfetch(texture<T, D, M> t, int x);
template <class T, int D, enum cudaTextureReadMode M>
__device__ T tex1D(texture<T, D, M> t, float x);
template <class T, int D, enum cudaTextureReadMode M>
__device__ T tex2D(texture<T, D, M> t, float x, float y);
template <class T, int D, enum cudaTextureReadMode M>
__device__ T tex3D(texture<T, D, M> t, float x, float y, float z);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture(size_t *offset, const texture<T, D, M> &tex, const void *ptr,
                            size_t size = ~(size_t)0);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture(size_t *offset, const texture<T, D, M> &tex, const void *ptr,
                            const struct cudaChannelFormatDesc &desc, size_t size = ~(size_t)0);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, D, M> &tex, const void *ptr,
                              size_t width, size_t height, size_t pitch);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, D, M> &tex, const void *ptr,
                              const struct cudaChannelFormatDesc &desc, size_t width,
                              size_t height, size_t pitch);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTextureToArray(const texture<T, D, M> &tex, cudaArray_const_t array);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTextureToArray(const texture<T, D, M> &tex, cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc &desc);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaUnbindTexture(const texture<T, D, M> &tex);
// The C forms, through a textureReference pointer (`cudaBindTexture(0, &tex, ...)`).
extern "C" cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *tex,
                                       const void *ptr, const struct cudaChannelFormatDesc *desc,
                                       size_t size = ~(size_t)0);
extern "C" cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *tex,
                                         const void *ptr,
                                         const struct cudaChannelFormatDesc *desc, size_t width,
                                         size_t height, size_t pitch);
extern "C" cudaError_t cudaBindTextureToArray(const struct textureReference *tex,
                                              cudaArray_const_t array,
                                              const struct cudaChannelFormatDesc *desc);
extern "C" cudaError_t cudaUnbindTexture(const struct textureReference *tex);
extern "C" cudaError_t cudaGetTextureReference(const struct textureReference **tex,
                                               const void *symbol);
#endif

#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000
// Runtime API removed in CUDA 13.0 (host side; still common in older sources).
extern "C" cudaError_t cudaThreadSynchronize(void);
extern "C" cudaError_t cudaThreadExit(void);
extern "C" cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
extern "C" cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
extern "C" cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config);
extern "C" cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config);
// The CUDA 12 forms that take a device ordinal instead of a cudaMemLocation.
cudaError_t cudaMemAdvise(const void *ptr, size_t count, enum cudaMemoryAdvise advice, int device);
cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, int device,
                                 cudaStream_t stream = 0);
#endif
