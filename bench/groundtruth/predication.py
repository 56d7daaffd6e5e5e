#!/usr/bin/env python3
"""How well divlint's source-level guess "nvcc likely predicates this" matches the SASS.

For every lane-varying `if`/`?:` finding of divlint (default options) on the ground-truth
programs, the measured line facts (data/, from the very binaries profiled) say whether nvcc
emitted a conditional branch for it: a BRA/BRX or predicated EXIT on the line, or a branch
elsewhere whose guard predicate this line computed (`cond_lines`). Lines with no SASS facts (not
executed, or no code of their own) are counted apart. This is the question `divlint --compiled`
answers from the compiled code instead of guessing.

usage: predication.py --corpora DIR [--divlint BIN] [--cache DIR] [-j N]
"""
import argparse
import concurrent.futures as cf
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare as C  # noqa: E402
import programs as P  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--divlint', default=os.path.join(HERE, '../../build/bin/divlint'))
    ap.add_argument('--corpora', required=True)
    ap.add_argument('--data', default=os.path.join(HERE, 'data'))
    ap.add_argument('--cache')
    ap.add_argument('-j', type=int, default=2)
    a = ap.parse_args()
    divlint, corpora = os.path.abspath(a.divlint), os.path.abspath(a.corpora)
    progs = [(d, spec) for _, d, spec in C.load_programs(a.data, P.by_key())]
    jobs = {}
    for d, p in progs:
        root = os.path.join(corpora, p['corpus'])
        for s in p['sources']:
            if s.endswith('.cu'):
                tu = os.path.join(root, s)
                jobs.setdefault((tu, tuple(C.tu_args(p, root))), None)
    with cf.ThreadPoolExecutor(a.j) as ex:
        futs = {k: ex.submit(C.run_divlint, divlint, k[0], list(k[1]), [], 900, a.cache)
                for k in jobs}
        for k, fu in futs.items():
            jobs[k] = fu.result()
    counts = {}
    examples = {}
    for d, p in progs:
        root = os.path.join(corpora, p['corpus'])
        facts = {(L['file'], L['line']): L for L in d['lines']}
        guards = set()
        for L in d['lines']:
            for g in L.get('cond_lines', []) or []:
                guards.add((g[0], g[1]) if isinstance(g, list) else (L['file'], g))
        seen = set()
        for s in p['sources']:
            if not s.endswith('.cu'):
                continue
            res = jobs[(os.path.join(root, s), tuple(C.tu_args(p, root)))]
            for f in res['findings']:
                fp = os.path.normpath(f.get('file') or '')
                if (not fp.startswith(root + '/') or f.get('rule') != 'divergent-branch' or
                        f.get('construct') not in ('if', '?:')):
                    continue
                key = (fp[len(root) + 1:], f['line'])
                if key in seen:
                    continue
                seen.add(key)
                L = facts.get(key)
                if L is None:
                    truth = 'no facts'
                else:
                    branch = (L.get('cond_bra', 0) or L.get('cond_exit', 0) or key in guards)
                    truth = 'branch' if branch else 'no branch'
                guess = 'likely predicated' if f.get('likely_predicated') else 'branch'
                counts[(guess, truth)] = counts.get((guess, truth), 0) + 1
                examples.setdefault((guess, truth), []).append(
                    f"{d['program']} {key[0]}:{key[1]} '{f.get('condition', '')[:40]}'")
    print(f'{"divlint says":20} {"SASS: branch":>13} {"SASS: none":>11} {"no facts":>9}')
    for guess in ('branch', 'likely predicated'):
        print(f'{guess:20} {counts.get((guess, "branch"), 0):13} '
              f'{counts.get((guess, "no branch"), 0):11} {counts.get((guess, "no facts"), 0):9}')
    for k in (('likely predicated', 'branch'), ('branch', 'no branch')):
        print(f'\n{k[0]} but SASS {k[1]} (first 8):')
        for e in examples.get(k, [])[:8]:
            print('  ' + e)


if __name__ == '__main__':
    main()
