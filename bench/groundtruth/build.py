#!/usr/bin/env python3
"""Build the ground-truth programs with nvcc -lineinfo (no GPU needed).

  bench/groundtruth/build.py --corpora /tmp/corpora --out .gt [-j 2] [--only NAME...]

For every program of programs.py whose corpus is checked out under --corpora, builds
OUT/run/<corpus>/<dir>/gt_<name> (the working directory mirrors the corpus layout, so relative
input paths such as ../../data/x resolve under OUT/run/<corpus>/), copies the program's data
folders beside it, and writes OUT/manifest.json (build command, arguments, timeout, status) that
profile.py reads on the GPU machine. Run gen_inputs.py afterwards for the generated inputs.
"""
import argparse
import concurrent.futures as cf
import json
import os
import shlex
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import programs as P  # noqa: E402

NVCC = os.environ.get('NVCC', '/usr/local/cuda/bin/nvcc')


def key(p):
    return p['corpus'] + '/' + p['name']


def command(p, root, out_bin):
    cmd = [NVCC] + P.COMMON_FLAGS
    cmd += [f.replace('{root}', root) for f in p['flags']]
    cmd += ['-I' + os.path.join(root, i) for i in p['includes']]
    cmd += ['-D' + d for d in p['defines']]
    cmd += [os.path.join(root, s) for s in p['sources']]
    cmd += ['-o', out_bin] + p['libs']
    return cmd


def build_one(p, corpora, out):
    root = os.path.join(corpora, p['corpus'])
    run_dir = os.path.join(out, 'run', p['corpus'], p['dir'])
    os.makedirs(run_dir, exist_ok=True)
    binary = os.path.join(run_dir, 'gt_' + p['name'])
    cmd = command(p, root, binary)
    for d in p['data']:
        src = os.path.join(root, d)
        dst = os.path.join(out, 'run', p['corpus'], d)
        if os.path.isdir(src):
            shutil.copytree(src, dst, dirs_exist_ok=True)
        elif os.path.isfile(src):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy(src, dst)
    t0 = time.time()
    r = subprocess.run(['nice', '-n', '10'] + cmd, capture_output=True, text=True,
                       cwd=run_dir)
    dt = time.time() - t0
    # The recorded command: corpus paths as $CORPUS, the output as the program's binary name.
    shown = [c.replace(root, '$CORPUS').replace(binary, 'gt_' + p['name']) for c in cmd]
    shown[0] = 'nvcc'
    entry = {
        'key': key(p), 'corpus': p['corpus'], 'name': p['name'],
        'cwd': os.path.relpath(run_dir, out), 'binary': os.path.relpath(binary, out),
        'args': p['args'], 'timeout': p['timeout'], 'build_command': shlex.join(shown),
        'build_ok': r.returncode == 0 and os.path.exists(binary), 'build_seconds': round(dt, 1),
    }
    if not entry['build_ok']:
        entry['build_log'] = (r.stdout + r.stderr)[-3000:]
    return entry


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--corpora', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--only', nargs='*', help='corpus/name or name')
    ap.add_argument('--rebuild', action='store_true', help='rebuild programs already built')
    a = ap.parse_args()
    corpora = os.path.abspath(a.corpora)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    mpath = os.path.join(out, 'manifest.json')
    manifest = {}
    if os.path.exists(mpath):
        known = {key(p) for p in P.PROGRAMS}
        manifest = {e['key']: e for e in json.load(open(mpath))['programs'] if e['key'] in known}
    todo = []
    for p in P.PROGRAMS:
        if a.only and key(p) not in a.only and p['name'] not in a.only:
            continue
        if not os.path.isdir(os.path.join(corpora, p['corpus'])):
            print('skip (no checkout):', key(p), file=sys.stderr)
            continue
        old = manifest.get(key(p))
        if old and old['build_ok'] and not a.rebuild and not a.only:
            continue
        todo.append(p)
    with cf.ThreadPoolExecutor(a.j) as ex:
        for e in ex.map(lambda p: build_one(p, corpora, out), todo):
            manifest[e['key']] = e
            print(('ok   ' if e['build_ok'] else 'FAIL ') + e['key'], e['build_seconds'], 's',
                  flush=True)
            if not e['build_ok']:
                print('   ', e['build_log'][-600:].replace('\n', '\n    '))
            order = [key(p) for p in P.PROGRAMS]
            progs = sorted(manifest.values(),
                           key=lambda e: order.index(e['key']) if e['key'] in order else 1 << 30)
            commits = {}
            for c in P.CORPORA:
                try:
                    commits[c] = subprocess.run(
                        ['git', '-C', os.path.join(corpora, c), 'rev-parse', 'HEAD'],
                        capture_output=True, text=True).stdout.strip()
                except OSError:
                    pass
            json.dump({'corpora': {c: dict(P.CORPORA[c], head=commits.get(c, ''))
                                   for c in P.CORPORA},
                       'common_flags': P.COMMON_FLAGS, 'programs': progs},
                      open(mpath, 'w'), indent=1)
    # nn's inputs come from Rodinia's own generator, run by gen_inputs.py.
    gen = os.path.join(corpora, 'gpu-rodinia/cuda/nn/hurricane_gen.c')
    if os.path.exists(gen):
        d = os.path.join(out, 'run/gpu-rodinia/data/nn')
        os.makedirs(d, exist_ok=True)
        subprocess.run(['gcc', '-O2', '-o', os.path.join(d, 'hurricane_gen'), gen, '-lm'],
                       check=False)
    bad = [e['key'] for e in manifest.values() if not e['build_ok']]
    print(f'{len(manifest) - len(bad)} built, {len(bad)} failed: {" ".join(bad)}')


if __name__ == '__main__':
    main()
