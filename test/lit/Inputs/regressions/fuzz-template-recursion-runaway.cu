// Found by the fuzzer (a mutation of recursion.cu, timeout): the base case of the template
// recursion does not parse (`__mevice__`), so t<12> instantiates t<11>, t<10>, ... down to
// clang's depth limit, each calling the next twice with new arguments. Every instantiation the
// kernel's call budget leaves unanalyzed became a root with a budget of its own: ~10^6 call
// analyses. A budget per translation unit bounds it.
template <int N> __device__ int t(int x) { return x > N ? t<N - 1>(x - 1) + t<N - 1>(x + 1) : x; }
template <> __mevice__ int t<0>(int x) { return x; }
__global__ void kernel(int *o, int n) {
  int i = threadIdx.x;
  if (t<12>(i)) o[i] = 5;
}
