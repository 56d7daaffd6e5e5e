// RUN: %divlint --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// A launch through a local function pointer that nothing changes after its initializer
// (`auto kernel = &flash_fwd_kernel<...>; if (smem >= 48K) cudaFuncSetAttribute(kernel, ...);
// kernel<<<grid, kNThreads, smem>>>(params);`) launches the kernel it was initialized with, in
// that launch's shape. It named no kernel before: the kernel got the default 256x1x1, assumed,
// and then every layout. A pointer that may change still names none
// (launch-through-pointers.cu).
// CHECK: errors=0

template <int kNThreads>
__global__ void attention(float *a) {
  if (threadIdx.x / 32 == 2)
    a[threadIdx.x] = 1.f;
  // CHECK-DAG: [[@LINE-2]]:7 rule=uniform-branch construct=if class=warp-uniform {{.*}}kernel=attention {{.*}}shape=96x1x1 assumes={{$}}
  if (threadIdx.x < kNThreads / 2)
    a[threadIdx.x] = 2.f;
  // CHECK-DAG: [[@LINE-2]]:7 rule=divergent-branch construct=if class=lane-varying extent=partial warps=1/3 split=16/32 {{.*}}kernel=attention {{.*}}shape=96x1x1 assumes={{$}}
}

template <int kNThreads>
void runAttention(float *a, unsigned smem) {
  auto kernel = &attention<kNThreads>;
  if (smem >= 48 * 1024)
    (void)kernel;
  kernel<<<1, kNThreads, smem>>>(a);
}

int main() {
  runAttention<96>(nullptr, 0);
  return 0;
}
