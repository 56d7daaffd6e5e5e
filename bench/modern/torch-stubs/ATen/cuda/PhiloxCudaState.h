// divlint bench stub (not PyTorch's header): a random-number state passed by value to kernels.
#pragma once
#include <cstdint>
namespace at {
struct PhiloxCudaState {
  uint64_t seed_ = 0, offset_ = 0;
};
} // namespace at
