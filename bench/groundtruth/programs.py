"""The programs of the GPU-measured ground truth: how to build and run each one.

Everything here is relative to a corpus root (a checkout of the public repository named in
CORPORA). No third-party code lives in this repository: build.py reads the sources from the
checkouts given on its command line, and gen_inputs.py writes the few input files that the
Rodinia programs need (random data from a fixed seed, in the formats the programs read).

A program is a dict:
  corpus   key of CORPORA
  name     unique within the corpus
  dir      the program's folder (relative to the corpus root); it is the working directory of
           the run, mirrored under the run root so that relative input paths resolve
  sources  files given to nvcc (relative to the corpus root); the .cu ones are the translation
           units that divlint analyses
  includes include folders (relative to the corpus root)
  defines  -D macros, also given to divlint (unless analysis_defines replaces them)
  flags    further nvcc flags (not given to divlint)
  libs     link flags
  args     the program's arguments
  data     folders (relative to the corpus root) copied next to the program's run folder
  timeout  seconds for the profiled run
"""

CORPORA = {
    'cuda-samples': {'repo': 'NVIDIA/cuda-samples', 'commit': 'c94ff36'},
    'gpu-rodinia': {'repo': 'yuhc/gpu-rodinia', 'commit': '9c10d3e'},
    'PolyBench-ACC': {'repo': 'cavazos-lab/PolyBench-ACC', 'commit': '70ea4ca'},
    'lectures': {'repo': 'gpu-mode/lectures', 'commit': '7cb40f6'},
}

# Flags every build gets (the GPU is an H100 or H200: sm_90). -cudart shared keeps the
# binaries small enough to travel to the GPU machine.
COMMON_FLAGS = ['-O3', '-lineinfo', '-arch=sm_90', '-cudart', 'shared']

PROGRAMS = []

# CUDA 13 removed these old runtime calls, which PolyBench-ACC and Rodinia still use.
COMPAT = ['cudaThreadSynchronize=cudaDeviceSynchronize', 'cudaThreadExit=cudaDeviceReset']


def add(corpus, name, dir, sources, includes=(), defines=(), flags=(), libs=(), args=(),
        data=(), timeout=120):
    if corpus == 'gpu-rodinia':
        defines = list(defines) + COMPAT
    PROGRAMS.append({
        'corpus': corpus, 'name': name, 'dir': dir, 'sources': list(sources),
        'includes': list(includes), 'defines': list(defines), 'flags': list(flags),
        'libs': list(libs), 'args': list(args), 'data': list(data), 'timeout': timeout,
    })


# --- PolyBench-ACC (CUDA): utilities/common.mk builds `nvcc -O3 X.cu -I utilities`; the
# smaller dataset keeps the CPU reference each program runs short.
_POLY = {
    'correlation': 'datamining/correlation/correlation.cu',
    'covariance': 'datamining/covariance/covariance.cu',
    'gramschmidt': 'linear-algebra/solvers/gramschmidt/gramschmidt.cu',
    'lu': 'linear-algebra/solvers/lu/lu.cu',
    'gemm': 'linear-algebra/kernels/gemm/gemm.cu',
    'syrk': 'linear-algebra/kernels/syrk/syrk.cu',
    'gemver': 'linear-algebra/kernels/gemver/gemver.cu',
    '2mm': 'linear-algebra/kernels/2mm/2mm.cu',
    'bicg': 'linear-algebra/kernels/bicg/bicg.cu',
    'atax': 'linear-algebra/kernels/atax/atax.cu',
    'doitgen': 'linear-algebra/kernels/doitgen/doitgen.cu',
    'gesummv': 'linear-algebra/kernels/gesummv/gesummv.cu',
    '3mm': 'linear-algebra/kernels/3mm/3mm.cu',
    'syr2k': 'linear-algebra/kernels/syr2k/syr2k.cu',
    'mvt': 'linear-algebra/kernels/mvt/mvt.cu',
    'adi': 'stencils/adi/adi.cu',
    'jacobi2D': 'stencils/jacobi-2d-imper/jacobi2D.cu',
    'fdtd2d': 'stencils/fdtd-2d/fdtd2d.cu',
    'jacobi1D': 'stencils/jacobi-1d-imper/jacobi1D.cu',
    '2DConvolution': 'stencils/convolution-2d/2DConvolution.cu',
    '3DConvolution': 'stencils/convolution-3d/3DConvolution.cu',
}
for _n, _p in _POLY.items():
    _d = 'CUDA/' + _p.rsplit('/', 1)[0]
    _defs = ['SMALL_DATASET'] + COMPAT
    if _n == 'jacobi1D':  # 10000 time steps of two launches each: 100 show the same lines
        _defs += ['TSTEPS=100', 'N=2048']
    if _n == 'fdtd2d':
        _defs += ['TMAX=50', 'NX=1024', 'NY=1024']
    add('PolyBench-ACC', _n, _d, ['CUDA/' + _p],
        includes=['CUDA/utilities', _d], defines=_defs)
    if _n == 'jacobi1D':
        # For divlint: clang's view of cuda.h breaks on a macro named N; SMALL_DATASET alone
        # gives the kernel the same N (2048), and TSTEPS is host-only.
        PROGRAMS[-1]['analysis_defines'] = ['SMALL_DATASET'] + COMPAT

# --- gpu-mode/lectures: single files with a main.
for _f in ['lecture_002/vector_addition/vector_addition.cu',
           'lecture_008/occupancy.cu', 'lecture_008/coalesce.cu', 'lecture_008/divergence.cu',
           'lecture_008/privatization2.cu', 'lecture_008/coarsening.cu',
           'lecture_008/privatization.cu', 'lecture_009/control_divergence_reduce.cu',
           'lecture_009/simple_reduce.cu', 'lecture_009/segment_reduce.cu',
           'lecture_009/multistream-reduce.cu', 'lecture_009/reduce_coarsening.cu',
           'lecture_009/shared_reduce.cu']:
    _d, _b = _f.rsplit('/', 1)
    _n = _d.split('/')[0].replace('lecture_', 'l') + '_' + _b[:-3]
    add('lectures', _n, _d, [_f], includes=[_d])
# main.cu declares the kernels of the two other files.
add('lectures', 'l012_flash_attention', 'lecture_012',
    ['lecture_012/' + f for f in ['main.cu', 'flash_attention.cu',
                                  'flash_attention_spilling_from_registers.cu']],
    includes=['lecture_012'], flags=['-rdc=true'])

# --- yuhc/gpu-rodinia (cuda/): flags from each Makefile (sm_90 instead of their old arch);
# inputs: generated by the program itself, or by gen_inputs.py under data/.
R = 'cuda/'
add('gpu-rodinia', 'backprop', R + 'backprop',
    [R + 'backprop/' + f for f in ['backprop.c', 'facetrain.c', 'imagenet.c', 'backprop_cuda.cu']],
    libs=['-lm'], args=['65536'])
# Left out: gaussian (cudaDeviceProp fields CUDA 13 removed), hybridsort (needs GL/glew.h),
# kmeans (texture references, removed in CUDA 12).
add('gpu-rodinia', 'lud', R + 'lud', [R + 'lud/cuda/lud.cu', R + 'lud/cuda/lud_kernel.cu',
                                      R + 'lud/common/common.c'],
    includes=[R + 'lud/common'], defines=['GPU_TIMER'], flags=['-use_fast_math'], libs=['-lm'],
    args=['-s', '256'])
add('gpu-rodinia', 'nw', R + 'nw', [R + 'nw/needle.cu'], args=['2048', '10'])
add('gpu-rodinia', 'pathfinder', R + 'pathfinder', [R + 'pathfinder/pathfinder.cu'],
    args=['100000', '100', '20'])
add('gpu-rodinia', 'srad_v2', R + 'srad/srad_v2', [R + 'srad/srad_v2/srad.cu'],
    args=['2048', '2048', '0', '127', '0', '127', '0.5', '2'])
add('gpu-rodinia', 'lavaMD', R + 'lavaMD',
    [R + 'lavaMD/' + f for f in ['main.c', 'kernel/kernel_gpu_cuda_wrapper.cu', 'util/num/num.c',
                                 'util/timer/timer.c', 'util/device/device.cu']],
    flags=['-Xcompiler', '-fopenmp'], libs=['-lgomp', '-lm'], args=['-boxes1d', '10'])
add('gpu-rodinia', 'particlefilter_naive', R + 'particlefilter',
    [R + 'particlefilter/ex_particle_CUDA_naive_seq.cu'], flags=['-use_fast_math'], libs=['-lm'],
    args=['-x', '128', '-y', '128', '-z', '10', '-np', '1000'])
add('gpu-rodinia', 'particlefilter_float', R + 'particlefilter',
    [R + 'particlefilter/ex_particle_CUDA_float_seq.cu'], flags=['-use_fast_math'], libs=['-lm'],
    args=['-x', '128', '-y', '128', '-z', '10', '-np', '1000'])
add('gpu-rodinia', 'streamcluster', R + 'streamcluster',
    [R + 'streamcluster/' + f for f in ['streamcluster_cuda_cpu.cpp', 'streamcluster_cuda.cu',
                                        'streamcluster_header.cu']],
    args=['10', '20', '256', '16384', '16384', '1000', 'none', 'output.txt', '1'])
add('gpu-rodinia', 'bfs', R + 'bfs', [R + 'bfs/bfs.cu'], includes=[R + 'util'],
    defines=['TIMING'], args=['../../data/bfs/graph65536.txt'])
add('gpu-rodinia', 'hotspot', R + 'hotspot', [R + 'hotspot/hotspot.cu'],
    args=['512', '2', '2', '../../data/hotspot/temp_512', '../../data/hotspot/power_512',
          'output.out'])
add('gpu-rodinia', 'hotspot3D', R + 'hotspot3D', [R + 'hotspot3D/3D.cu'],
    args=['512', '8', '100', '../../data/hotspot3D/power_512x8',
          '../../data/hotspot3D/temp_512x8', 'output.out'])
add('gpu-rodinia', 'srad_v1', R + 'srad/srad_v1', [R + 'srad/srad_v1/main.cu'], libs=['-lm'],
    args=['10', '0.5', '502', '458'])
add('gpu-rodinia', 'nn', R + 'nn', [R + 'nn/nn_cuda.cu'],
    args=['filelist_4', '-r', '5', '-lat', '30', '-lng', '90'], data=[R + 'nn/filelist_4'])

# --- NVIDIA/cuda-samples: their CMake builds with -lineinfo, --extended-lambda, C++17 and
# separable compilation, Common/ on the include path. Programs that need OpenGL, Vulkan, EGL,
# MPI, NPP/FreeImage, several GPUs, NVRTC/driver-API JIT or user interaction are left out.
S = 'Samples/'
SAMPLE_FLAGS = ['-rdc=true', '--extended-lambda', '-std=c++17']


def sample(path, sources, libs=(), args=(), defines=(), data=True, timeout=120, flags=()):
    name = path.rsplit('/', 1)[1]
    d = S + path
    inc = ['Common', d, d + '/inc']
    add('cuda-samples', name, d, [d + '/' + s for s in sources], includes=inc,
        defines=defines, flags=SAMPLE_FLAGS + list(flags), libs=list(libs), args=args,
        data=[d + '/data'] if data else [], timeout=timeout)


for _p, _s in [
    ('0_Introduction/asyncAPI', ['asyncAPI.cu']),
    ('0_Introduction/clock', ['clock.cu']),
    ('0_Introduction/fp16ScalarProduct', ['fp16ScalarProduct.cu']),
    ('0_Introduction/matrixMul', ['matrixMul.cu']),
    ('0_Introduction/mergeSort', ['mergeSort.cu', 'main.cpp', 'mergeSort_host.cpp',
                                  'mergeSort_validate.cpp']),
    ('0_Introduction/simpleAWBarrier', ['simpleAWBarrier.cu']),
    ('0_Introduction/simpleAtomicIntrinsics', ['simpleAtomicIntrinsics.cu',
                                               'simpleAtomicIntrinsics_cpu.cpp']),
    ('0_Introduction/simpleCallback', ['simpleCallback.cu', 'multithreading.cpp']),
    ('0_Introduction/simpleCooperativeGroups', ['simpleCooperativeGroups.cu']),
    ('0_Introduction/simpleCubemapTexture', ['simpleCubemapTexture.cu']),
    ('0_Introduction/simpleHyperQ', ['simpleHyperQ.cu']),
    ('0_Introduction/simpleLayeredTexture', ['simpleLayeredTexture.cu']),
    ('0_Introduction/simpleMultiCopy', ['simpleMultiCopy.cu']),
    ('0_Introduction/simpleOccupancy', ['simpleOccupancy.cu']),
    ('0_Introduction/simplePitchLinearTexture', ['simplePitchLinearTexture.cu']),
    ('0_Introduction/simplePrintf', ['simplePrintf.cu']),
    ('0_Introduction/simpleStreams', ['simpleStreams.cu']),
    ('0_Introduction/simpleSurfaceWrite', ['simpleSurfaceWrite.cu']),
    ('0_Introduction/simpleTemplates', ['simpleTemplates.cu']),
    ('0_Introduction/simpleTexture', ['simpleTexture.cu']),
    ('0_Introduction/simpleVoteIntrinsics', ['simpleVoteIntrinsics.cu']),
    ('0_Introduction/simpleZeroCopy', ['simpleZeroCopy.cu']),
    ('0_Introduction/template', ['template.cu', 'template_cpu.cpp']),
    ('0_Introduction/vectorAdd', ['vectorAdd.cu']),
    ('2_Concepts_and_Techniques/convolutionSeparable', ['convolutionSeparable.cu',
                                                        'convolutionSeparable_gold.cpp',
                                                        'main.cpp']),
    ('2_Concepts_and_Techniques/convolutionTexture', ['convolutionTexture.cu',
                                                      'convolutionTexture_gold.cpp', 'main.cpp']),
    ('2_Concepts_and_Techniques/dct8x8', ['dct8x8.cu', 'BmpUtil.cpp', 'DCT8x8_Gold.cpp']),
    ('2_Concepts_and_Techniques/eigenvalues', ['bisect_large.cu', 'bisect_small.cu',
                                               'bisect_util.cu', 'gerschgorin.cpp', 'main.cu',
                                               'matlab.cpp']),
    ('2_Concepts_and_Techniques/histogram', ['histogram256.cu', 'histogram64.cu',
                                             'histogram_gold.cpp', 'main.cpp']),
    ('2_Concepts_and_Techniques/inlinePTX', ['inlinePTX.cu']),
    ('2_Concepts_and_Techniques/interval', ['interval.cu']),
    ('2_Concepts_and_Techniques/reduction', ['reduction.cpp', 'reduction_kernel.cu']),
    ('2_Concepts_and_Techniques/reductionMultiBlockCG', ['reductionMultiBlockCG.cu']),
    ('2_Concepts_and_Techniques/scalarProd', ['scalarProd_cpu.cpp', 'scalarProd.cu']),
    ('2_Concepts_and_Techniques/scan', ['main.cpp', 'scan_gold.cpp', 'scan.cu']),
    ('2_Concepts_and_Techniques/shfl_scan', ['shfl_scan.cu']),
    ('2_Concepts_and_Techniques/sortingNetworks', ['main.cpp', 'bitonicSort.cu',
                                                   'sortingNetworks_validate.cpp']),
    ('2_Concepts_and_Techniques/streamOrderedAllocation', ['streamOrderedAllocation.cu']),
    ('2_Concepts_and_Techniques/threadFenceReduction', ['threadFenceReduction.cu']),
    ('3_CUDA_Features/StreamPriorities', ['StreamPriorities.cu']),
    ('3_CUDA_Features/bf16TensorCoreGemm', ['bf16TensorCoreGemm.cu']),
    ('3_CUDA_Features/binaryPartitionCG', ['binaryPartitionCG.cu']),
    ('3_CUDA_Features/cudaTensorCoreGemm', ['cudaTensorCoreGemm.cu']),
    ('3_CUDA_Features/dmmaTensorCoreGemm', ['dmmaTensorCoreGemm.cu']),
    ('3_CUDA_Features/globalToShmemAsyncCopy', ['globalToShmemAsyncCopy.cu']),
    ('3_CUDA_Features/graphMemoryNodes', ['graphMemoryNodes.cu']),
    ('3_CUDA_Features/immaTensorCoreGemm', ['immaTensorCoreGemm.cu']),
    ('3_CUDA_Features/jacobiCudaGraphs', ['jacobi.cu', 'main.cpp']),
    ('3_CUDA_Features/newdelete', ['newdelete.cu']),
    ('3_CUDA_Features/simpleCudaGraphs', ['simpleCudaGraphs.cu']),
    ('3_CUDA_Features/tf32TensorCoreGemm', ['tf32TensorCoreGemm.cu']),
    ('3_CUDA_Features/warpAggregatedAtomicsCG', ['warpAggregatedAtomicsCG.cu']),
    ('4_CUDA_Libraries/lineOfSight', ['lineOfSight.cu']),
    ('5_Domain_Specific/BlackScholes', ['BlackScholes.cu', 'BlackScholes_gold.cpp']),
    ('5_Domain_Specific/FDTD3d', ['src/FDTD3d.cpp', 'src/FDTD3dGPU.cu',
                                  'src/FDTD3dReference.cpp']),
    ('5_Domain_Specific/HSOpticalFlow', ['flowCUDA.cu', 'flowGold.cpp', 'main.cpp']),
    ('5_Domain_Specific/SobolQRNG', ['sobol_gold.cpp', 'sobol_gpu.cu', 'sobol_primitives.cpp',
                                     'sobol.cpp']),
    ('5_Domain_Specific/binomialOptions', ['binomialOptions.cpp', 'binomialOptions_gold.cpp',
                                           'binomialOptions_kernel.cu']),
    ('5_Domain_Specific/dwtHaar1D', ['dwtHaar1D.cu']),
    ('5_Domain_Specific/dxtc', ['dxtc.cu']),
    ('5_Domain_Specific/fastWalshTransform', ['fastWalshTransform.cu',
                                              'fastWalshTransform_gold.cpp']),
    ('5_Domain_Specific/quasirandomGenerator', ['quasirandomGenerator.cpp',
                                                'quasirandomGenerator_gold.cpp',
                                                'quasirandomGenerator_kernel.cu']),
    ('5_Domain_Specific/stereoDisparity', ['stereoDisparity.cu']),
    ('6_Performance/alignedTypes', ['alignedTypes.cu']),
    ('6_Performance/transpose', ['transpose.cu']),
]:
    sample(_p, _s)

for _p in ['MC_EstimatePiInlineP', 'MC_EstimatePiInlineQ', 'MC_EstimatePiP', 'MC_EstimatePiQ']:
    sample('2_Concepts_and_Techniques/' + _p, ['src/main.cpp', 'src/piestimator.cu',
                                               'src/test.cpp'],
           libs=['-lcurand'], flags=['-I' + '{root}/' + S + '2_Concepts_and_Techniques/' + _p + '/inc'])
sample('2_Concepts_and_Techniques/MC_SingleAsianOptionP',
       ['src/main.cpp', 'src/pricingengine.cu', 'src/test.cpp'], libs=['-lcurand'],
       flags=['-I{root}/' + S + '2_Concepts_and_Techniques/MC_SingleAsianOptionP/inc'])
sample('5_Domain_Specific/MonteCarloMultiGPU', ['MonteCarlo_gold.cpp', 'MonteCarlo_kernel.cu',
                                                'multithreading.cpp', 'MonteCarloMultiGPU.cpp'],
       libs=['-lcurand'])
sample('3_CUDA_Features/cdpSimplePrint', ['cdpSimplePrint.cu'], libs=['-lcudadevrt'])
sample('3_CUDA_Features/cdpSimpleQuicksort', ['cdpSimpleQuicksort.cu'], libs=['-lcudadevrt'])
sample('3_CUDA_Features/cdpAdvancedQuicksort', ['cdpAdvancedQuicksort.cu', 'cdpBitonicSort.cu'],
       libs=['-lcudadevrt'])
sample('3_CUDA_Features/cdpQuadtree', ['cdpQuadtree.cu'], libs=['-lcudadevrt'])
sample('3_CUDA_Features/cdpBezierTessellation', ['BezierLineCDP.cu'], libs=['-lcudadevrt'])
sample('4_CUDA_Libraries/conjugateGradientMultiBlockCG', ['conjugateGradientMultiBlockCG.cu'],
       libs=['-lcublas', '-lcusparse'])
# Second batch (measured in a later run).
sample('0_Introduction/cudaOpenMP', ['cudaOpenMP.cu'], flags=['-Xcompiler', '-fopenmp'],
       libs=['-lgomp'])
sample('0_Introduction/simpleAttributes', ['simpleAttributes.cu'])
sample('0_Introduction/systemWideAtomics', ['systemWideAtomics.cu'])
sample('3_CUDA_Features/graphConditionalNodes', ['graphConditionalNodes.cu'])
sample('3_CUDA_Features/graphMemoryFootprint', ['graphMemoryFootprint.cu'])
sample('3_CUDA_Features/cudaCompressibleMemory', ['compMalloc.cpp', 'saxpy.cu'], libs=['-lcuda'])
sample('5_Domain_Specific/convolutionFFT2D', ['convolutionFFT2D.cu', 'convolutionFFT2D_gold.cpp',
                                              'main.cpp'], libs=['-lcufft'])
sample('4_CUDA_Libraries/simpleCUFFT', ['simpleCUFFT.cu'], libs=['-lcufft'])
sample('4_CUDA_Libraries/conjugateGradientCudaGraphs', ['conjugateGradientCudaGraphs.cu'],
       libs=['-lcublas', '-lcusparse'])
sample('6_Performance/cudaGraphsPerfScaling', ['cudaGraphPerfScaling.cu'])
sample('6_Performance/LargeKernelParameter', ['LargeKernelParameter.cu'])
sample('5_Domain_Specific/p2pBandwidthLatencyTest', ['p2pBandwidthLatencyTest.cu'])
sample('5_Domain_Specific/NV12toBGRandResize', ['bgr_resize.cu', 'nv12_resize.cu',
                                                'nv12_to_bgr_planar.cu', 'resize_convert_main.cpp',
                                                'utils.cu'])
sample('6_Performance/UnifiedMemoryPerf', ['helperFunctions.cpp', 'matrixMultiplyPerf.cu',
                                           'commonKernels.cu'])


def by_key():
    return {(p['corpus'], p['name']): p for p in PROGRAMS}


def include_args(p, root):
    """-I and -D arguments for a program, with its corpus checked out at root (for divlint)."""
    out = ['-I' + root + '/' + i for i in p['includes']]
    out += [f.replace('{root}', root) for f in p['flags'] if f.startswith('-I')]
    out += ['-D' + d for d in p.get('analysis_defines', p['defines'])]
    return out
