#!/usr/bin/env python3
"""Shrinks a generated program to a small reproducer of one uniform-but-diverged branch.

usage: reduce.py --gen GEN_DIR --judge judge.json --out DIR [--divlint PATH] [--per-pattern N]
       reduce.py --gen GEN_DIR --program g1_0007 --line 123 --out DIR [--divlint PATH]

No GPU is needed: the reproducer keeps the branch's condition and everything its value depends
on, so the warps that diverged on the GPU still diverge. gen.py records, per chunk (a value pushed
through one feature, then tested), the earlier chunks whose values it reads; the reduced program
keeps
  - the one kernel, the prologue lines (thread indices) the kept code reads, and its epilogue,
  - the branch's chunk, the chunks it reads (transitively) and the early returns before it,
  - the helpers of the kept chunks, and a main that launches only that kernel, with the same
    grid, block, parameters and input fills as before.
Every other chunk and kernel is deleted. divlint must still predict the branch uniform; if it
no longer does (the misprediction needed more context), the reducer starts from every chunk
before the branch and deletes the ones outside the dependency slice one at a time, keeping each
deletion after which divlint still predicts uniform. run.sh of the reproducers (emit.sh on DIR)
re-measures them on the GPU.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

UNIFORM = ("block-uniform", "warp-uniform")


def predict(divlint, path):
    p = subprocess.run([divlint, "--format=json", "--report-all", path], capture_output=True,
                       text=True)
    try:
        d = json.loads(p.stdout)
    except ValueError:
        return None
    out = collections.defaultdict(list)
    for f in d.get("findings", []):
        out[(f["line"], f["column"])].append(f.get("class"))
    return out


class Reducer:
    def __init__(self, gen, prog, divlint):
        self.prog = prog
        self.divlint = divlint
        with open(os.path.join(gen, prog + ".cu")) as f:
            self.src = f.read().split("\n")
        with open(os.path.join(gen, prog + ".meta.json")) as f:
            self.meta = json.load(f)

    def line(self, n):
        return self.src[n - 1]

    def span(self, r):
        return list(range(r[0], r[1] + 1)) if r else []

    def locate(self, line):
        for k in self.meta["kernels"]:
            for c in k["chunks"]:
                for key in ("lines", "helper_lines"):
                    r = c.get(key)
                    if r and r[0] <= line <= r[1]:
                        return k, c
        return None, None

    def slice(self, k, c):
        keep, work = set(), [c["id"]]
        while work:
            i = work.pop()
            if i in keep:
                continue
            keep.add(i)
            work += k["chunks"][i]["uses"]
        keep |= {x["id"] for x in k["chunks"] if x["kind"] == "return" and x["id"] < c["id"]}
        return keep

    def needed_prologue(self, k, body):
        """The prologue lines (thread indices) that declare a name the kept code reads."""
        text = "\n".join(self.line(n) for n in body)
        needed = []
        for n in reversed(self.span(k["prologue_lines"])):
            line = self.line(n)
            names = re.findall(r"(?:int|float)\s+(\w+)\s*=|,\s*(\w+)\s*=", line)
            names = {a or b for a, b in names}
            if not names or any(re.search(r"\b%s\b" % re.escape(x), text) for x in names):
                needed.append(n)
                text += "\n" + line
        return sorted(needed)

    def render(self, k, keep):
        """(source lines, {old line: new line}) of the program reduced to kernel k, chunks keep."""
        first = self.meta["kernels"][0]
        starts = [first["kernel_line"] - (1 if first["template"] else 0)]
        starts += [c["helper_lines"][0] for c in first["chunks"] if c.get("helper_lines")]
        header = list(range(1, min(starts)))
        olds = list(header)
        for c in k["chunks"]:
            if c["id"] in keep:
                olds += self.span(c.get("helper_lines"))
        if k["template"]:
            olds.append(k["kernel_line"] - 1)
        olds.append(k["kernel_line"])
        body = []
        for c in k["chunks"]:
            if c["id"] in keep:
                body += self.span(c["lines"])
        body += self.span(k["epilogue_lines"])
        olds += self.needed_prologue(k, body)
        olds += body
        main = self.span(self.meta["main_lines"])
        launch = re.compile(r'check\("(k\d+)"\)')
        for j, n in enumerate(main):
            m = launch.search(self.line(n))
            if m and m.group(1) != k["name"]:
                continue
            nxt = self.line(main[j + 1]) if j + 1 < len(main) else ""
            if self.line(n).startswith("  { dim3 g(") and launch.search(nxt) and \
                    launch.search(nxt).group(1) != k["name"]:
                continue
            olds.append(n)
        lines = [self.line(n) for n in olds]
        return lines, {o: i + 1 for i, o in enumerate(olds)}

    def still_uniform(self, path, k, keep, line, col):
        lines, where = self.render(k, keep)
        if not self.divlint:
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
            return None, None
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        pred = predict(self.divlint, path)
        if pred is None:
            return False, None
        classes = pred.get((where[line], col), [])
        return bool(classes) and all(c in UNIFORM for c in classes), classes

    def reduce(self, line, col, path):
        k, c = self.locate(line)
        if not k:
            return {"error": "line %d is in no chunk" % line}
        dep = self.slice(k, c)
        ok, classes = self.still_uniform(path, k, dep, line, col)
        keep, how = dep, "slice"
        if ok is None:  # no divlint here: the dependency slice as it is
            lines, where = self.render(k, dep)
            return self.record(k, c, dep, how, None, None, line, col, path, lines, where)
        if not ok:
            keep = {x["id"] for x in k["chunks"] if x["id"] <= c["id"]}
            ok, classes = self.still_uniform(path, k, keep, line, col)
            how = "context"
            if ok:
                for x in sorted(keep - dep, reverse=True):
                    trial = keep - {x}
                    if self.still_uniform(path, k, trial, line, col)[0]:
                        keep = trial
            else:
                keep = {x["id"] for x in k["chunks"]}
                ok, classes = self.still_uniform(path, k, keep, line, col)
                how = "whole-kernel"
        ok, classes = self.still_uniform(path, k, keep, line, col)  # leave the final one written
        lines, where = self.render(k, keep)
        return self.record(k, c, keep, how, ok, classes, line, col, path, lines, where)

    def record(self, k, c, keep, how, ok, classes, line, col, path, lines, where):
        return {"program": self.prog, "kernel": k["name"], "line": line, "column": col,
                "reduced": os.path.basename(path), "reduced_line": where[line],
                "lines": len(lines), "kept_chunks": sorted(keep), "how": how,
                "still_uniform": ok, "classes": classes,
                "tags": sorted({t for x in k["chunks"] if x["id"] in keep for t in x["tags"]}),
                "target_tags": c["tags"], "block": k["block"], "grid": k["grid"],
                "runtime_shape": k["runtime_shape"]}


def write_probe(path, lines, line, col, cond, construct):
    """The reproducer with its one branch wrapped in divlint's probe (as `divlint confirm` does),
    for re-measuring it without divlint: PATH with the header included first."""
    text = lines[line - 1]
    if text[col - 1:col - 1 + len(cond)] != cond:
        return False
    if construct == "switch":
        wrapped = "::divlint_rt::sw<0>((%s))" % cond
    else:
        wrapped = "::divlint_rt::br<0>(static_cast<bool>((%s)))" % cond
    out = list(lines)
    out[line - 1] = text[:col - 1] + wrapped + text[col - 1 + len(cond):]
    with open(path, "w") as f:
        f.write('#include "divlint_probe.cuh"\n' + "\n".join(out) + "\n")
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gen", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--divlint", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                      "..", "..", "build", "bin", "divlint"))
    ap.add_argument("--judge", help="judge.py --json output: reduce its bugs")
    ap.add_argument("--per-pattern", type=int, default=2,
                    help="with --judge: at most N bugs per feature-tag pattern")
    ap.add_argument("--no-divlint", action="store_true",
                    help="keep the dependency slice without asking divlint (no divlint here)")
    ap.add_argument("--probe", action="store_true",
                    help="also write NAME.probe.cu: the branch wrapped in a divlint probe")
    ap.add_argument("--program")
    ap.add_argument("--line", type=int)
    ap.add_argument("--column", type=int)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    todo = []
    if a.judge:
        with open(a.judge) as f:
            bugs = json.load(f)["bugs"]
        seen = collections.Counter()
        for b in bugs:
            key = (tuple(sorted(t for t in b["tags"] if not t.startswith("src-"))), b["construct"])
            if seen[key] >= a.per_pattern:
                continue
            seen[key] += 1
            todo.append((b["program"], b["line"], b["column"], b["condition"], b["construct"]))
    else:
        todo.append((a.program, a.line, a.column, None, None))
    if a.no_divlint:
        a.divlint = None
    records = []
    for prog, line, col, cond, construct in todo:
        r = Reducer(a.gen, prog, a.divlint)
        name = "%s_L%d.cu" % (prog, line)
        rec = r.reduce(line, col, os.path.join(a.out, name))
        rec["condition"], rec["construct"] = cond, construct
        if a.probe and cond and "reduced_line" in rec:
            with open(os.path.join(a.out, name)) as f:
                lines = f.read().split("\n")
            rec["probe"] = write_probe(os.path.join(a.out, name[:-3] + ".probe.cu"), lines,
                                       rec["reduced_line"], col, cond, construct)
        records.append(rec)
        print("%s: %s -> %s (%s lines, %s, still uniform: %s %s) tags %s"
              % (prog, line, name, rec.get("lines"), rec.get("how"), rec.get("still_uniform"),
                 rec.get("classes"), ",".join(rec.get("target_tags", []))))
    with open(os.path.join(a.out, "reduced.json"), "w") as f:
        json.dump(records, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
