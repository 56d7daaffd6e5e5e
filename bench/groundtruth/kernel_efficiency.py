#!/usr/bin/env python3
"""Per-kernel predicted warp execution efficiency against Nsight Compute (issue 15, item 3).

  bench/groundtruth/kernel_efficiency.py --corpora /tmp/corpora [--divlint build/bin/divlint]
        [--data bench/groundtruth/data] [-j 2] [--only PROGRAM...] [--json FILE] [--cache DIR]
        [--tolerance 0.05] [-- EXTRA DIVLINT ARGS]

Runs divlint (--format=json) on every .cu translation unit of each measured program exactly as
compare.py does (same include paths, macros and options; its run_divlint), adding
--block-dim=KERNEL:X,Y,Z for every kernel the program launched, with the block shape of the
measured launch (a launch shape is an input the user may give). Kernels are matched by name:
the measured mangled name (static kernels carry nvcc's __nv_static_..._ prefix) is demangled
with c++filt, and compared with divlint's `qualified_name` (namespaces and template arguments),
else its plain `name` when only one kernel of the program has it.

Measured: warp_execution_efficiency = smsp__thread_inst_executed.sum / (32 x
smsp__inst_executed.sum) of the kernel's first launch (bench/groundtruth/README.md).

Prints per kernel the prediction (a point where thread indices and shapes decide the kernel's
divergence, else a range) against the measurement, and the counts: points within +-TOLERANCE,
ranges that contain the measurement; the worst misses with divlint's reasons.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare as C  # noqa: E402  (run_divlint, tu_args: the same divlint runs as compare.py)
import programs as P  # noqa: E402


def mangled(name):
    """nvcc prefixes internal-linkage kernels with __nv_static_<n>__<hash>_<file>__: drop it."""
    i = name.find('__Z')
    if name.startswith('__nv_static_') and i >= 0:
        return name[i + 1:]
    return name


def demangle_all(names):
    names = sorted(set(names))
    if not names:
        return {}
    out = subprocess.run(['c++filt'], input='\n'.join(mangled(n) for n in names),
                         capture_output=True, text=True, check=True).stdout.split('\n')
    return dict(zip(names, out))


def split_demangled(d):
    """'void ns::k<float, 128>(float*, int)' -> ('ns::k<float, 128>', 'k')."""
    s = d.strip()
    # drop the parameter list: the last balanced (...) at the end
    if s.endswith(')'):
        depth = 0
        for i in range(len(s) - 1, -1, -1):
            depth += {')': 1, '(': -1}.get(s[i], 0)
            if depth == 0:
                s = s[:i]
                break
    # drop a return type: the last space at template depth 0
    depth = 0
    cut = -1
    for i, ch in enumerate(s):
        depth += {'<': 1, '>': -1}.get(ch, 0)
        if ch == ' ' and depth == 0:
            cut = i
    qualified = s[cut + 1:] if cut >= 0 and not s.startswith('(anonymous') else s
    if s.startswith('(anonymous namespace)'):
        qualified = s
    base = qualified
    if base.endswith('>'):
        depth = 0
        for i in range(len(base) - 1, -1, -1):
            depth += {'>': 1, '<': -1}.get(base[i], 0)
            if depth == 0:
                base = base[:i]
                break
    base = base.split('::')[-1]
    return qualified, base


def norm(q):
    """Template argument spelling differs between nvcc's mangling and clang's printing."""
    q = q.replace('(anonymous namespace)::', '')
    q = re.sub(r'\b(\d+)[uUlL]+\b', r'\1', q)
    q = re.sub(r'\(([a-z ]+)\)(-?\d+)', r'\2', q)  # (unsigned int)256 -> 256
    return q.replace(' ', '')


def predicted(k):
    if k.get('predicted_warp_execution_efficiency') is not None:
        v = k['predicted_warp_execution_efficiency']
        return v, v
    r = k.get('predicted_warp_execution_efficiency_range')
    return (r[0], r[1]) if r else (None, None)


def main():
    argv = sys.argv[1:]
    extra = []
    if '--' in argv:
        i = argv.index('--')
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--divlint', default=os.path.join(HERE, '../../build/bin/divlint'))
    ap.add_argument('--corpora', required=True)
    ap.add_argument('--data', default=os.path.join(HERE, 'data'))
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--only', nargs='*')
    ap.add_argument('--json')
    ap.add_argument('--cache')
    ap.add_argument('--timeout', type=int, default=900)
    ap.add_argument('--tolerance', type=float, default=0.05)
    ap.add_argument('--worst', type=int, default=15, help='misses to list with their reasons')
    a = ap.parse_args(argv)
    divlint = os.path.abspath(a.divlint)
    corpora = os.path.abspath(a.corpora)
    progs = [(key, d, spec) for key, d, spec in C.load_programs(a.data, P.by_key(), a.only)
             if d.get('kernels')]
    dem = demangle_all([k['name'] for _, d, _ in progs for k in d['kernels']])

    # One divlint run per translation unit, with the measured block shape of each kernel the
    # program launched (by plain name: --block-dim names a kernel as divlint does).
    jobs = {}
    for key, d, p in progs:
        root = os.path.join(corpora, p['corpus'])
        dims = {}
        for k in d['kernels']:
            base = split_demangled(dem[k['name']])[1]
            dims.setdefault(base, k['block'])  # template instances: the first one's shape
        dim_args = ['--block-dim=%s:%d,%d,%d' % (b, *s) for b, s in sorted(dims.items())]
        for s in p['sources']:
            if s.endswith('.cu'):
                tu = os.path.join(root, s)
                jobs.setdefault((key, tu, tuple(C.tu_args(p, root)), tuple(dim_args)), None)
    t0 = time.time()
    with cf.ThreadPoolExecutor(a.j) as ex:
        futs = {k: ex.submit(C.run_divlint, divlint, k[1], list(k[2]), list(k[3]) + extra,
                             a.timeout, a.cache) for k in jobs}
        for k, f in futs.items():
            jobs[k] = f.result()
    elapsed = time.time() - t0

    rows = []
    for key, d, p in progs:
        found = []
        for jk, res in jobs.items():
            if jk[0] == key:
                found += res.get('kernels', [])
        by_q, by_base = {}, {}
        for k in found:
            by_q.setdefault(norm(k.get('qualified_name') or k['name']), k)
            by_base.setdefault(k['name'], []).append(k)
        for m in d['kernels']:
            if m.get('warp_execution_efficiency') is None:
                continue  # no instructions counted (library code, a failed result)
            q, base = split_demangled(dem[m['name']])
            k = by_q.get(norm(q))
            how = 'qualified'
            if k is None:
                cands = by_base.get(base, [])
                preds = {json.dumps(predicted(c)) for c in cands}
                if len(cands) == 1 or (cands and len(preds) == 1):
                    k, how = cands[0], 'name'
            row = {'program': key, 'kernel': q, 'mangled': m['name'], 'block': m['block'],
                   'grid': m['grid'], 'measured': m['warp_execution_efficiency'], 'match': how}
            if k is None:
                row['match'] = None
                rows.append(row)
                continue
            lo, hi = predicted(k)
            row.update({'low': lo, 'high': hi,
                        'point': k.get('predicted_warp_execution_efficiency') is not None,
                        'divlint_shapes': k.get('block_shapes'),
                        'regions': k.get('lane_varying_regions'),
                        'reasons': k.get('range_reasons', []),
                        'assumptions': k.get('assumptions', [])})
            meas = row['measured']
            # divlint prints 3 decimals and the data hold 4: half a printed unit of slack.
            eps = 5e-4
            if row['point']:
                row['error'] = round(lo - meas, 3)
                row['ok'] = abs(lo - meas) <= a.tolerance + 1e-9
            else:
                row['error'] = round(min(abs(lo - meas), abs(hi - meas)), 3) \
                    if not (lo - eps <= meas <= hi + eps) else 0.0
                row['ok'] = lo - eps <= meas <= hi + eps
            rows.append(row)

    print(f'{"program":36} {"kernel":44} {"block":>11} {"predicted":>13} {"measured":>8} ok')
    for r in rows:
        blk = 'x'.join(map(str, r['block']))
        if r['match'] is None:
            pred = 'unmatched'
        elif r['point']:
            pred = f'{r["low"]:.3f}'
        else:
            pred = f'{r["low"]:.3f}-{r["high"]:.3f}'
        ok = '' if r['match'] is None else ('yes' if r['ok'] else 'NO')
        print(f'{r["program"][:36]:36} {r["kernel"][:44]:44} {blk:>11} {pred:>13} '
              f'{r["measured"]:8.3f} {ok}')
    pts = [r for r in rows if r['match'] and r['point']]
    rng = [r for r in rows if r['match'] and not r['point']]
    unm = [r for r in rows if not r['match']]
    pts_ok = sum(r['ok'] for r in pts)
    rng_ok = sum(r['ok'] for r in rng)
    errs = sorted(abs(r['error']) for r in pts)
    print()
    print(f'measured kernels {len(rows)}: matched {len(rows) - len(unm)}, unmatched {len(unm)}')
    print(f'index-decided (point) predictions: {len(pts)}, within +-{a.tolerance}: {pts_ok}'
          + (f'  (median |error| {errs[len(errs) // 2]:.3f}, max {errs[-1]:.3f})' if errs else ''))
    print(f'data-decided (range) predictions: {len(rng)}, containing the measurement: {rng_ok}')
    width = sorted(r['high'] - r['low'] for r in rng)
    if width:
        print(f'range width: median {width[len(width) // 2]:.3f}, max {width[-1]:.3f}')
    print(f'divlint: {len(jobs)} translation units in {elapsed:.0f}s; extra args: '
          f'{" ".join(extra) or "(none)"}')
    misses = sorted([r for r in rows if r['match'] and not r['ok']],
                    key=lambda r: -abs(r['error']))
    if misses:
        print(f'\nworst misses (of {len(misses)}):')
        for r in misses[:a.worst]:
            pred = f'{r["low"]:.3f}' if r['point'] else f'{r["low"]:.3f}-{r["high"]:.3f}'
            print(f'  {r["program"]} {r["kernel"]} block {"x".join(map(str, r["block"]))}: '
                  f'predicted {pred}, measured {r["measured"]:.3f} ({r["regions"]} lane-varying '
                  f'regions)')
            for why in r['reasons'][:3]:
                print(f'      range: {why}')
    if unm:
        print('\nunmatched (no kernel of that name in divlint\'s output):')
        for r in unm:
            print(f'  {r["program"]} {r["kernel"]}')
    if a.json:
        json.dump({'divlint': divlint, 'extra_args': extra, 'tolerance': a.tolerance,
                   'date_utc': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
                   'counts': {'kernels': len(rows), 'unmatched': len(unm), 'points': len(pts),
                              'points_within': pts_ok, 'ranges': len(rng),
                              'ranges_containing': rng_ok},
                   'kernels': rows}, open(a.json, 'w'), indent=1)


if __name__ == '__main__':
    main()
