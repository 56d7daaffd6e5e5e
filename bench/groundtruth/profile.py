#!/usr/bin/env python3
"""Profile the built programs on the GPU machine (Nsight Compute) and export the raw facts.

  python3 bench/groundtruth/profile.py --gt .gt --out DIR [--budget SECONDS] [--only KEY...]
                                       [--skip-done FILE]

For every built program of GT/manifest.json, in order, until --budget seconds have passed:
  ncu --section SourceCounters --metrics <per-kernel counts> --kernel-id :::1
      -o DIR/<key>/rep  ./gt_<name> ARGS          (first launch of each kernel)
then, in a pool beside the next runs:
  ncu -i rep --page raw --csv                   -> raw.csv      (per-kernel metrics)
  ncu -i rep --page source --csv --print-source sass --section SourceCounters
      --launch-skip I --launch-count 1 -> sass_<I>.csv  (per-SASS-instruction counters of
                                                  result I: Divergent Branches, executions)
  ncu -i rep --page raw --csv --print-metric-instances details
      --metrics smsp__branch_targets_threads_divergent -> divergent_pc.csv (cross-check)
  cuobjdump -xelf all ./gt_<name>; nvdisasm -c -gi <cubin>  -> disasm_<n>.txt (address ->
                                                  file:line, inlined-at chain; for the join)
and DIR/machine.json (GPU, driver, CUDA, ncu versions). import.py turns these into the
per-line JSON facts. Nothing here needs more than the Python standard library.
"""
import argparse
import concurrent.futures as cf
import csv
import glob
import io
import json
import os
import shutil
import subprocess
import sys
import time

NCU = shutil.which('ncu') or '/usr/local/cuda/bin/ncu'
METRICS = ','.join([
    'smsp__inst_executed.sum', 'smsp__thread_inst_executed.sum',
    'smsp__sass_inst_executed.sum', 'smsp__sass_thread_inst_executed.sum',
    'smsp__sass_branch_targets.sum', 'smsp__sass_branch_targets_threads_divergent.sum',
    'launch__block_size', 'launch__grid_size', 'launch__block_dim_x', 'launch__block_dim_y',
    'launch__block_dim_z', 'launch__grid_dim_x', 'launch__grid_dim_y', 'launch__grid_dim_z',
])


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors='replace', **kw)


def machine(out):
    info = {'date_utc': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}
    r = sh(['nvidia-smi', '--query-gpu=name,driver_version,memory.total,compute_cap',
            '--format=csv,noheader'])
    info['nvidia_smi_query'] = r.stdout.strip()
    r = sh(['nvidia-smi'])
    for line in r.stdout.splitlines():
        if 'CUDA Version' in line:
            info['nvidia_smi_header'] = ' '.join(line.strip('| ').split())
    info['nvcc'] = sh(['nvcc', '--version']).stdout.strip().splitlines()[-2:]
    info['ncu'] = sh([NCU, '--version']).stdout.strip().splitlines()[-1:]
    info['uname'] = sh(['uname', '-srm']).stdout.strip()
    json.dump(info, open(os.path.join(out, 'machine.json'), 'w'), indent=1)
    open(os.path.join(out, 'ncu_help.txt'), 'w').write(sh([NCU, '--help']).stdout)
    return info


def kernels_of(raw_csv):
    """(ID, kernel name, mangled?) rows of ncu's raw page, in report order."""
    rows = list(csv.reader(io.StringIO(raw_csv)))
    if len(rows) < 2:
        return []
    h = rows[0]
    out = []
    for r in rows[1:]:
        if len(r) != len(h) or not r[0].strip() or not r[0].strip().isdigit():
            continue  # the units row
        d = dict(zip(h, r))
        out.append(d)
    return out


def export(gt, entry, pdir):
    t0 = time.time()
    rep = os.path.join(pdir, 'rep.ncu-rep')
    log = []
    if os.path.exists(rep):
        r = sh([NCU, '-i', rep, '--page', 'raw', '--csv', '--print-kernel-base', 'mangled'])
        open(os.path.join(pdir, 'raw.csv'), 'w').write(r.stdout)
        log.append(('raw', r.returncode, r.stderr[-500:]))
        ks = kernels_of(r.stdout)
        for i, k in enumerate(ks):
            # One result (kernel launch) at a time; the page holds the kernel and the functions
            # it calls, each under its own "Kernel Name" line. --section adds the Source
            # Counters columns (Divergent Branches among them).
            cmd = [NCU, '-i', rep, '--page', 'source', '--csv', '--print-source', 'sass',
                   '--section', 'SourceCounters', '--print-kernel-base', 'mangled',
                   '--launch-skip', str(i), '--launch-count', '1']
            r = sh(cmd)
            open(os.path.join(pdir, f'sass_{i}.csv'), 'w').write(r.stdout)
            log.append((f'sass_{i}', r.returncode, r.stderr[-300:]))
        # Divergent branch targets per branch address, a cross-check of the source page.
        r = sh([NCU, '-i', rep, '--page', 'raw', '--csv', '--print-kernel-base', 'mangled',
                '--print-metric-instances', 'details',
                '--metrics', 'smsp__branch_targets_threads_divergent'])
        open(os.path.join(pdir, 'divergent_pc.csv'), 'w').write(r.stdout)
        log.append(('divergent_pc', r.returncode, r.stderr[-300:]))
    # Address -> source line map from the very binary that ran.
    binary = os.path.join(gt, entry['binary'])
    cub = os.path.join(pdir, 'cubin')
    os.makedirs(cub, exist_ok=True)
    r = sh(['cuobjdump', '-xelf', 'all', os.path.abspath(binary)], cwd=cub)
    log.append(('cuobjdump', r.returncode, r.stderr[-300:]))
    for n, c in enumerate(sorted(glob.glob(os.path.join(cub, '*.cubin')))):
        r = sh(['nvdisasm', '-c', '-gi', c])
        if r.returncode != 0 or not r.stdout.strip():
            r = sh(['nvdisasm', '-c', '-g', c])
        open(os.path.join(pdir, f'disasm_{n}.txt'), 'w').write(
            '// cubin ' + os.path.basename(c) + '\n' + r.stdout)
        log.append((f'nvdisasm_{n}', r.returncode, r.stderr[-300:]))
    shutil.rmtree(cub, ignore_errors=True)
    if os.path.exists(rep) and not entry.get('keep_rep'):
        os.remove(rep)
    json.dump({'export_seconds': round(time.time() - t0, 1), 'log': log},
              open(os.path.join(pdir, 'export.json'), 'w'), indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--gt', required=True, help='the folder build.py wrote (with manifest.json)')
    ap.add_argument('--out', required=True)
    ap.add_argument('--budget', type=float, default=400, help='no new program after this')
    ap.add_argument('--only', nargs='*')
    ap.add_argument('--skip', nargs='*', default=[])
    ap.add_argument('--keep-rep', action='store_true')
    ap.add_argument('-j', type=int, default=8, help='export jobs')
    ap.add_argument('--parallel', type=int, default=3, help='programs run at once')
    a = ap.parse_args()
    t_start = time.time()
    gt = os.path.abspath(a.gt)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    man = json.load(open(os.path.join(gt, 'manifest.json')))
    m = machine(out)
    print('machine:', m, flush=True)
    pool = cf.ThreadPoolExecutor(a.j)
    futs = []
    done = []
    todo = [e for e in man['programs'] if e['build_ok'] and e['key'] not in a.skip and
            (not a.only or e['key'] in a.only or e['name'] in a.only)]

    def run_one(e, attempt):
        if time.time() - t_start > a.budget:
            print('budget spent; not run:', e['key'], flush=True)
            return None
        pdir = os.path.join(out, e['key'].replace('/', '__'))
        os.makedirs(pdir, exist_ok=True)
        cwd = os.path.join(gt, e['cwd'])
        binary = os.path.abspath(os.path.join(gt, e['binary']))
        os.chmod(binary, 0o755)
        cmd = [NCU, '--section', 'SourceCounters', '--metrics', METRICS,
               '--kernel-id', ':::1', '--launch-count', '64', '-f',
               '-o', os.path.join(pdir, 'rep'), binary] + e['args']
        t0 = time.time()
        try:
            r = subprocess.run(['timeout', '-k', '5', str(e['timeout'])] + cmd, cwd=cwd,
                               capture_output=True, text=True, errors='replace',
                               stdin=subprocess.DEVNULL)
            rc, so, se = r.returncode, r.stdout, r.stderr
        except Exception as ex:  # noqa: BLE001
            rc, so, se = -1, '', str(ex)
        dt = time.time() - t0
        ok = os.path.exists(os.path.join(pdir, 'rep.ncu-rep'))
        json.dump({'key': e['key'], 'attempt': attempt,
                   'command': ['ncu'] + cmd[1:len(cmd) - len(e['args']) - 1] +
                   ['./' + os.path.basename(binary)] + e['args'],
                   'cwd': e['cwd'], 'rc': rc, 'report': ok, 'seconds': round(dt, 1),
                   'stdout_tail': so[-4000:], 'stderr_tail': se[-4000:]},
                  open(os.path.join(pdir, 'run.json'), 'w'), indent=1)
        print(f'{e["key"]}: rc={rc} report={ok} {dt:.1f}s (t={time.time() - t_start:.0f})',
              flush=True)
        return pdir, ok, rc

    # ncu serializes the profiled kernels of concurrent processes; the programs' own host
    # work and ncu's start-up overlap.
    retry = []
    with cf.ThreadPoolExecutor(a.parallel) as runners:
        for e, res in zip(todo, runners.map(lambda e: run_one(e, 1), todo)):
            if res is None:
                continue
            if not res[1]:
                if res[2] not in (124, 137):  # not a time-out: perhaps the concurrency
                    retry.append(e)
                continue
            futs.append(pool.submit(export, gt, dict(e, keep_rep=a.keep_rep), res[0]))
            done.append(e['key'])
    for e in retry:  # once more, alone on the GPU
        res = run_one(e, 2)
        if res is None:
            continue
        futs.append(pool.submit(export, gt, dict(e, keep_rep=a.keep_rep), res[0]))
        if res[1]:
            done.append(e['key'])
    for f in futs:
        try:
            f.result()
        except Exception as ex:  # noqa: BLE001
            print('export failed:', ex, flush=True)
    json.dump({'done': done, 'seconds': round(time.time() - t_start, 1)},
              open(os.path.join(out, 'done.json'), 'w'))
    print(f'done {len(done)} programs in {time.time() - t_start:.0f}s', flush=True)


if __name__ == '__main__':
    main()
