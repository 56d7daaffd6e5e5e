// Found by the fuzzer (UBSan: reference binding to null pointer in CXXRecordDecl::data(), a
// segfault without sanitizers): a kernel parameter of a class type that is declared but never
// defined, which clang reports and keeps; the analysis asked the class without a definition
// whether it has mutable fields.
struct Opaque;
struct Later;

__global__ void k(Opaque s, int *out) {
  if (threadIdx.x < 3)
    out[threadIdx.x] = 1;
}

__global__ void k2(const Later l, int n, int *out) {
  if (n > 2)
    out[0] = 1;
}
