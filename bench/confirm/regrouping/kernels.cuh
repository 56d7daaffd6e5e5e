// Shared by the regrouping kernels: a register-only chain long enough that the branch region,
// not memory, decides the kernel's time (so the remap's change of access order stays small).
#pragma once
__device__ __forceinline__ float heavy(float x) {
  for (int k = 0; k < 4096; ++k)
    x = x * 0.9999f + 0.25f;
  return x;
}
