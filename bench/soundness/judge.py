#!/usr/bin/env python3
"""Judges the soundness corpus here, after the device run: unpacks run_all.sh's results into the
emitted build directories, runs `divlint confirm --from-results` on each (with --repredict: with
THIS build's analysis, matched to the measured probes by source range, so that any later divlint
can be judged against the same GPU measurements without running the GPU again), and prints the
table: programs built / ran / judged, branches executed and diverged, branches predicted uniform
that diverged (file:line), lanes that arrived split at a uniform test, and per predicted extent.

    python3 bench/soundness/judge.py --results results.tar.xz [--repredict] \
        [--emit .soundness/emit] [--divlint build/bin/divlint] [--json summary.json] \
        [--branches branches.json] [--corpora /tmp/corpora] [-j 2] [--only SUBSTRING]

The measurements travel without the sources: --make-pack FILE writes every judged program's
plan.json (fix-its left out) and results/ into FILE (tar.xz); --pack FILE unpacks such a file
into --emit (default .soundness/rejudge) and points its plans at --corpora (the corpora checked
out at the manifest's commits), so that a later divlint re-judges them with --repredict:

    python3 bench/soundness/judge.py --pack bench/results/soundness-2026-11-25/measured.tar.xz \
        --repredict --corpora /tmp/corpora
"""
import argparse
import collections
import concurrent.futures as cf
import json
import os
import subprocess
import sys
import io
import shutil
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
UNIFORM = ('block-uniform', 'warp-uniform')


def read(path, default=None):
    try:
        return open(path, errors='replace').read().strip()
    except OSError:
        return default


def judge_one(d, a):
    """Status of one program and, when judged, its report."""
    st = {'dir': os.path.basename(d)}
    build = read(os.path.join(d, 'results/build-probe.rc'))
    run = read(os.path.join(d, 'results/run-probe.rc'))
    st['build_rc'] = None if build is None else int(build)
    st['run_rc'] = None if run is None else int(run)
    st['has_counters'] = os.path.exists(os.path.join(d, 'results/probe.json'))
    out = os.path.join(d, 'judged.json')
    if os.path.exists(out):
        os.remove(out)
    cmd = [a.divlint, 'confirm', '--from-results', d, '--json', out]
    if a.repredict:
        cmd.append('--repredict')
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    st['judge_rc'] = r.returncode
    if os.path.exists(out):
        st['report'] = json.load(open(out))
    else:
        st['error'] = (r.stderr or r.stdout)[-600:]
    return st


def make_pack(a, dirs, path):
    """plan.json (without fix-its) and results/ of every program, and where the corpora were."""
    with tarfile.open(path, 'w:xz') as t:
        def add(name, data):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
        add('corpora_root.txt', a.corpora.encode())
        add('index.json', open(os.path.join(a.emit, 'index.json'), 'rb').read())
        for d in dirs:
            base = os.path.basename(d)
            plan = json.load(open(os.path.join(d, 'plan.json')))
            for p in plan['probes']:
                p['fixits'] = []
            add(base + '/plan.json', json.dumps(plan, indent=0).encode())
            res = os.path.join(d, 'results')
            for f in sorted(os.listdir(res)) if os.path.isdir(res) else []:
                add(f'{base}/results/{f}', open(os.path.join(res, f), 'rb').read())


def unpack(a):
    """Unpacks --pack into --emit and points the plans at --corpora."""
    shutil.rmtree(a.emit, ignore_errors=True)
    os.makedirs(a.emit)
    with tarfile.open(a.pack) as t:
        t.extractall(a.emit, filter='data')
    old = open(os.path.join(a.emit, 'corpora_root.txt')).read().strip().rstrip('/') + '/'
    new = a.corpora.rstrip('/') + '/'
    for base in os.listdir(a.emit):
        plan = os.path.join(a.emit, base, 'plan.json')
        if os.path.exists(plan):
            text = open(plan).read().replace(json.dumps(old)[1:-1], json.dumps(new)[1:-1])
            open(plan, 'w').write(text)


def location(b, corpora):
    f = b['file']
    if corpora and f.startswith(corpora.rstrip('/') + '/'):
        f = f[len(corpora.rstrip('/')) + 1:]
    return f'{f}:{b["line"]}'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--emit', default=os.path.join(REPO, '.soundness/emit'))
    ap.add_argument('--results', help='results.tar.xz from run_all.sh (unpacked into --emit)')
    ap.add_argument('--divlint', default=os.path.join(REPO, 'build/bin/divlint'))
    ap.add_argument('--repredict', action='store_true')
    ap.add_argument('--corpora', default='/tmp/corpora')
    ap.add_argument('--json', help='write the summary here')
    ap.add_argument('--branches', help='write every executed branch (compact) here')
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--only', help='judge only programs whose folder contains this')
    ap.add_argument('--make-pack', help='write the measurements (plans, results) here')
    ap.add_argument('--pack', help='judge the measurements of this pack')
    a = ap.parse_args()
    a.divlint = os.path.abspath(a.divlint)
    a.corpora = os.path.abspath(a.corpora)
    if a.pack:
        if a.emit == os.path.join(REPO, '.soundness/emit'):
            a.emit = os.path.join(REPO, '.soundness/rejudge')
        unpack(a)
    if a.results:
        with tarfile.open(a.results) as t:
            t.extractall(a.emit, filter='data')
    index = json.load(open(os.path.join(a.emit, 'index.json')))
    dirs = sorted(os.path.join(a.emit, s['dir']) for s in index.values()
                  if s['emit_rc'] == 0 and s.get('build_rc', 0) == 0
                  and os.path.exists(os.path.join(a.emit, s['dir'], 'plan.json'))
                  and (not a.only or a.only in s['dir']))
    if a.make_pack:
        make_pack(a, dirs, a.make_pack)
    with cf.ThreadPoolExecutor(a.j) as ex:
        programs = list(ex.map(lambda d: judge_one(d, a), dirs))

    count = collections.Counter()
    count['emitted'] = len(dirs)
    per_extent = collections.defaultdict(collections.Counter)
    uniform_diverged, arrived_split, rows = [], [], []
    skipped_reasons = collections.Counter()
    for p in programs:
        count['built'] += p['build_rc'] == 0
        count['ran'] += p['has_counters']
        count['exit_0'] += p['run_rc'] == 0
        count['timed_out'] += p['run_rc'] in (124, 137)
        rep = p.get('report')
        if not rep or not p['has_counters']:
            p.pop('report', None)  # judged without counters (it crashed first): not judged
            continue
        count['judged'] += 1
        for s in rep.get('skipped', []):
            skipped_reasons[s['reason'].split(' (')[0]] += 1
        for b in rep['branches']:
            m, pr = b['measured'], b['predicted']
            count['branches'] += 1
            if not m['executions']:
                continue
            count['executed'] += 1
            div = m['divergent_executions'] > 0
            count['diverged'] += div
            cls = pr['class']
            key = cls if cls in UNIFORM else 'lane-varying/' + str(pr.get('extent'))
            per_extent[key]['executed'] += 1
            per_extent[key]['diverged'] += div
            row = {'program': p['dir'], 'location': location(b, a.corpora),
                   'condition': b['condition'], 'construct': b['construct'],
                   'predicted': cls, 'extent': pr.get('extent'),
                   'executions': m['executions'], 'divergent': m['divergent_executions'],
                   'instance_divergent': m['counters'].get('instance_divergent'),
                   'split_arrivals': m['counters'].get('split_arrivals'),
                   'instance_loops': m.get('instance_loops', 0),
                   'verdict': b['verdict']['class']}
            rows.append(row)
            if cls in UNIFORM and div:
                count['uniform_diverged_any'] += 1
                if m.get('arrived_split'):
                    arrived_split.append(row)
                    per_extent[key]['arrived_split'] += 1
                else:
                    uniform_diverged.append(row)
                    per_extent[key]['uniform_diverged'] += 1
    count['uniform_diverged'] = len(uniform_diverged)
    count['arrived_split'] = len(arrived_split)

    print(f"programs: {count['emitted']} emitted, {count['built']} built, {count['ran']} ran "
          f"(probe counters written; {count['exit_0']} exited 0, {count['timed_out']} timed out), "
          f"{count['judged']} judged")
    print(f"branches: {count['branches']} probed, {count['executed']} executed, "
          f"{count['diverged']} diverged")
    print(f"predicted uniform (block or warp) that diverged: {count['uniform_diverged']} "
          f"(+{count['arrived_split']} where lanes arrived split at a uniform test)")
    print('\nper prediction      executed  diverged  uniform-diverged  arrived-split')
    for k in sorted(per_extent):
        c = per_extent[k]
        print(f"  {k:<18} {c['executed']:>8}  {c['diverged']:>8}  {c['uniform_diverged']:>16}"
              f"  {c['arrived_split']:>13}")
    for title, lst in (('predicted uniform, diverged', uniform_diverged),
                       ('arrived split (independent thread scheduling)', arrived_split)):
        if lst:
            print(f'\n{title}:')
            for r in lst:
                print(f"  {r['location']}  {r['construct']} '{r['condition']}': predicted "
                      f"{r['predicted']}, {r['divergent']}/{r['executions']} warp evaluations "
                      f"diverged (same-iteration: {r['instance_divergent']}, loops in key: "
                      f"{r['instance_loops']})")
    failed = [p for p in programs if not p.get('report')]
    if failed:
        reasons = collections.Counter(
            'build failed' if p['build_rc'] not in (0, None) else
            'not run' if p['build_rc'] is None else
            'timed out' if p['run_rc'] in (124, 137) else
            f"no counters (exit {p['run_rc']})" for p in failed)
        print('\nnot judged: ' + ', '.join(f'{n} {r}' for r, n in reasons.most_common()))
    if skipped_reasons:
        print('not instrumented: ' + ', '.join(f'{n} {r}' for r, n in
                                                skipped_reasons.most_common(8)))
    summary = {'divlint': subprocess.run([a.divlint, '--version'], capture_output=True,
                                         text=True).stdout.strip(),
               'repredicted': a.repredict, 'counts': count,
               'per_prediction': {k: dict(v) for k, v in per_extent.items()},
               'uniform_diverged': uniform_diverged, 'arrived_split': arrived_split,
               'not_judged': [{'dir': p['dir'], 'build_rc': p['build_rc'],
                               'run_rc': p['run_rc'], 'error': p.get('error', '')[-300:]}
                              for p in failed],
               'not_instrumented': dict(skipped_reasons)}
    if a.json:
        json.dump(summary, open(a.json, 'w'), indent=1)
    if a.branches:
        json.dump(rows, open(a.branches, 'w'), indent=0)


if __name__ == '__main__':
    main()
