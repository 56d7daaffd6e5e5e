"""The public corpora of the soundness corpus: repository, commit, and the nvcc arguments and
program arguments they need. Paths in nvcc arguments are relative to the corpus root ({root})
or to the folder of all corpora ({corpora}: the books' programs use cuda-samples' Common/).
`extra` adds nvcc arguments to single programs (dynamic parallelism needs -rdc=true).
`timeout` (seconds, default 30) and `timeouts` (per program) set the manifest's run timeout;
`paths` names the folders a partial checkout needs (`git archive COMMIT PATHS`).
The held-out evaluation repositories (HeCBench, llm.c, llama.cpp) are never used."""

RDC = ['-rdc=true', '-lcudadevrt']
SAMPLES_COMMON = ['-I{corpora}/cuda-samples/Common']
COMPAT = ['-DcudaThreadSynchronize=cudaDeviceSynchronize', '-DcudaThreadExit=cudaDeviceReset']

CORPORA = {
    'cuda-samples': {
        'repo': 'NVIDIA/cuda-samples', 'commit': 'c94ff366aed18c797b8a85dfaac7817b0228b420',
        'nvcc_args': ['-I{root}/Common', '--extended-lambda', '-std=c++17'],
        'extra': {f'Samples/3_CUDA_Features/{p}.cu': RDC for p in [
            'cdpAdvancedQuicksort/cdpAdvancedQuicksort', 'cdpBezierTessellation/BezierLineCDP',
            'cdpQuadtree/cdpQuadtree', 'cdpSimplePrint/cdpSimplePrint',
            'cdpSimpleQuicksort/cdpSimpleQuicksort']},
    },
    'gpu-rodinia': {
        'repo': 'yuhc/gpu-rodinia', 'commit': '9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4',
        'nvcc_args': COMPAT + ['-I{root}/cuda/util'] + SAMPLES_COMMON,
        'args': {
            'cuda/nw/needle.cu': ['2048', '10'],
            'cuda/pathfinder/pathfinder.cu': ['100000', '100', '20'],
            'cuda/srad/srad_v2/srad.cu': ['2048', '2048', '0', '127', '0', '127', '0.5', '2'],
            'cuda/particlefilter/ex_particle_CUDA_naive_seq.cu':
                ['-x', '128', '-y', '128', '-z', '10', '-np', '1000'],
            'cuda/particlefilter/ex_particle_CUDA_float_seq.cu':
                ['-x', '128', '-y', '128', '-z', '10', '-np', '1000'],
        },
    },
    'PolyBench-ACC': {
        'repo': 'cavazos-lab/PolyBench-ACC', 'commit': '70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7',
        'nvcc_args': COMPAT + ['-I{root}/CUDA/utilities', '-DSMALL_DATASET'],
    },
    'lectures': {
        'repo': 'gpu-mode/lectures', 'commit': '7cb40f67ad68f59a7c13e9a8c4d8a816a3c68e7a',
    },
    'CUDA-Programming': {
        'repo': 'brucefan1983/CUDA-Programming',
        'commit': '8b6c96ba30fafeb3f71c74b2abb18a6bf849822d',
    },
    'CUDA_Freshman': {
        'repo': 'Tony-Tan/CUDA_Freshman', 'commit': '979938216fbbd8bc81ccbc525c4dd1f8c0c9fcbb',
        'nvcc_args': ['-I{root}/include'],
        'extra': {'13_nested_hello_world/nested_Hello_World.cu': RDC},
    },
    'cuda_programming': {
        'repo': 'CoffeeBeforeArch/cuda_programming',
        'commit': '8711be08e2060680820304594f3691cc0016edd1',
    },
    'cuda-training-series': {
        'repo': 'olcf/cuda-training-series', 'commit': '9cd77d539d85ee3457e09a083ba299b787b7a16e',
    },
    'code-samples': {
        'repo': 'NVIDIA-developer-blog/code-samples',
        'commit': '72d62ec464442786a36754508bcb1094d197d6a5', 'nvcc_args': ['-std=c++17'],
    },
    'CUDA-by-Example': {
        'repo': 'CodedK/CUDA-by-Example-source-code-for-the-book-s-examples-',
        'commit': '0824fae6f6c4aba60a5cf339971f698b9d5a9a41',
    },
    'Learn-CUDA-Programming': {
        'repo': 'PacktPublishing/Learn-CUDA-Programming',
        'commit': '10bd9b59bfcc680d608ea1417da5089f73d91b11',
        'nvcc_args': ['-std=c++17'] + SAMPLES_COMMON,
        'extra': {'Chapter04/04_kernel_execution/' + p: RDC for p in [
            '06_dynamic_parallelism/dynamic_parallelism.cu', '06_dynamic_parallelism/recursion.cu',
            '10_kernel_execution_overhead/cuda_kernel.cu']},
    },
    'cuda-course': {
        'repo': 'Infatoshi/cuda-course', 'commit': '79681bfd003d403170dd93c0436c6f2a45cb390f',
    },
    # Modern, template-heavy programs: Thrust's and CUB's own examples at the release that CUDA
    # 13.0 bundles (CCCL 3.0.1, THRUST_VERSION 300001). They compile against the toolkit's
    # thrust/cub/libcudacxx (no -I of the repository's): only the examples' helpers come from
    # the checkout (thrust/examples/include, cub/test/test_util.h and mersenne.h, c2h/include).
    # THRUST_EXAMPLE_DEVICE_SIDE (set by the repository's CMake for nvcc, not for clang) is left
    # out: with it, clang cannot parse cuda/async_reduce.cu (a device-side thrust::reduce without
    # -rdc reaches a __host__ function), so divlint's analysis fails there.
    'cccl': {
        'repo': 'NVIDIA/cccl', 'commit': 'f19d875da0d8bfb2e38c109b2b40522b8abbbbc3',  # v3.0.1
        'paths': ['thrust/examples', 'cub/examples', 'cub/test/test_util.h', 'cub/test/mersenne.h',
                  'c2h/include', 'LICENSE'],
        'nvcc_args': ['-std=c++17', '--extended-lambda', '-I{root}/c2h/include'],
    },
    # CUTLASS's own examples (added 2026-12-07), at the commit of the speed benchmarks' modern
    # corpus (bench/modern_units.py): CUTLASS 2.x device-level GEMMs (SIMT, Turing and Ampere
    # tensor cores: all run on sm_90) and CuTe's tutorials, with the include folders of its
    # CMake. Left out: Hopper-only (sm_90a) and Blackwell examples, those that need cuBLAS.
    'cutlass': {
        'repo': 'NVIDIA/cutlass', 'commit': '7107b05535f8977f5ecb9d01ee203205b1fd9bc4',
        'paths': ['include', 'examples', 'tools/util/include', 'LICENSE.txt'],
        'nvcc_args': ['-std=c++17', '--expt-relaxed-constexpr', '-I{root}/include',
                      '-I{root}/tools/util/include', '-I{root}/examples/common'],
        'timeout': 60,
    },
    # moderngpu (added 2026-12-07, session 28): header-only C++11/14 primitives written with
    # lambdas and launch boxes (CTA-wide merges, scans, segmented sorts, load-balancing search),
    # its tests and tutorials. The demos read input files and are left out.
    'moderngpu': {
        'repo': 'moderngpu/moderngpu', 'commit': '267cc8d02c03f00f1656f1205c61c946a1e530b0',
        'paths': ['src', 'tests', 'tutorial', 'LICENSE.md'],
        'nvcc_args': ['-std=c++17', '--extended-lambda', '-I{root}/src'],
        'timeout': 60,
    },
}
