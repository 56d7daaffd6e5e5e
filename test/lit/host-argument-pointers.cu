// RUN: %divlint --no-cache --report-all %s 2>&1 | FileCheck %s
// A pointer in a kernel's by-value parameter (`p.flags`, the Params struct of modern kernels)
// holds what the host launched the kernel with: it reaches no thread's private memory. It was
// taken for a pointer of unknown origin, which may reach every local whose address escaped, so
// a load through it joined those locals' classes: `p.flags[blockIdx.x]` read as lane-varying
// beside a lane-varying private array. Only while nothing stores into the parameter and no
// pointer reaches it.

struct Params {
  const int *flags;
  int *out;
  const int *tables[2];
};

__device__ void fill(int *a) { a[0] = threadIdx.x; }

__global__ void fromHost(Params p) {
  int local[4];
  fill(local);
  int f = p.flags[blockIdx.x];
  if (f > 2)
    p.out[threadIdx.x] = local[0];
  // CHECK: host-argument-pointers.cu:[[@LINE-2]]:7: note: 'if' condition 'f > 2' is block-uniform
  if (p.tables[1][blockIdx.x] > 0)
    p.out[0] = 1;
  // CHECK: host-argument-pointers.cu:[[@LINE-2]]:7: note: 'if' condition 'p.tables[1][blockIdx.x] > 0' is block-uniform
}

// The kernel points the parameter's pointer at its own lane-varying array: no longer the host's.
__global__ void storedInto(Params p) {
  int local[4];
  fill(local);
  p.flags = local;
  if (p.flags[0] > 2)
    p.out[0] = 1;
  // CHECK: host-argument-pointers.cu:[[@LINE-2]]:7: note: 'if' condition 'p.flags[0] > 2' is lane-varying
}

// The same through a pointer to the parameter (its address escapes).
__global__ void throughPointer(Params p) {
  int local[4];
  fill(local);
  Params *alias = &p;
  alias->tables[0] = local;
  if (p.tables[0][0] > 2)
    p.out[0] = 1;
  // CHECK: host-argument-pointers.cu:[[@LINE-2]]:7: note: 'if' condition 'p.tables[0][0] > 2' is lane-varying
}

// A copy is a local like any other: what it holds is what was stored into it.
__global__ void copied(Params p) {
  int local[4];
  fill(local);
  Params q = p;
  q.flags = local;
  if (q.flags[0] > 2)
    p.out[0] = 1;
  // CHECK: host-argument-pointers.cu:[[@LINE-2]]:7: note: 'if' condition 'q.flags[0] > 2' is lane-varying
}

// A non-const member operator of the parameter may store into it (here the address of the
// private array): its pointers are not the host's any more.
struct Cursor {
  const int *at;
  __device__ Cursor &operator<<(const int *p) {
    at = p;
    return *this;
  }
};
__global__ void redirected(Cursor c, int *out) {
  int local[4];
  fill(local);
  c << local;
  if (c.at[0] > 2)
    out[0] = 1;
  // CHECK: host-argument-pointers.cu:[[@LINE-2]]:7: note: 'if' condition 'c.at[0] > 2' is lane-varying
}
