// Recursive device functions: direct, doubly recursive, Ackermann, mutual, and template
// recursion. The analysis must terminate (recursion falls back to lane-varying).
__device__ int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
__device__ int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
__device__ int even(int n);
__device__ int odd(int n) { return n == 0 ? 0 : even(n - 1); }
__device__ int even(int n) { return n == 0 ? 1 : odd(n - 1); }
template <int N> __device__ int t(int x) { return x > N ? t<N - 1>(x - 1) + t<N - 1>(x + 1) : x; }
template <> __device__ int t<0>(int x) { return x; }
__device__ int fanout(int x, int d) { return d == 0 ? x : fanout(x + 1, d - 1) + fanout(x * 3, d - 1); }
__global__ void kernel(int *o, int n) {
  int i = threadIdx.x;
  if (fib(i) > 3) o[i] = 1;
  if (ack(n, i) > 3) o[i] = 2;
  if (even(i)) o[i] = 3;
  if (fib(n)) o[i] = 4;
  if (t<12>(i)) o[i] = 5;
  if (fanout(i, n)) o[i] = 6;
}
