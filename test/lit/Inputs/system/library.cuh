// A library header that declares itself a system header (as CCCL's and libcu++'s do).
#pragma clang system_header

__device__ inline float library_pick(const float *p, unsigned i) {
  if (p[i] > 0.f) // data-dependent, in a system header: no finding
    return p[i];
  return 0.f;
}
