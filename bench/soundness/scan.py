#!/usr/bin/env python3
"""Proposes manifest entries: every .cu file with a `main` in the checked-out corpora, with the
nvcc arguments its includes call for, minus the programs that need what the GPU machine lacks
(OpenGL, EGL, MPI, NCCL, cuDNN, NVML, several GPUs...). The result is reviewed, filtered by a
build here (emit.py --check-build) and frozen as manifest.json: facts only, no third-party code.

    python3 bench/soundness/scan.py --corpora /tmp/corpora > /tmp/candidates.json
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpora import CORPORA  # noqa: E402

MAIN = re.compile(r'^\s*int\s+main\s*\(', re.M)
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
# Headers whose programs cannot run on the GPU machine (no display, one GPU, no extra SDKs).
EXCLUDE = ('GL/', 'GLFW', 'glut', 'cuda_gl_interop', 'EGL/', 'cudaEGL', 'mpi.h', 'nccl.h',
           'cudnn', 'nvml.h', 'nvrtc', 'cutensor', 'cusparseLt', 'nvToolsExt.h', 'cpu_bitmap.h',
           'cpu_anim.h', 'gpu_anim.h', 'CL/cl.h', 'npp', 'FreeImage', 'vulkan',
           'nvjpeg', 'nvscibuf', 'nvscisync', 'cudla', 'X11', 'cufftXt', 'd3d')
# Library headers and the link flags they need.
LIBS = {'cublas': ['-lcublas'], 'curand.h': ['-lcurand'], 'cufft.h': ['-lcufft'],
        'cusolver': ['-lcusolver', '-lcublas'], 'cusparse': ['-lcusparse'], 'omp.h':
        ['-Xcompiler', '-fopenmp'], 'cuda.h': ['-lcuda']}
# Words in a path that mark programs that need input files, several GPUs or a long run.
SKIP_PATH = ('multi_gpu', 'multigpu', 'MultiGPU', 'p2p', 'P2P', 'oversubscription', 'mps',
             'MPI', 'nccl', 'windows', 'Windows', 'hw7/multi', 'memcheck', 'oob', 'mem_leak',
             'debug_with', 'profile')


def includes(path, seen=None, depth=0):
    """Headers included by path and (one level of) its local headers."""
    seen = seen if seen is not None else set()
    try:
        text = open(path, errors='replace').read()
    except OSError:
        return set()
    found = set(INCLUDE.findall(text))
    if depth < 2:
        for h in list(found):
            local = os.path.join(os.path.dirname(path), h)
            if os.path.isfile(local) and local not in seen:
                seen.add(local)
                found |= includes(local, seen, depth + 1)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--corpora', default='/tmp/corpora')
    a = ap.parse_args()
    out = []
    names = set()
    for corpus, info in CORPORA.items():
        root = os.path.join(a.corpora, corpus)
        if not os.path.isdir(root):
            print(f'scan: {root} missing', file=sys.stderr)
            continue
        for d, _, files in os.walk(root):
            for f in sorted(files):
                if not f.endswith('.cu'):
                    continue
                p = os.path.join(d, f)
                rel = os.path.relpath(p, root)
                text = open(p, errors='replace').read()
                if not MAIN.search(text) or any(s in rel for s in SKIP_PATH):
                    continue
                inc = includes(p)
                if any(any(x in h for x in EXCLUDE) for h in inc):
                    continue
                args = []
                for key, flags in LIBS.items():
                    if any(key in h for h in inc) and not set(flags) <= set(args):
                        args += flags
                args += info.get('nvcc_args', []) + info.get('extra', {}).get(rel, [])
                name = corpus + '/' + rel[:-3]
                if name in names:
                    continue
                names.add(name)
                out.append({'name': name, 'corpus': corpus, 'repo': info['repo'],
                            'commit': info['commit'], 'path': rel, 'nvcc_args': args,
                            'args': info.get('args', {}).get(rel, []),
                            'timeout': info.get('timeouts', {}).get(rel,
                                                                    info.get('timeout', 30))})
    json.dump(out, sys.stdout, indent=1)
    print(file=sys.stderr, end=f'scan: {len(out)} candidates\n')


if __name__ == '__main__':
    main()
