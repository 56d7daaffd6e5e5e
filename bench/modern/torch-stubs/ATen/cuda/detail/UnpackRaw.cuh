// divlint bench stub (not PyTorch's header): seed and offset of a state, the same in every thread.
#pragma once
#include <ATen/cuda/PhiloxCudaState.h>
#include <cuda/std/tuple>
#include <tuple>
namespace at::cuda::philox {
__host__ __device__ inline std::tuple<uint64_t, uint64_t> unpack(at::PhiloxCudaState arg) {
  return std::tuple<uint64_t, uint64_t>(arg.seed_, arg.offset_);
}
} // namespace at::cuda::philox
