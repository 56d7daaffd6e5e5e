#!/usr/bin/env python3
"""Turn profile.py's raw exports into the per-line facts of data/<corpus>/<program>.json.

  bench/groundtruth/import_results.py --results DIR [DIR...] --gt .gt --corpora /tmp/corpora
                                      [--out bench/groundtruth/data]

Joins, per profiled kernel, Nsight Compute's per-SASS-instruction counters (sass_<i>.csv) to the
source lines nvdisasm -gi gives for the same addresses of the same binary (disasm_<n>.txt), and
sums them per source line. A line's own counts are those of the instructions whose innermost
location is that line; `inlined_*` counts are those of instructions from files outside the
corpus (CUDA headers) whose innermost location inside the corpus is that line (the call site).

Per line: inst_executed / thread_inst_executed (warp and thread instructions), cond_bra (static
count of conditional branch instructions: BRA under a predicate other than PT, BRX, JMX;
BRA.DIV excluded), cond_bra_executed (warp executions of those), divergent_branches (ncu's
"Divergent Branches" of those), and for predicated EXITs (a `return` under a condition, which
ncu does not count as a branch): cond_exit, exit_executed, exit_threads_taken (lanes that
exited) and exit_divergent_min, a lower bound on warp executions in which only some lanes
exited (exiting lanes beyond 32 x the warps that stopped altogether, when the next instruction
is reached only through the EXIT). nvcc often places the branch or EXIT of a condition on
another line than the condition (the closing brace of an if/else it predicated): cond_lines
lists the lines where the guard predicates of the line's conditional branches and EXITs were
computed (the last instruction of the same basic block writing that predicate), and
divergent_cond_lines those of the ones that diverged. Per kernel: instructions executed, thread instructions
executed and warp execution efficiency = thread / (32 x warp instructions).

Only paths relative to the corpus root, line numbers and numbers are written.
"""
import argparse
import csv
import glob
import io
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import programs as P  # noqa: E402

INSN = re.compile(r'^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;')
LOC = re.compile(r'//## File "([^"]+)", line (\d+)(?: inlined at "([^"]+)", line (\d+))?')
FUNC = re.compile(r'^//-+ \.text\.(\S+)\s+-+')
LABEL = re.compile(r'^\.L_x_\d+:')


def num(s):
    s = (s or '').replace(',', '').strip()
    if s in ('', '-', 'n/a'):
        return 0.0
    try:
        return float(s)
    except ValueError:
        return 0.0


def mnemonic(text):
    t = text.strip()
    if t.startswith('@'):
        t = t.split(None, 1)[1] if ' ' in t else ''
    return t.split(None, 1)[0] if t else ''


def guard(text):
    t = text.strip()
    if t.startswith('@'):
        return t.split(None, 1)[0][1:]
    return ''


def parse_disasm(path):
    """{function: [(offset, text, frames)]}; frames innermost first, each (file, line)."""
    funcs = {}
    cur = None
    pending = []
    frames = ()
    label = False
    for line in open(path, errors='replace'):
        m = FUNC.match(line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            pending, frames = [], ()
            continue
        if cur is None:
            continue
        if LABEL.match(line):
            label = True
            continue
        m = LOC.search(line)
        if m:
            pending.append(m.groups())
            continue
        m = INSN.match(line)
        if m:
            if pending:
                fr = [(pending[0][0], int(pending[0][1]))]
                for g in pending:
                    if g[2]:
                        fr.append((g[2], int(g[3])))
                frames = tuple(fr)
                pending = []
            cur.append((int(m.group(1), 16), m.group(2), frames, label))
            label = False
    return funcs


PRED = re.compile(r'^!?U?P[0-6T]$')


def pred_writes(text):
    """Predicate registers an instruction writes: its leading predicate operands."""
    t = text.strip()
    if t.startswith('@'):
        t = t.split(None, 1)[1] if ' ' in t else ''
    parts = t.split(None, 1)
    if len(parts) < 2:
        return set()
    out = set()
    for op in parts[1].split(','):
        op = op.strip()
        if PRED.match(op):
            out.add(op.lstrip('!'))
        else:
            break
    if parts[0].startswith('R2P') or parts[0].startswith('R2UR'):
        out.add('*')
    return out


def defining_index(ins, j, reg):
    """Index of the instruction that last set predicate reg before ins[j], within its block."""
    if reg in ('PT', 'UPT'):
        return None
    for t in range(j - 1, max(-1, j - 200), -1):
        w = pred_writes(ins[t][1])
        if reg in w or '*' in w:
            return t
        if ins[t][3]:  # a label: another block starts here
            return None
    return None


def parse_sass_csv(path):
    """[(function name, [row dict])] in file order, duplicate blocks dropped."""
    blocks = []
    seen = set()
    name, header, rows = None, None, None
    for r in csv.reader(open(path, errors='replace')):
        if not r:
            continue
        if r[0] == 'Kernel Name':
            if rows:
                blocks.append((name, rows))
            name, header, rows = r[1], None, []
            continue
        if header is None and r[0] == 'Address':
            header = r
            continue
        if header and len(r) >= len(header) - 1 and r[0].startswith('0x'):
            rows.append(dict(zip(header, r)))
    if rows:
        blocks.append((name, rows))
    out = []
    for name, rows in blocks:
        k = (name, rows[0]['Address'])
        if k in seen:
            continue
        seen.add(k)
        out.append((name, rows))
    return out


def parse_raw(path):
    rows = list(csv.reader(open(path, errors='replace')))
    if len(rows) < 3:
        return []
    h = rows[0]
    return [dict(zip(h, r)) for r in rows[2:] if len(r) == len(h)]


def parse_divergent_pc(path):
    """{kernel ID: {absolute address: divergent count}} from --print-metric-instances details."""
    out = {}
    if not os.path.exists(path):
        return out
    for d in parse_raw(path):
        v = d.get('smsp__branch_targets_threads_divergent', '')
        m = re.search(r'\((.*)\)', v)
        pcs = {}
        if m:
            for part in m.group(1).split(';'):
                if ':' in part:
                    a, c = part.split(':', 1)
                    pcs[int(a.strip(), 16)] = num(c)
        out[d.get('ID', '')] = pcs
    return out


class PathMap:
    def __init__(self, corpora, corpus):
        self.root = os.path.normpath(os.path.join(corpora, corpus)) + '/'

    def rel(self, path):
        p = os.path.normpath(path)
        if p.startswith(self.root):
            return p[len(self.root):], True
        m = re.search(r'/targets/[^/]+/include/(.*)$', p) or re.search(r'/cuda[^/]*/include/(.*)$', p)
        if m:
            return '@cuda/include/' + m.group(1), False
        return '@system/' + os.path.basename(p), False


def match_block(name, rows, funcs):
    """The disasm function whose instructions the ncu block shows."""
    mn = [mnemonic(r['Source']) for r in rows]

    def same(ins):
        if len(ins) < len(mn):
            return False
        return all(mnemonic(ins[i][1]) == mn[i] for i in range(len(mn)))
    if name in funcs and same(funcs[name]):
        return name
    for f, ins in funcs.items():
        if len(ins) == len(mn) and same(ins):
            return f
    for f, ins in funcs.items():
        if same(ins):
            return f
    return None


def new_line():
    return {'inst_executed': 0, 'thread_inst_executed': 0, 'cond_bra': 0,
            'cond_bra_executed': 0, 'divergent_branches': 0, 'divergent_other': 0,
            'cond_exit': 0, 'exit_executed': 0, 'exit_threads_taken': 0,
            'exit_divergent_min': 0, 'kernels': set(), 'cond_lines': set(),
            'divergent_cond_lines': set()}


def import_program(pdir, entry, corpora, machine, corpus_info):
    pm = PathMap(corpora, entry['corpus'])
    run = json.load(open(os.path.join(pdir, 'run.json')))
    funcs = {}
    for d in sorted(glob.glob(os.path.join(pdir, 'disasm_*.txt'))):
        for f, ins in parse_disasm(d).items():
            funcs.setdefault(f, ins)
    raw = parse_raw(os.path.join(pdir, 'raw.csv')) if os.path.exists(
        os.path.join(pdir, 'raw.csv')) else []
    div_pc = parse_divergent_pc(os.path.join(pdir, 'divergent_pc.csv'))
    lines = {}
    inl = {}
    kernels = []
    problems = []
    xcheck = {'source_page': 0, 'per_pc_metric': 0}
    for i, k in enumerate(raw):
        kname = k.get('Kernel Name', '')
        ie = num(k.get('smsp__inst_executed.sum'))
        te = num(k.get('smsp__thread_inst_executed.sum'))
        kern = {
            'name': kname,
            'block': [int(num(k.get('launch__block_dim_' + c))) for c in 'xyz'],
            'grid': [int(num(k.get('launch__grid_dim_' + c))) for c in 'xyz'],
            'inst_executed': int(ie), 'thread_inst_executed': int(te),
            'warp_execution_efficiency': round(te / (32 * ie), 4) if ie else None,
            'branch_targets': int(num(k.get('smsp__sass_branch_targets.sum'))),
            'divergent_branch_targets': int(num(k.get('smsp__sass_branch_targets_threads_divergent.sum'))),
        }
        kernels.append(kern)
        sp = os.path.join(pdir, f'sass_{i}.csv')
        if not os.path.exists(sp):
            problems.append(f'{kname}: no source page')
            continue
        pcs = div_pc.get(k.get('ID', ''), {})
        xcheck['per_pc_metric'] += sum(pcs.values())
        for bname, rows in parse_sass_csv(sp):
            f = match_block(bname, rows, funcs)
            if f is None:
                problems.append(f'{kname}: block {bname} matches no function of the binary (library code?)')
                continue
            ins = funcs[f]
            for j, r in enumerate(rows):
                text = r['Source'].strip()
                frames = ins[j][2]
                if not frames:
                    continue
                we = num(r.get('Instructions Executed'))
                th = num(r.get('Thread Instructions Executed'))
                dv = num(r.get('Divergent Branches'))
                xcheck['source_page'] += dv
                rel = [pm.rel(fr[0]) + (fr[1],) for fr in frames]
                own = (rel[0][0], rel[0][2])
                targets = [(lines, own)]
                if not rel[0][1]:  # outside the corpus: also count at the innermost corpus frame
                    for fr in rel[1:]:
                        if fr[1]:
                            targets.append((inl, (fr[0], fr[2])))
                            break
                mn = mnemonic(text)
                g = guard(text)
                # mnemonic() keeps modifiers: BRA, BRA.U, BRA.DIV, BRX, ...
                cond_bra = ((mn.split('.')[0] == 'BRA' and g not in ('', 'PT') and
                             '.DIV' not in mn) or mn.split('.')[0] in ('BRX', 'JMX'))
                cond_exit = mn.split('.')[0] == 'EXIT' and g not in ('', 'PT')
                cond_at = None  # where the guard predicate was computed, if another line
                if (cond_bra or cond_exit) and g:
                    t = defining_index(ins, j, g.lstrip('!'))
                    if t is not None and ins[t][2]:
                        cr = [pm.rel(fr[0]) + (fr[1],) for fr in ins[t][2]]
                        cr = [c for c in cr if c[1]] or cr
                        cond_at = (cr[0][0], cr[0][2])
                for table, key in targets:
                    L = table.setdefault(key, new_line())
                    L['kernels'].add(kname)
                    L['inst_executed'] += we
                    L['thread_inst_executed'] += th
                    if cond_bra:
                        L['cond_bra'] += 1
                        L['cond_bra_executed'] += we
                        L['divergent_branches'] += dv
                    elif dv:
                        L['divergent_other'] += dv
                    if cond_at and cond_at != key and (cond_bra or cond_exit):
                        L['cond_lines'].add(cond_at)
                    if cond_exit:
                        taken = num(r.get('Predicated-On Thread Instructions Executed'))
                        L['cond_exit'] += 1
                        L['exit_executed'] += we
                        L['exit_threads_taken'] += taken
                        if j + 1 < len(rows) and we:
                            nxt = num(rows[j + 1].get('Instructions Executed'))
                            if nxt <= we:  # else the next one is also a branch target
                                stopped = we - nxt  # warps that left altogether
                                extra = taken - 32 * stopped
                                if extra > 0 and nxt > 0:
                                    L['exit_divergent_min'] += int(-(-extra // 31))
                    if cond_at and cond_at != key and (dv and cond_bra or cond_exit and
                                                       L['exit_divergent_min']):
                        L['divergent_cond_lines'].add(cond_at)
    def dump(table):
        out = []
        for (f, ln), L in sorted(table.items()):
            d = {'file': f, 'line': ln}
            for kk, v in L.items():
                if kk == 'kernels':
                    d['kernels'] = sorted(v)
                elif kk in ('cond_lines', 'divergent_cond_lines'):
                    if v:
                        d[kk] = [list(x) for x in sorted(v)]
                else:
                    d[kk] = int(v)
            out.append(d)
        return out
    prefix = 'run/' + entry['corpus'] + '/'
    cwd = entry['cwd'][len(prefix):] if entry['cwd'].startswith(prefix) else entry['cwd']
    cmd = list(run['command'])
    if '-o' in cmd:
        cmd[cmd.index('-o') + 1] = 'rep'
    return {
        'program': entry['key'],
        'corpus': dict(corpus_info, name=entry['corpus']),
        'machine': machine,
        'build_command': entry['build_command'],
        'run': {'cwd': cwd, 'args': entry['args'], 'profile_command': cmd,
                'exit_code': run['rc'], 'seconds': run['seconds']},
        'kernels': kernels,
        'lines': dump(lines),
        'inlined_into': dump(inl),
        'cross_check': {k: int(v) for k, v in xcheck.items()},
        'problems': problems,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--results', nargs='+', required=True,
                    help='folders profile.py wrote (several: a later one wins per program)')
    ap.add_argument('--gt', required=True)
    ap.add_argument('--corpora', required=True)
    ap.add_argument('--out', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data'))
    a = ap.parse_args()
    man = json.load(open(os.path.join(a.gt, 'manifest.json')))
    entries = {e['key']: e for e in man['programs']}
    n = 0
    total = [0, 0]
    for res in a.results:
        machine = json.load(open(os.path.join(res, 'machine.json')))
        for pdir in sorted(glob.glob(os.path.join(res, '*__*'))):
            key = os.path.basename(pdir).replace('__', '/', 1)
            if key not in entries or not os.path.exists(os.path.join(pdir, 'run.json')):
                continue
            e = entries[key]
            if not glob.glob(os.path.join(pdir, 'sass_*.csv')):
                print('no profile:', key, json.load(open(os.path.join(pdir, 'run.json')))['rc'])
                continue
            ci = dict(P.CORPORA.get(e['corpus'], {}))
            ci['commit_full'] = man['corpora'].get(e['corpus'], {}).get('head', '')
            d = import_program(pdir, e, a.corpora, machine, ci)
            od = os.path.join(a.out, e['corpus'])
            os.makedirs(od, exist_ok=True)
            json.dump(d, open(os.path.join(od, e['name'] + '.json'), 'w'), indent=1)
            ex = [L for L in d['lines'] if not L['file'].startswith('@') and
                  (L['cond_bra_executed'] > 0 or L['exit_executed'] > 0)]
            dv = [L for L in ex if L['divergent_branches'] > 0 or L['exit_divergent_min'] > 0]
            print(f'{key}: {len(d["kernels"])} kernels, {len(ex)} executed branch lines, '
                  f'{len(dv)} divergent; problems: {len(d["problems"])}; '
                  f'divergent branches: source page {d["cross_check"]["source_page"]}, '
                  f'per-PC metric {d["cross_check"]["per_pc_metric"]}')
            total[0] += len(ex)
            total[1] += len(dv)
            n += 1
    print(f'{n} programs imported: {total[0]} executed branch lines, {total[1]} divergent '
          f'(own instructions only)')


if __name__ == '__main__':
    main()
