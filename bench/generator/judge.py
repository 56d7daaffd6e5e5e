#!/usr/bin/env python3
"""Judges divlint's predictions against the probes' measurements, per branch.

usage: judge.py --gen GEN_DIR --emit EMIT_DIR [--results RES_DIR] [--repredict DIVLINT]
                [--json OUT.json] [--list N]

GEN_DIR   what gen.py wrote (gS_NNNN.cu, gS_NNNN.meta.json: kernels, chunks, feature tags)
EMIT_DIR  what emit.sh wrote (one `divlint confirm --emit-only` directory per program: plan.json
          holds every probe's id, file:line:col and divlint's prediction at emit time)
RES_DIR   where the GPU run left each program's results/ and logs/ (RES_DIR/<prog>/results/
          probe.json: per probe, warp evaluations and divergent ones); default EMIT_DIR

The probes measure divergence whatever divlint predicted, so a newer divlint can be judged on the
same measurements: --repredict runs `DIVLINT --format=json --report-all` on every program (the
generated source, unchanged) and takes each branch's class from the finding at the probe's
line:column instead of plan.json's.

A soundness bug: a branch predicted block- or warp-uniform whose warps diverged (divergent > 0).
Each is printed with file:line, the condition, the generator's feature tags and its chunk's code.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

UNIFORM = ("block-uniform", "warp-uniform")
RANK = {"block-uniform": 0, "warp-uniform": 1, "lane-varying": 2}


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_rc(path):
    try:
        with open(path) as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return None


def chunk_at(meta, line):
    """(kernel meta, chunk meta or None, where) for a line of the generated source."""
    for k in meta["kernels"]:
        for c in k["chunks"]:
            for key in ("lines", "helper_lines"):
                r = c.get(key)
                if r and r[0] <= line <= r[1]:
                    return k, c, key
        if k["kernel_line"] <= line <= k["end_line"]:
            return k, None, "kernel"
    return None, None, "other"


def loop_lines(src_lines):
    """Lines of the generated source that lie in a loop (the loop's own header included).

    Lanes of a warp evaluating a probe there may be at different iterations (independent thread
    scheduling): a uniform test can then measure as divergent although the lanes of one
    iteration agree. The probes of this run do not tell the two apart, so such branches are
    named apart (split-arrival candidates), not counted as refutations.
    """
    inside, stack, depth = set(), [], 0
    for n, text in enumerate(src_lines, 1):
        t = text.strip()
        is_loop = t.startswith("for (") or t.startswith("while (")
        if is_loop or stack:
            inside.add(n)
        opens, closes = text.count("{"), text.count("}")
        if is_loop and t.endswith("{"):
            stack.append(depth)
        depth += opens - closes
        while stack and depth <= stack[-1]:
            stack.pop()
    return inside


# Conditions that read a loop's counter or state (gen.py's loops: j, o, s, rN; `while (s.a > 0)`):
# lanes at different iterations may disagree on them although each iteration is uniform.
ITERATION_DEPENDENT = re.compile(r"\b(j|o|s|r\d+)\b|\.a > 0")


def repredict(divlint, src):
    """{(line, col): [(kernel, class, assumptions)]} from a fresh divlint run."""
    p = subprocess.run([divlint, "--format=json", "--report-all", src], capture_output=True,
                       text=True)
    try:
        d = json.loads(p.stdout)
    except ValueError:
        return None
    out = collections.defaultdict(list)
    for f in d.get("findings", []):
        if f.get("class") not in RANK:
            continue
        out[(f["line"], f["column"])].append((f.get("kernel") or f.get("function"), f["class"],
                                              f.get("assumptions") or []))
    return out


def probes_from_run(args, prog):
    """(status, [probe records]) from plan.json and what run.sh left in results/."""
    plan = load_json(os.path.join(args.emit, prog, "plan.json"))
    res_dir = os.path.join(args.results or args.emit, prog, "results")
    st = {"emitted": plan is not None,
          "built": read_rc(os.path.join(res_dir, "build-probe.rc")) == 0,
          "run_rc": read_rc(os.path.join(res_dir, "run-probe.rc")), "skipped": 0}
    if not plan:
        return st, []
    st["skipped"] = len(plan.get("skipped", []))
    measured = load_json(os.path.join(res_dir, "probe.json"))
    st["measured"] = measured is not None
    counters = {p["id"]: p for p in (measured or {}).get("probes", [])}
    out = []
    for pr in plan["probes"]:
        c = counters.get(pr["id"], {})
        out.append({"line": pr["line"], "column": pr["column"], "construct": pr["construct"],
                    "kind": pr.get("kind", "branch"),
                    "condition": pr["condition"], "execs": c.get("execs", 0),
                    "divergent": c.get("divergent", 0),
                    # divlint confirm after 1b846d7: probes keyed by loop iteration
                    "instance_divergent": c.get("instance_divergent"),
                    "split_arrivals": c.get("split_arrivals"),
                    "classes": [x["class"] for x in pr["predictions"]],
                    "assumptions": sorted({a for x in pr["predictions"]
                                           for a in x.get("assumptions", [])})})
    return st, out


def load_measured(path):
    """{program: (status, [probe records])} from a --export-measured file (its classes: those
    of the divlint that wrote it, at emit time or re-predicted)."""
    import gzip
    progs = {}
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        for row in f:
            if row.startswith("#"):
                continue
            x = row.rstrip("\n").split("\t")
            if x[1] == "status":
                progs[x[0]] = ({"emitted": x[6] == "1", "built": x[2] == "1",
                                "run_rc": None if x[3] == "-" else int(x[3]),
                                "measured": x[4] == "1", "skipped": int(x[5])}, [])
                continue
            progs[x[0]][1].append({"line": int(x[1]), "column": int(x[2]), "construct": x[3],
                                   "execs": int(x[4]), "divergent": int(x[5]),
                                   "classes": [c for c in x[6].split(",") if c],
                                   "assumptions": ["block shape (the default)"] if x[7] == "1" else [],
                                   "condition": x[-1]})
            if len(x) == 11:  # with the iteration-keyed counters
                for key, v in (("split_arrivals", x[8]), ("instance_divergent", x[9])):
                    progs[x[0]][1][-1][key] = None if v == "-" else int(v)
    return progs


def judge_program(args, prog, measured_progs=None):
    meta = load_json(os.path.join(args.gen, prog + ".meta.json"))
    if measured_progs is not None:
        st, probes = measured_progs.get(prog, ({"emitted": False, "built": False, "run_rc": None,
                                                "skipped": 0}, []))
    else:
        st, probes = probes_from_run(args, prog)
    r = dict(st, program=prog, kernels=len(meta["kernels"]) if meta else 0, branches=[])
    r["probes"] = len(probes)
    try:
        with open(os.path.join(args.gen, prog + ".cu")) as f:
            in_loop = loop_lines(f.read().split("\n"))
    except OSError:
        in_loop = set()
    fresh = None
    if args.repredict:
        fresh = repredict(args.repredict, os.path.join(args.gen, prog + ".cu"))
        r["repredicted"] = fresh is not None
    for pr in probes:
        classes, assumptions = pr["classes"], pr["assumptions"]
        if fresh is not None:
            preds = fresh.get((pr["line"], pr["column"]), [])
            classes = [x[1] for x in preds]
            assumptions = sorted({a for x in preds for a in x[2]})
        k, ch, where = chunk_at(meta, pr["line"]) if meta else (None, None, "other")
        b = dict(pr, classes=classes, kernel=k["name"] if k else None,
                 chunk=ch["id"] if ch else None, where=where, tags=(ch["tags"] if ch else []),
                 in_loop=pr["line"] in in_loop or (where == "helper_lines" and bool(
                     {"in-uniform-loop", "in-lane-loop"} & set(ch["tags"] if ch else []))),
                 assumed_shape=any("block shape" in a and "default" in a for a in assumptions))
        b.pop("assumptions", None)
        if k:
            b["shape"] = {"block": k["block"], "grid": k["grid"],
                          "runtime_shape": k["runtime_shape"], "template": k["template"]}
        r["branches"].append(b)
    return r


def export_measured(results, path):
    import gzip
    with (gzip.open(path, "wt") if path.endswith(".gz") else open(path, "w")) as f:
        f.write("# program line column construct execs divergent classes assumed-shape "
                "[split-arrivals instance-divergent] condition (a 'status' row per program: "
                "built run_rc measured skipped emitted)\n")
        for r in results:
            f.write("%s\tstatus\t%d\t%s\t%d\t%d\t%d\n" % (
                r["program"], r["built"], "-" if r["run_rc"] is None else r["run_rc"],
                bool(r.get("measured")), r["skipped"], r["emitted"]))
            for b in r["branches"]:
                counted = b.get("instance_divergent") is not None
                extra = ("%s\t%s\t" % (b["split_arrivals"], b["instance_divergent"])
                         if counted else "")
                f.write("%s\t%d\t%d\t%s\t%d\t%d\t%s\t%d\t%s%s\n" % (
                    r["program"], b["line"], b["column"], b["construct"], b["execs"],
                    b["divergent"], ",".join(b["classes"]), b["assumed_shape"], extra,
                    b["condition"].replace("\t", " ").replace("\n", " ")))


# gen.py tags that say how a chunk's value is tested or wrapped, not which feature carries it.
CONDITION_FORMS = {"ternary", "logical", "bool-var", "switch", "src-lane", "src-uniform",
                   "under-lane-branch", "in-lane-loop", "in-uniform-loop"}


def predicted_uniform_diverged(b):
    return b["divergent"] > 0 and b["classes"] and all(c in UNIFORM for c in b["classes"])


def arrived_split(b):
    """Diverged only between lanes at different loop iterations (needs the iteration-keyed
    counters of newer probes; None when the probes did not count them)."""
    if b.get("instance_divergent") is None:
        return None
    return b["divergent"] > 0 and b["instance_divergent"] == 0


def is_bug(b):
    if not predicted_uniform_diverged(b):
        return False
    if arrived_split(b) is None:
        return True
    return not arrived_split(b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gen", required=True)
    ap.add_argument("--emit")
    ap.add_argument("--measured", help="a --export-measured file instead of --emit/--results")
    ap.add_argument("--export-measured", metavar="FILE",
                    help="write every probe's measurement (and emit-time class) to FILE(.gz)")
    ap.add_argument("--results")
    ap.add_argument("--repredict", metavar="DIVLINT")
    ap.add_argument("--json")
    ap.add_argument("--list", type=int, default=1000, help="print at most N bugs")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    progs = sorted(f[:-3] for f in os.listdir(args.gen) if f.endswith(".cu"))
    measured_progs = load_measured(args.measured) if args.measured else None
    if measured_progs is None and not args.emit:
        ap.error("give --emit (and --results) or --measured")
    with ThreadPoolExecutor(args.j) as ex:
        results = list(ex.map(lambda p: judge_program(args, p, measured_progs), progs))
    if args.export_measured:
        export_measured(results, args.export_measured)

    s = collections.Counter()
    bugs, mixed, split, arrived = [], [], [], []
    pred_hist = collections.Counter()
    tag_exec = collections.Counter()
    for r in results:
        s["programs"] += 1
        s["kernels"] += r["kernels"]
        s["emitted"] += r["emitted"]
        s["built"] += r["built"]
        s["ran_ok"] += r["run_rc"] == 0
        s["measured"] += bool(r.get("measured"))
        s["skipped_conditions"] += r["skipped"]
        if r["run_rc"] == 0:
            s["kernels_ran"] += r["kernels"]
        for b in r["branches"]:
            s["branches_probed"] += 1
            if b["execs"] == 0:
                continue
            s["branches_executed"] += 1
            top = max(b["classes"], key=RANK.get) if b["classes"] else "unpredicted"
            pred_hist[(top, b["divergent"] > 0)] += 1
            if b["divergent"] > 0:
                s["branches_diverged"] += 1
            if not b["classes"]:
                s["executed_unpredicted"] += 1
            b["iteration_dependent"] = b["in_loop"] and bool(
                ITERATION_DEPENDENT.search(b["condition"]))
            if predicted_uniform_diverged(b) and arrived_split(b):
                b["program"] = r["program"]
                arrived.append(b)
            elif is_bug(b) and b["iteration_dependent"] and arrived_split(b) is None:
                b["program"] = r["program"]
                split.append(b)
            elif is_bug(b):
                b["program"] = r["program"]
                bugs.append(b)
            elif b["divergent"] > 0 and any(c in UNIFORM for c in b["classes"]):
                b["program"] = r["program"]
                mixed.append(b)
            for t in b["tags"]:
                tag_exec[t] += 1
    s["uniform_but_diverged"] = len(bugs)
    s["uniform_but_diverged_iteration_dependent"] = len(split)
    s["uniform_arrived_split"] = len(arrived)
    s["uniform_but_diverged_in_loops_counted"] = sum(b["in_loop"] for b in bugs)
    s["uniform_but_diverged_assumed_shape"] = sum(b["assumed_shape"] for b in bugs)
    s["mixed_contexts_diverged"] = len(mixed)

    print("programs %(programs)d, kernels %(kernels)d, emitted %(emitted)d, built %(built)d, "
          "ran ok %(ran_ok)d (kernels %(kernels_ran)d), measured %(measured)d" % s)
    print("branches probed %d, executed %d, diverged %d; not instrumented %d"
          % (s["branches_probed"], s["branches_executed"], s["branches_diverged"],
             s["skipped_conditions"]))
    print("predicted class x measured (executed branches):")
    for cls in ("block-uniform", "warp-uniform", "lane-varying", "unpredicted"):
        print("  %-14s diverged %6d   never diverged %6d"
              % (cls, pred_hist[(cls, True)], pred_hist[(cls, False)]))
    print("UNIFORM BUT DIVERGED (soundness bugs): %d (%d under an assumed default block shape; %d "
          "in loops, on conditions the same at every iteration); mixed contexts %d"
          % (len(bugs), s["uniform_but_diverged_assumed_shape"],
             s["uniform_but_diverged_in_loops_counted"], len(mixed)))
    print("uniform but diverged, condition on a loop counter or loop state (lanes may have arrived "
          "at different iterations; not judged): %d" % len(split))
    if arrived:
        print("uniform, diverged only between lanes at different loop iterations (arrived split, "
              "counted by the probes): %d" % len(arrived))
    by_pattern = collections.defaultdict(list)
    for b in bugs:
        key = tuple(t for t in b["tags"] if t not in CONDITION_FORMS)
        by_pattern[key].append(b)
    print("by feature (the chunk's; its condition's form and wrapping left out):")
    for key, bs in sorted(by_pattern.items(), key=lambda kv: -len(kv[1])):
        print("  %4d  %s" % (len(bs), ", ".join(key) or "(no chunk)"))
    for b in bugs[:args.list]:
        print("%s.cu:%d:%d: %s '%s' predicted %s, diverged %d/%d warp evaluations; kernel %s %s; "
              "tags %s%s" % (os.path.join(args.gen, b["program"]), b["line"], b["column"],
                             b["construct"], b["condition"], "/".join(sorted(set(b["classes"]))),
                             b["divergent"], b["execs"], b["kernel"],
                             json.dumps(b.get("shape", {})), ",".join(b["tags"]),
                             " [assumed block shape]" if b["assumed_shape"] else ""))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": s, "prediction_x_measured": {"%s/%s" % (k[0], "diverged" if k[1] else "uniform"): v
                                                                for k, v in pred_hist.items()},
                       "bugs": bugs, "mixed": mixed, "iteration_dependent": split,
                       "arrived_split": arrived,
                       "by_pattern": {", ".join(k): len(v) for k, v in by_pattern.items()},
                       "programs": [{k: v for k, v in r.items() if k != "branches"} for r in results]},
                      f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
