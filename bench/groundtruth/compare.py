#!/usr/bin/env python3
"""Compare divlint's findings with the GPU-measured ground truth, line by line.

  bench/groundtruth/compare.py --corpora /tmp/corpora [--divlint build/bin/divlint]
        [--data bench/groundtruth/data] [-j 2] [--only PROGRAM...] [--json FILE]
        [--misses] [--show-source] [--no-inlined] [--cache DIR] [-- EXTRA DIVLINT ARGS]

Runs divlint (--format=json --report-all) on every .cu translation unit of each measured
program, with the include paths and macros its build used, and joins the findings to the
measured source lines by (file relative to the corpus root, line).

Definitions (a "line" is a source line of the corpus):
  executed branch line  a conditional branch of the line ran: cond_bra_executed > 0 (BRA under
                        a predicate, BRX) or exit_executed > 0 (predicated EXIT, an early
                        return nvcc made of a condition)
  observed-divergent    divergent_branches > 0 or exit_divergent_min > 0 on the line, or (unless
                        --no-inlined) in code from CUDA headers inlined at the line
  a finding matches     its [line, end_line] covers the measured line, or one of the lines where
                        nvcc computed the predicate of the line's (divergent) branches
                        (cond_lines / divergent_cond_lines: nvcc often puts the branch of an
                        if/else it predicated on the closing brace)
  recall                observed-divergent lines with a lane-varying finding (any rule)
  soundness misses      observed-divergent lines without one: "reported uniform" (only
                        block-/warp-uniform findings) or "no finding"
  precision             of the executed branch lines with a lane-varying finding, the fraction
                        that diverged
  structural false alarm an executed branch line that never diverged with a lane-varying finding
                        of extent every-warp or partial (and none of extent tail/data-dependent);
                        also given as % of the lane-varying-predicted executed lines

Findings come from divlint's own header filter (its default unless EXTRA DIVLINT ARGS give one).
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import programs as P  # noqa: E402

LANE = 'lane-varying'
STRUCTURAL = ('every-warp', 'partial')


def tu_args(p, root):
    args = P.include_args(p, root)
    if p['corpus'] == 'cuda-samples':
        args.append('-std=c++17')
    return args


def run_divlint(divlint, tu, args, extra, timeout, cache):
    cmd = [divlint, tu, '--format=json', '--report-all', '-j', '1'] + extra + ['--'] + args
    ck = None
    if cache:
        h = hashlib.sha1()
        h.update(open(divlint, 'rb').read() if os.path.getsize(divlint) < (1 << 28) else b'')
        h.update(json.dumps(cmd[1:]).encode())
        ck = os.path.join(cache, h.hexdigest() + '.json')
        if os.path.exists(ck):
            return json.load(open(ck))
    t0 = time.time()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors='replace',
                           timeout=timeout)
        out, rc, err = r.stdout, r.returncode, r.stderr
    except subprocess.TimeoutExpired:
        out, rc, err = '', 'timeout', ''
    res = {'tu': tu, 'rc': rc, 'seconds': round(time.time() - t0, 1), 'findings': [],
           'errors': []}
    try:
        j = json.loads(out)
        res['findings'] = [{k: f.get(k) for k in ('file', 'line', 'end_line', 'column', 'rule',
                                                  'class', 'extent', 'construct', 'condition',
                                                  'likely_predicated', 'arm_costs', 'severity')}
                           for f in j.get('findings', [])]
        res['errors'] = [str(e)[:300] for e in j.get('errors', [])]
        res['kernels'] = j.get('kernels', [])  # kernel_efficiency.py
    except ValueError:
        res['errors'] = ['no JSON from divlint: ' + (err or out)[-300:]]
    if ck and rc != 'timeout':
        os.makedirs(cache, exist_ok=True)
        json.dump(res, open(ck, 'w'))
    return res


def line_sets(d, inlined):
    """measured lines of a program: {(file, line): record}, in-corpus files only."""
    lines = {}
    for L in d['lines']:
        if L['file'].startswith('@'):
            continue
        lines[(L['file'], L['line'])] = dict(L, via_inlined=False)
    if inlined:
        for L in d.get('inlined_into', []):
            k = (L['file'], L['line'])
            div = L['divergent_branches'] > 0 or L['exit_divergent_min'] > 0
            ex = L['cond_bra_executed'] > 0 or L['exit_executed'] > 0
            if not ex:
                continue
            cur = lines.setdefault(k, {'file': k[0], 'line': k[1], 'cond_bra_executed': 0,
                                       'exit_executed': 0, 'divergent_branches': 0,
                                       'exit_divergent_min': 0, 'via_inlined': False})
            cur['inlined_executed'] = True
            cur['inlined_executions'] = L['cond_bra_executed'] + L['exit_executed']
            if div and not (cur['divergent_branches'] > 0 or cur['exit_divergent_min'] > 0):
                cur['via_inlined'] = True
                cur['inlined_divergent'] = L['divergent_branches'] + L['exit_divergent_min']
    return lines


def compare_program(d, p, findings, inlined):
    by_line = {}
    for f in findings:
        lo = f['line'] or 0
        hi = max(lo, f.get('end_line') or lo)
        for ln in range(lo, hi + 1):
            by_line.setdefault((f['file'], ln), []).append(f)
    lines = line_sets(d, inlined)
    rows = []
    for k, L in sorted(lines.items()):
        executed = L['cond_bra_executed'] > 0 or L['exit_executed'] > 0 or L.get('inlined_executed')
        if not executed:
            continue
        divergent = (L['divergent_branches'] > 0 or L['exit_divergent_min'] > 0 or
                     L['via_inlined'])
        keys = [k] + [tuple(c) for c in (L.get('divergent_cond_lines') if divergent else
                                         L.get('cond_lines')) or []]
        fs = []
        for kk in keys:
            fs += by_line.get(kk, [])
        lv = [f for f in fs if f['class'] == LANE]
        rows.append({
            'file': k[0], 'line': k[1], 'divergent': divergent,
            'via_inlined': bool(L['via_inlined']),
            'executions': int(L['cond_bra_executed'] + L['exit_executed'] +
                              L.get('inlined_executions', 0)),
            'divergent_executions': int(L['divergent_branches'] + L['exit_divergent_min'] +
                                        L.get('inlined_divergent', 0)),
            'matched_lines': sorted({kk[1] for kk in keys if kk in by_line}),
            'lane_varying': bool(lv),
            'classes': sorted({f['class'] for f in fs}),
            'extents': sorted({f['extent'] for f in lv if f['extent']}),
            'severities': sorted({f['severity'] for f in lv}),
            'rules': sorted({f['rule'] for f in fs}),
        })
    s = {'executed_lines': len(rows), 'observed_divergent': 0, 'recalled': 0,
         'miss_reported_uniform': 0, 'miss_no_finding': 0, 'divergent_via_inlined': 0,
         'lv_predicted': 0, 'lv_predicted_divergent': 0, 'structural_false_alarms': 0,
         'findings': len(findings)}
    misses, alarms = [], []
    for r in rows:
        if r['divergent']:
            s['observed_divergent'] += 1
            s['divergent_via_inlined'] += r['via_inlined']
            if r['lane_varying']:
                s['recalled'] += 1
            elif r['classes']:
                s['miss_reported_uniform'] += 1
                misses.append(dict(r, kind='reported uniform'))
            else:
                s['miss_no_finding'] += 1
                misses.append(dict(r, kind='no finding'))
        if r['lane_varying']:
            s['lv_predicted'] += 1
            s['lv_predicted_divergent'] += r['divergent']
            if (not r['divergent'] and r['extents'] and
                    all(e in STRUCTURAL for e in r['extents'])):
                s['structural_false_alarms'] += 1
                alarms.append(r)
    return s, rows, misses, alarms


def load_programs(data, specs, only=None, warn=False):
    """The measured programs under DATA (CORPUS/*.json, as import_results.py writes them) that
    programs.py describes: (key, measurement, spec) in a stable order. ONLY: keys or program
    names to keep; WARN: say on stderr which measured programs programs.py does not know."""
    progs = []
    for c in sorted(os.listdir(data)):
        if not os.path.isdir(os.path.join(data, c)):
            continue
        for f in sorted(os.listdir(os.path.join(data, c))):
            if not f.endswith('.json'):
                continue
            d = json.load(open(os.path.join(data, c, f)))
            key = d['program']
            if only and key not in only and key.split('/')[1] not in only:
                continue
            spec = specs.get(tuple(key.split('/', 1)))
            if not spec:
                if warn:
                    print('not in programs.py:', key, file=sys.stderr)
                continue
            progs.append((key, d, spec))
    return progs


def ratio(a, b):
    return round(a / b, 3) if b else None


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
    ap.add_argument('--misses', action='store_true', help='list the soundness misses')
    ap.add_argument('--alarms', action='store_true', help='list the structural false alarms')
    ap.add_argument('--show-source', action='store_true',
                    help='with --misses/--alarms: print the source line (from --corpora)')
    ap.add_argument('--no-inlined', action='store_true',
                    help='ignore divergence in CUDA-header code inlined at a line')
    ap.add_argument('--cache', help='reuse divlint results per (binary, TU, arguments)')
    ap.add_argument('--timeout', type=int, default=900)
    a = ap.parse_args(argv)
    divlint = os.path.abspath(a.divlint)
    corpora = os.path.abspath(a.corpora)
    progs = load_programs(a.data, P.by_key(), a.only, warn=True)
    # one divlint run per distinct (TU, arguments)
    jobs = {}
    for key, d, p in progs:
        root = os.path.join(corpora, p['corpus'])
        for s in p['sources']:
            if s.endswith('.cu'):
                tu = os.path.join(root, s)
                jobs.setdefault((tu, tuple(tu_args(p, root))), None)
    t0 = time.time()
    with cf.ThreadPoolExecutor(a.j) as ex:
        futs = {k: ex.submit(run_divlint, divlint, k[0], list(k[1]), extra, a.timeout, a.cache)
                for k in jobs}
        for k, f in futs.items():
            jobs[k] = f.result()
    elapsed = time.time() - t0
    total = {}
    per = []
    all_rows = []
    all_misses, all_alarms = [], []
    for key, d, p in progs:
        root = os.path.join(corpora, p['corpus'])
        findings, errors, tus = [], [], []
        seen = set()
        for s in p['sources']:
            if not s.endswith('.cu'):
                continue
            tu = os.path.join(root, s)
            res = jobs[(tu, tuple(tu_args(p, root)))]
            tus.append({'tu': s, 'rc': res['rc'], 'seconds': res['seconds']})
            errors += res['errors']
            for f in res['findings']:
                fp = os.path.normpath(f['file'] or '')
                if not fp.startswith(root + '/'):
                    continue
                f = dict(f, file=fp[len(root) + 1:])
                k = (f['file'], f['line'], f['column'], f['rule'], f['class'], f['extent'])
                if k in seen:  # a header seen from two TUs of the program
                    continue
                seen.add(k)
                findings.append(f)
        s, rows, misses, alarms = compare_program(d, p, findings, not a.no_inlined)
        all_rows.extend(rows)
        s['divlint_errors'] = len(errors)
        per.append({'program': key, **s, 'tus': tus})
        for m in misses:
            all_misses.append(dict(m, program=key))
        for m in alarms:
            all_alarms.append(dict(m, program=key))
        for k, v in s.items():
            total[k] = total.get(k, 0) + v
    total['programs'] = len(per)
    total['recall'] = ratio(total.get('recalled', 0), total.get('observed_divergent', 0))
    total['precision'] = ratio(total.get('lv_predicted_divergent', 0), total.get('lv_predicted', 0))
    total['structural_false_alarm_pct'] = (
        round(100 * total.get('structural_false_alarms', 0) / total['lv_predicted'], 1)
        if total.get('lv_predicted') else None)

    hdr = (f'{"program":42} {"exec":>5} {"div":>4} {"rec":>4} {"recall":>6} {"unif":>4} '
           f'{"none":>4} {"lvpred":>6} {"prec":>5} {"sfa":>4} {"err":>3}')
    print(hdr)
    for r in per:
        print(f'{r["program"][:42]:42} {r["executed_lines"]:5} {r["observed_divergent"]:4} '
              f'{r["recalled"]:4} {str(ratio(r["recalled"], r["observed_divergent"]) or "-"):>6} '
              f'{r["miss_reported_uniform"]:4} {r["miss_no_finding"]:4} {r["lv_predicted"]:6} '
              f'{str(ratio(r["lv_predicted_divergent"], r["lv_predicted"]) or "-"):>5} '
              f'{r["structural_false_alarms"]:4} {r["divlint_errors"]:3}')
    print('-' * len(hdr))
    print(f'{"TOTAL (" + str(total["programs"]) + " programs)":42} {total.get("executed_lines", 0):5} '
          f'{total.get("observed_divergent", 0):4} {total.get("recalled", 0):4} '
          f'{str(total["recall"]):>6} {total.get("miss_reported_uniform", 0):4} '
          f'{total.get("miss_no_finding", 0):4} {total.get("lv_predicted", 0):6} '
          f'{str(total["precision"]):>5} {total.get("structural_false_alarms", 0):4} '
          f'{total.get("divlint_errors", 0):3}')
    print()
    print(f'executed branch lines {total.get("executed_lines", 0)}, observed-divergent '
          f'{total.get("observed_divergent", 0)} ({total.get("divergent_via_inlined", 0)} only '
          f'through inlined CUDA-header code)')
    print(f'recall {total["recall"]}  soundness misses: reported uniform '
          f'{total.get("miss_reported_uniform", 0)}, no finding {total.get("miss_no_finding", 0)}')
    print(f'precision of lane-varying predictions {total["precision"]} '
          f'({total.get("lv_predicted_divergent", 0)}/{total.get("lv_predicted", 0)})  '
          f'structural false alarms {total.get("structural_false_alarms", 0)} '
          f'({total["structural_false_alarm_pct"]}% of lane-varying predictions)')
    print(f'divlint: {len(jobs)} translation units in {elapsed:.0f}s, '
          f'{total.get("divlint_errors", 0)} errors; extra args: {" ".join(extra) or "(none)"}')

    # Precision by extent and by severity: each lane-varying predicted line counts once under
    # every extent (severity) its lane-varying findings have.
    for field, label in (('extents', 'extent'), ('severities', 'severity')):
        groups = {}
        for r in all_rows:
            if not r['lane_varying']:
                continue
            for g in r[field] or ['(none)']:
                n, dv = groups.get(g, (0, 0))
                groups[g] = (n + 1, dv + r['divergent'])
        total['precision_by_' + label] = {g: {'predicted': n, 'diverged': dv,
                                              'precision': ratio(dv, n)}
                                          for g, (n, dv) in sorted(groups.items())}
        print(f'precision by {label}: ' + ', '.join(
            f'{g} {ratio(dv, n)} ({dv}/{n})' for g, (n, dv) in sorted(groups.items())))

    def src(m):
        if not a.show_source:
            return ''
        c = m['program'].split('/')[0]
        try:
            with open(os.path.join(corpora, c, m['file']), errors='replace') as fh:
                return '    | ' + fh.read().split('\n')[m['line'] - 1].strip()[:110]
        except (OSError, IndexError):
            return ''
    if a.misses:
        print('\nsoundness misses (program, file:line, kind, divergent/executions, classes '
              'found, lines matched):')
        for m in all_misses:
            print(f'  {m["program"]} {m["file"]}:{m["line"]} [{m["kind"]}] '
                  f'{m["divergent_executions"]}/{m["executions"]}'
                  f'{" via-inlined" if m["via_inlined"] else ""} {",".join(m["classes"])} '
                  f'{m["matched_lines"]}{src(m)}')
    if a.alarms:
        print('\nstructural false alarms (program, file:line, extents, executions):')
        for m in all_alarms:
            print(f'  {m["program"]} {m["file"]}:{m["line"]} {",".join(m["extents"])} '
                  f'{m["executions"]}{src(m)}')
    if a.json:
        json.dump({'divlint': divlint, 'extra_args': extra,
                   'date_utc': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
                   'total': total, 'programs': per,
                   'misses': [{k: m[k] for k in ('program', 'file', 'line', 'kind', 'executions',
                                                 'divergent_executions', 'via_inlined',
                                                 'classes', 'matched_lines')}
                              for m in all_misses],
                   'structural_false_alarms': [{k: m[k] for k in ('program', 'file', 'line',
                                                                  'extents', 'executions')}
                                               for m in all_alarms]},
                  open(a.json, 'w'), indent=1)


if __name__ == '__main__':
    main()
