// divlint_nv_atomics.h: CUDA 12.8's scoped atomics (nvcc builtins, unknown to clang), declared
// once for both of divlint's CUDA set-ups: divlint_cuda_compat.h (parsing with a real CUDA
// installation) and divlint_cuda_prelude.h (the built-in prelude) include it. lib/CMakeLists.txt
// pastes it in place of the prelude's #include when it compiles the prelude into divlint, so the
// built-in prelude stays one text (--print-prelude). Enough to parse, and named so that the
// intrinsic table treats them as atomics (loads as loads). The enumerations are
// crt/device_functions.h's, which clang's CUDA wrapper does not include.
#ifndef DIVLINT_NV_ATOMICS_H
#define DIVLINT_NV_ATOMICS_H
#pragma clang system_header
#if !__has_builtin(__nv_atomic_load_n) // clang may learn them one day
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};
template <class T> struct __divlint_nv_atomic_value { typedef T type; };
#define __DIVLINT_NV_ATOMIC_VALUE(T) typename __divlint_nv_atomic_value<T>::type
#define __DIVLINT_NV_SCOPE int __scope = __NV_THREAD_SCOPE_SYSTEM
template <class T> __device__ T __nv_atomic_load_n(const T *__ptr, int __order, __DIVLINT_NV_SCOPE);
template <class T> __device__ void __nv_atomic_load(const T *__ptr, T *__ret, int __order, __DIVLINT_NV_SCOPE);
template <class T> __device__ void __nv_atomic_store_n(T *__ptr, __DIVLINT_NV_ATOMIC_VALUE(T) __val, int __order, __DIVLINT_NV_SCOPE);
template <class T> __device__ void __nv_atomic_store(T *__ptr, T *__val, int __order, __DIVLINT_NV_SCOPE);
template <class T> __device__ T __nv_atomic_exchange_n(T *__ptr, __DIVLINT_NV_ATOMIC_VALUE(T) __val, int __order, __DIVLINT_NV_SCOPE);
template <class T> __device__ void __nv_atomic_exchange(T *__ptr, T *__val, T *__ret, int __order, __DIVLINT_NV_SCOPE);
template <class T> __device__ bool __nv_atomic_compare_exchange_n(T *__ptr, T *__expected, __DIVLINT_NV_ATOMIC_VALUE(T) __desired, bool __weak, int __success, int __failure, __DIVLINT_NV_SCOPE);
template <class T> __device__ bool __nv_atomic_compare_exchange(T *__ptr, T *__expected, T *__desired, bool __weak, int __success, int __failure, __DIVLINT_NV_SCOPE);
#define __DIVLINT_NV_FETCH(OP) template <class T> __device__ T __nv_atomic_fetch_##OP(T *__ptr, __DIVLINT_NV_ATOMIC_VALUE(T) __val, int __order, __DIVLINT_NV_SCOPE);
__DIVLINT_NV_FETCH(add) __DIVLINT_NV_FETCH(sub) __DIVLINT_NV_FETCH(and) __DIVLINT_NV_FETCH(or)
__DIVLINT_NV_FETCH(xor) __DIVLINT_NV_FETCH(min) __DIVLINT_NV_FETCH(max)
#undef __DIVLINT_NV_FETCH
#undef __DIVLINT_NV_SCOPE
#undef __DIVLINT_NV_ATOMIC_VALUE
__device__ void __nv_atomic_thread_fence(int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM);
#endif
#endif // DIVLINT_NV_ATOMICS_H
