// The analysis needs the device-side parse: on a host-only compile the checks say so instead of
// silently reporting nothing. (clang-tidy picks the device job itself for a plain `-x cuda`.)
// REQUIRES: cuda, tidy-plugin
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' %s -- -x cuda --cuda-host-only --cuda-gpu-arch=sm_90 -nocudalib -Wno-unknown-cuda-version -Xclang -target-sdk-version=12.8 --cuda-path=/usr/local/cuda 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=HOST --implicit-check-not='is lane-varying'
// HOST: host-side.cu:1:1: warning: divlint analyzes the device side of CUDA: add --cuda-device-only to the compile command; nothing was checked [cuda-divergence-barrier,cuda-divergence-branch,cuda-divergence-warp-sync]
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' %s -- -x cuda --cuda-gpu-arch=sm_90 -nocudalib -Wno-unknown-cuda-version -Xclang -target-sdk-version=12.8 --cuda-path=/usr/local/cuda 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// PLAIN: host-side.cu:[[@LINE+3]]:7: warning: 'if' condition 'threadIdx.x % 2 == 0' is lane-varying

__global__ void k(float *x) {
  if (threadIdx.x % 2 == 0) x[threadIdx.x] = 0.f;
}
// A C++ file is not CUDA: the checks do not run at all.
// RUN: %clang-tidy --load=%tidy-plugin --checks='-*,cuda-divergence-*' %inputs/host-only.cpp -- 2>&1 | FileCheck %s --allow-empty --check-prefix=CXX
// CXX-NOT: cuda-divergence
