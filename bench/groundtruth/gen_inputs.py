#!/usr/bin/env python3
"""Write the inputs that the Rodinia programs read (Rodinia's data/ folder is not in the repo).

  python3 bench/groundtruth/gen_inputs.py RUN_ROOT      (RUN_ROOT = .gt/run, see build.py)

Random data from a fixed seed, in the formats the programs parse: bfs (graph: node count,
"start degree" per node, source, edge count, "dest weight" per edge), hotspot and hotspot3D (one
float per line), srad_v1 (an ASCII PGM image). nn's files come from the generator in the
Rodinia repo (hurricane_gen.c), which build.py compiles; this script runs it when it finds it.
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


def srad_pgm(root, rows=502, cols=458, seed=4):
    """srad_v1 reads ../../../data/srad/image.pgm: 3 header lines, then rows x cols values."""
    rnd = random.Random(seed)
    vals = [str(rnd.randint(0, 255)) for _ in range(rows * cols)]
    body = [' '.join(vals[i:i + cols]) for i in range(0, len(vals), cols)]
    write_lines(os.path.join(root, 'gpu-rodinia/data/srad/image.pgm'),
                ['P2', f'{cols} {rows}', '255'] + body)


def nn(root):
    """hurricane_gen writes data/cane4_<i>.db under its working directory."""
    d = os.path.abspath(os.path.join(root, 'gpu-rodinia/data/nn'))
    gen = os.path.join(d, 'hurricane_gen')
    if os.path.exists(gen):
        os.makedirs(os.path.join(d, 'data'), exist_ok=True)
        subprocess.run([gen, '42760', '4'], cwd=d, check=True, stdout=subprocess.DEVNULL)
        for f in os.listdir(os.path.join(d, 'data')):
            os.replace(os.path.join(d, 'data', f), os.path.join(d, f))


if __name__ == '__main__':
    root = sys.argv[1]
    bfs(root)
    hotspot(root)
    hotspot3d(root)
    srad_pgm(root)
    nn(root)
    print('inputs written under', root)
