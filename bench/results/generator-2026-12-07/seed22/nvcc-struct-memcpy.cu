// seed 22's one "uniform but diverged" (g22_0001.cu:1247, `v9 == 5` with v9 = ms10.b, a
// uniform value memcpy never touches) is nvcc's: CUDA 13.0 (V13.0.88) compiles a memcpy between
// two local structs to nothing, the stores after it included (k_struct: its PTX body is `ret;`
// at nvcc's default optimization); from an int (k_int) it compiles as written. On the H200 the branch
// diverged in all 96 warps: the value read was not the source's. Reproduce:
//   nvcc -arch=sm_90 -std=c++17 -ptx nvcc-struct-memcpy.cu -o - | grep -E "entry|st.global|ret;"
#include <cstring>
struct P2 { int a, b; };
__global__ void k_struct(int n, int *out) {
  P2 s{1, n / 64};
  P2 t{(int)threadIdx.x / 32, 7};
  memcpy(&s.a, &t.a, sizeof(int));
  out[threadIdx.x] = s.b;
}
__global__ void k_int(int n, int *out) {
  P2 s{1, n / 64};
  int x = threadIdx.x / 32;
  memcpy(&s.a, &x, sizeof(int));
  out[threadIdx.x] = s.b;
}
