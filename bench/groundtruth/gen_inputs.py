#!/usr/bin/env python3
"""Write the inputs that the Rodinia programs read (Rodinia's data/ folder is not in the repo).

  python3 bench/groundtruth/gen_inputs.py RUN_ROOT      (RUN_ROOT = .gt/run, see build.py)

Random data from a fixed seed, in the formats the programs parse: bfs (graph: node count,
"start degree" per node, source, edge count, "dest weight" per edge), hotspot and hotspot3D (one
float per line). nn's files come from the generator in the Rodinia repo (hurricane_gen.c), which
build.py compiles; this script runs it when it finds the binary.
Runs on the GPU machine too (standard library only), so the inputs need not travel.
"""
import os
import random
import subprocess
import sys


def write_lines(path, values):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write('\n'.join(values))
        f.write('\n')


def bfs(root, n=65536, seed=1):
    rnd = random.Random(seed)
    starts, edges = [], []
    for _ in range(n):
        deg = rnd.randint(1, 10)
        starts.append(f'{len(edges)} {deg}')
        for _ in range(deg):
            edges.append(f'{rnd.randrange(n)} {rnd.randint(1, 10)}')
    path = os.path.join(root, 'gpu-rodinia/data/bfs/graph65536.txt')
    write_lines(path, [str(n)] + starts + ['', '0', '', str(len(edges))] + edges)


def hotspot(root, n=512, seed=2):
    rnd = random.Random(seed)
    d = os.path.join(root, 'gpu-rodinia/data/hotspot')
    write_lines(os.path.join(d, f'temp_{n}'), [f'{rnd.uniform(320, 345):.6f}' for _ in range(n * n)])
    write_lines(os.path.join(d, f'power_{n}'), [f'{rnd.uniform(0, 0.01):.6f}' for _ in range(n * n)])


def hotspot3d(root, n=512, layers=8, seed=3):
    rnd = random.Random(seed)
    d = os.path.join(root, 'gpu-rodinia/data/hotspot3D')
    cnt = n * n * layers
    write_lines(os.path.join(d, f'power_{n}x{layers}'), [f'{rnd.uniform(0, 0.01):.6f}' for _ in range(cnt)])
    write_lines(os.path.join(d, f'temp_{n}x{layers}'), [f'{rnd.uniform(320, 345):.6f}' for _ in range(cnt)])


def nn(root):
    gen = os.path.join(root, 'gpu-rodinia/data/nn/hurricane_gen')
    if os.path.exists(gen):
        subprocess.run([gen, '42760', '4'], cwd=os.path.dirname(gen), check=True,
                       stdout=subprocess.DEVNULL)


if __name__ == '__main__':
    root = sys.argv[1]
    bfs(root)
    hotspot(root)
    hotspot3d(root)
    nn(root)
    print('inputs written under', root)
