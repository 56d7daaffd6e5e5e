#!/usr/bin/env python3
"""Writes a `divlint confirm` program-mode build directory (--emit-only) for every manifest entry,
into OUT/<name> (default .soundness/emit, git-ignored), and OUT/index.json (entry -> status).
With --check-build, also builds each emitted probe variant here with nvcc (no GPU needed) and
records whether it built: entries that do not build here are left out of the device run.

    python3 bench/soundness/emit.py --corpora /tmp/corpora --divlint build/bin/divlint \
        [--manifest bench/soundness/manifest.json] [--out .soundness/emit] [-j 2] [--check-build] \
        [--corpus NAME[,NAME...]] [--only NAME[,NAME...]]
"""
import argparse
import concurrent.futures as cf
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def dirname_of(name):
    return name.replace('/', '__').replace(' ', '_')


def emit(e, a):
    root = os.path.join(a.corpora, e['corpus'])
    src = os.path.join(root, e['path'])
    out = os.path.join(a.out, dirname_of(e['name']))
    shutil.rmtree(out, ignore_errors=True)
    cmd = [a.divlint, 'confirm', src, '--arch=sm_90', '--timeout', str(e.get('timeout', 30)),
           '--emit-only', out]
    cmd += ['--nvcc-arg=' + x.replace('{root}', root).replace('{corpora}', a.corpora)
            for x in e.get('nvcc_args', [])]
    cmd += ['--'] + e.get('args', [])
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    st = {'name': e['name'], 'dir': dirname_of(e['name']), 'emit_rc': r.returncode,
          'emit_err': r.stderr[-2000:] if r.returncode else ''}
    if r.returncode == 0 and a.check_build:
        env = dict(os.environ, NVCC=a.nvcc, JOBS='1', DIVLINT_NO_NCU='1')
        # Build only: run.sh's run step finds no GPU here and ends at once.
        subprocess.run(['bash', os.path.join(out, 'run.sh')], env=env, capture_output=True,
                       timeout=900)
        try:
            st['build_rc'] = int(open(os.path.join(out, 'results/build-probe.rc')).read())
        except (OSError, ValueError):
            st['build_rc'] = -1
        if st['build_rc'] != 0:
            st['build_log'] = open(os.path.join(out, 'logs/build-probe.log'),
                                   errors='replace').read()[-1500:]
        for sub in ('bin', 'results', 'logs'):  # the device run starts clean
            shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
    return st


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--corpora', default='/tmp/corpora')
    ap.add_argument('--divlint', default=os.path.join(REPO, 'build/bin/divlint'))
    ap.add_argument('--manifest', default=os.path.join(HERE, 'manifest.json'))
    ap.add_argument('--out', default=os.path.join(REPO, '.soundness/emit'))
    ap.add_argument('--nvcc', default=shutil.which('nvcc') or '/usr/local/cuda/bin/nvcc')
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--check-build', action='store_true')
    ap.add_argument('--only', help='comma-separated entry names')
    ap.add_argument('--corpus', help='comma-separated corpus names (manifest `corpus`)')
    a = ap.parse_args()
    a.divlint = os.path.abspath(a.divlint)
    a.corpora = os.path.abspath(a.corpora)
    entries = json.load(open(a.manifest))
    if a.only:
        keep = set(a.only.split(','))
        entries = [e for e in entries if e['name'] in keep]
    if a.corpus:
        keep = set(a.corpus.split(','))
        entries = [e for e in entries if e['corpus'] in keep]
    os.makedirs(a.out, exist_ok=True)
    index_path = os.path.join(a.out, 'index.json')
    index = json.load(open(index_path)) if os.path.exists(index_path) else {}
    with cf.ThreadPoolExecutor(a.j) as ex:
        for n, st in enumerate(ex.map(lambda e: emit(e, a), entries), 1):
            index[st['name']] = st
            ok = st['emit_rc'] == 0 and st.get('build_rc', 0) == 0
            print(f"[{n}/{len(entries)}] {'ok  ' if ok else 'FAIL'} {st['name']}", flush=True)
            json.dump(index, open(index_path, 'w'), indent=1)
    bad = [s for s in index.values() if s['emit_rc'] != 0 or s.get('build_rc', 0) != 0]
    print(f'emit: {len(index) - len(bad)} of {len(index)} emitted'
          f"{' and built here' if a.check_build else ''}")


if __name__ == '__main__':
    main()
