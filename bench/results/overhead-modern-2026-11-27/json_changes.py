#!/usr/bin/env python3
"""JSON outputs of two builds over same_findings' inputs: identical, range_reasons order only, or
findings changed (listed: place, rule, class/severity/extent before -> after).

usage: json_changes.py BEFORE AFTER   (corpora in /tmp/corpora and /tmp/corpora-modern)"""
import sys, os, glob, json, subprocess, concurrent.futures as cf
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'bench'))
from corpus_units import spread, units
import modern_units
A, B = sys.argv[1], sys.argv[2]
inputs = []
for pattern in [os.path.join(ROOT, "..", "shared", "spec", "*.cu"), os.path.join(ROOT, "examples", "*.cu"), os.path.join(ROOT, "test", "lit", "*.cu")]:
    inputs += [("local", f, []) for f in sorted(glob.glob(pattern))]
by = {}
for u in units('/tmp/corpora'):
    by.setdefault(u[0], []).append(u)
per = max(1, 100 // max(1, len(by)))
for n in sorted(by):
    inputs += spread(by[n], per)
inputs += modern_units.units('/tmp/corpora-modern')
def run(binary, tu, args):
    p = subprocess.run([binary, tu, "-j", "1", "--format=json", "--report-all", "--no-cache", "--", *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=900)
    return p.returncode, p.stdout
def norm(d):
    for k in d.get('kernels', []):
        k['range_reasons'] = sorted(k.get('range_reasons') or [])
    return d
def check(i):
    _, tu, args = i
    a, b = run(A, tu, args), run(B, tu, args)
    if a == b:
        return tu, 'identical', []
    try:
        da, db = json.loads(a[1]), json.loads(b[1])
    except Exception:
        return tu, 'unparsable', []
    if norm(da) == norm(db) and a[0] == b[0]:
        return tu, 'order-only', []
    fa = {(f['file'], f['line'], f['column'], f['rule'] if f['rule'] != 'uniform-branch' else 'divergent-branch'): f for f in da['findings']}
    fb = {(f['file'], f['line'], f['column'], f['rule'] if f['rule'] != 'uniform-branch' else 'divergent-branch'): f for f in db['findings']}
    ch = []
    for k in sorted(set(fa) | set(fb), key=str):
        x, y = fa.get(k), fb.get(k)
        sx = x and (x['class'], x['severity'], x.get('extent'))
        sy = y and (y['class'], y['severity'], y.get('extent'))
        if sx != sy:
            ch.append('%s:%d:%d %s: %s -> %s' % (os.path.basename(k[0]), k[1], k[2], k[3], sx, sy))
    other = 'findings' if ch else 'other fields'
    return tu, other, ch
with cf.ThreadPoolExecutor(2) as ex:
    res = list(ex.map(check, inputs))
import collections
c = collections.Counter(r[1] for r in res)
print(dict(c), 'of', len(res))
for tu, kind, ch in res:
    if kind not in ('identical',):
        print(kind, tu)
        for x in ch[:40]:
            print('   ', x)
