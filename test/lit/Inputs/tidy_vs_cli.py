"""Checks that the clang-tidy plugin reports what the divlint CLI reports, file by file.

usage: tidy_vs_cli.py DIVLINT CLANG_TIDY PLUGIN CUDA_ARGS FILE_OR_DIR...

For every .cu file (a first line `// args: --block-dim=...` becomes the plugin's BlockDim option):
the CLI's text findings ([divlint-<rule>] lines, --report-all) and the plugin's diagnostics
([cuda-divergence-*] lines, ReportAll) must be the same list of (file, line, column, message,
check, level) with the same notes (why trace, lane map, assumptions, suggested rewrites); a remark has no
notes in clang-tidy. Levels: CLI error -> tidy warning, warning -> warning, note -> remark. The fix-its must be the same too: the replacements of --format=json against
those of clang-tidy --export-fixes. Prints one line per file and exits 1 on any difference (or
when the CLI finds nothing at all, which would make the comparison vacuous).
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

import yaml

CHECK = {"divergent-branch": "cuda-divergence-branch", "uniform-branch": "cuda-divergence-branch",
         "barrier-divergence": "cuda-divergence-barrier",
         "warp-sync-divergence": "cuda-divergence-warp-sync",
         "hidden-branch": "cuda-divergence-branch"}
LEVEL = {"error": "warning", "warning": "warning", "note": "remark"}
DIAG = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<level>\w+): (?P<msg>.*?)"
                  r"(?: \[(?P<tag>[\w,-]+)\])?$")


def findings(text, convert, remark_notes=True):
    """[(finding, [notes])] from clang-style lines; convert maps a primary line or rejects it.
    remark_notes=False: the notes after a finding that is a remark in clang-tidy are not its
    own (the plugin emits none there: front ends that know no remark would hang them on the
    warning before)."""
    out = []
    for raw in text.splitlines():
        m = DIAG.match(raw)
        if not m:
            continue  # source snippets and carets
        where = (os.path.basename(m["file"]), int(m["line"]), int(m["col"]))
        primary = convert(m)  # the CLI prints cheap findings as `note: ... [divlint-rule]`
        if primary:
            out.append(((*where, m["msg"], *primary), []))
        elif m["level"] == "note" and out and (remark_notes or out[-1][0][-1] != "remark"):
            out[-1][1].append((*where, m["msg"]))
    return sorted(out)


def cli(m):
    tag = m["tag"] or ""
    return (CHECK[tag[8:]], LEVEL[m["level"]]) if tag.startswith("divlint-") else None


def tidy(m):
    return (m["tag"], m["level"]) if (m["tag"] or "").startswith("cuda-divergence-") else None


def cli_replacements(divlint, args, path):
    p = subprocess.run([divlint, "--report-all", "--format=json", *args, path],
                       capture_output=True, text=True)
    reps = set()
    for f in json.loads(p.stdout)["findings"]:
        for fix in f["fixes"]:
            for r in fix["replacements"]:
                reps.add((os.path.basename(r["file"] or f["file"]), r["offset"], r["length"],
                          r["text"]))
    return reps


def tidy_replacements(path):
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        doc = yaml.safe_load(f) or {}
    return {(os.path.basename(r["FilePath"]), r["Offset"], r["Length"], r["ReplacementText"])
            for d in doc.get("Diagnostics", []) for r in d["DiagnosticMessage"]["Replacements"]}


def compare(path, divlint, clang_tidy, plugin, cuda_args):
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline()
    args = first.split("args:", 1)[1].split() if first.startswith("// args:") else []
    block = [a.split("=", 1)[1] for a in args if a.startswith("--block-dim=")]
    c = subprocess.run([divlint, "--report-all", *args, path], capture_output=True, text=True)
    config = "{CheckOptions: {ReportAll: 'true'%s}}" % (f", BlockDim: '{block[0]}'" if block else "")
    with tempfile.TemporaryDirectory() as tmp:
        fixes = os.path.join(tmp, "fixes.yaml")
        t = subprocess.run([clang_tidy, f"--load={plugin}", "--checks=-*,cuda-divergence-*",
                            f"--config={config}", f"--export-fixes={fixes}", path, "--",
                            *shlex.split(cuda_args)], capture_output=True, text=True)
        tidy_reps = tidy_replacements(fixes)
    if c.returncode not in (0, 1) or t.returncode != 0:
        return [f"exit codes: divlint {c.returncode}, clang-tidy {t.returncode}\n{c.stderr}{t.stderr}"], 0, 0
    a, b = findings(c.stdout, cli, remark_notes=False), findings(t.stdout, tidy)
    problems = [] if a else ["the CLI reports nothing: nothing to compare"]
    for x in a:
        if x not in b:
            problems.append(f"only the CLI: {x}")
    for x in b:
        if x not in a:
            problems.append(f"only clang-tidy: {x}")
    cli_reps = cli_replacements(divlint, args, path)
    for r in sorted(cli_reps - tidy_reps):
        problems.append(f"fix-it only in the CLI: {r}")
    for r in sorted(tidy_reps - cli_reps):
        problems.append(f"fix-it only in clang-tidy: {r}")
    return problems, len(a), len(cli_reps)


def main(argv):
    divlint, clang_tidy, plugin, cuda_args = argv[1:5]
    files = []
    for p in argv[5:]:
        files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".cu")) \
            if os.path.isdir(p) else [p]
    failed = 0
    for path in files:
        problems, n, fixes = compare(path, divlint, clang_tidy, plugin, cuda_args)
        print(f"{'FAIL' if problems else 'same'}: {os.path.basename(path)}: {n} findings, "
              f"{fixes} fix-its")
        for p in problems:
            print(f"    {p}")
        failed += bool(problems)
    print(f"{len(files) - failed} same, {failed} different")
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
