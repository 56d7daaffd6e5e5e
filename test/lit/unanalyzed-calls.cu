// RUN: %divlint --block-dim=64 --format=json %s | %python -c "import json,sys; [print('K', k['name'], a) for k in json.load(sys.stdin)['kernels'] for a in k['assumptions'] if 'not analyzed' in a]" | FileCheck %s
// A kernel summary counts the calls it could not analyze (recursion here: `spin` calls itself
// with the same argument) once each, not once per visit of the data flow: the loop's body is
// visited twice, and it once said 2.
__device__ int spin(int n) { return n > 0 ? spin(n) : 0; }
__global__ void k(int *out) {
  int s = 0;
  for (int i = 0; i < out[0]; ++i)
    s += spin(threadIdx.x);
  out[threadIdx.x] = s;
}
// CHECK: K k 1 call(s) not analyzed in this kernel's context (recursion or the analysis budget): their branches are not counted
// CHECK-NOT: K
