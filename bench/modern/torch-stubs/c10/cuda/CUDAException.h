// divlint bench stub (not PyTorch's header): the two macros flash-attention's launchers use.
#pragma once
#include <cuda_runtime.h>
#define C10_CUDA_CHECK(EXPR) ((void)(EXPR))
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)cudaGetLastError())
