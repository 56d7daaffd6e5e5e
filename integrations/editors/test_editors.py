#!/usr/bin/env python3
"""Tests the editor recipes as far as this machine allows (no VS Code, CLion or Emacs here).

usage: test_editors.py DIVLINT PLUGIN CLANG_TIDY [RUNNER]   (exits 77, skipped, without a CUDA
install; RUNNER runs CLANG_TIDY, e.g. a wrapper that preloads the sanitizer runtime)

For a small CUDA project with an nvcc compile database: each recipe's configuration parses, and
the command it makes the editor run (with /path/to/divlint replaced by this build) is run here;
its output must be what the recipe's error pattern turns into the expected problems (the barrier
divergence at its line). Covers VS Code (cpptools clang-tidy settings, a tasks.json problem
matcher), CLion (external clang-tidy through clang-tidy-divlint, an External Tool with an output
filter) and Emacs (flycheck-clang-tidy, a flycheck checker for the CLI).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIDY_DIR = os.path.join(ROOT, "integrations", "clang-tidy")
BUG = os.path.join(ROOT, "test", "lit", "tidy", "checks.cu")
BARRIER_LINE = next(i for i, l in enumerate(open(BUG), 1) if l.strip() == "__syncthreads();")
failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def run(cmd, cwd, env=None):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout + p.stderr


def problems(output, regex, groups):
    """(file basename, line, severity) of every output line the editor's pattern matches."""
    found = []
    for line in output.splitlines():
        m = re.match(regex, line)
        if m:
            found.append((os.path.basename(m.group(groups[0])), int(m.group(groups[1])),
                          m.group(groups[2]) if len(groups) > 2 else ""))
    return found


def sexp_balanced(text):
    depth, i, in_str = 0, 0, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == ";":
            while i < len(text) and text[i] != "\n":
                i += 1
        elif c == "?" and i + 1 < len(text):
            i += 1 + (text[i + 1] == "\\")  # character literal
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return False
        i += 1
    return depth == 0 and not in_str


def rx_to_regex(form):
    """Flycheck's `line-start (file-name) ":" line ":" column ": error: " (message) line-end`."""
    parts = {"line-start": "^", "line-end": "$", "(file-name)": r"(?P<file>.+?)",
             "line": r"(?P<line>\d+)", "column": r"(?P<column>\d+)", "(message)": r"(?P<message>.*)"}
    out = ""
    for tok in re.findall(r'"[^"]*"|\([\w-]+\)|[\w-]+', form):
        out += re.escape(tok[1:-1]) if tok.startswith('"') else parts[tok]
    return out


def main(argv):
    divlint, plugin, clang_tidy = (os.path.abspath(a) for a in argv[1:4])
    # What runs clang-tidy: clang_tidy itself, or (sanitizer build) a wrapper that preloads the
    # sanitizer runtime into it.
    runner = os.path.abspath(argv[4]) if len(argv) > 4 else clang_tidy
    cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
    if not os.path.isfile(os.path.join(cuda, "include", "cuda_runtime.h")):
        print(f"SKIP: the clang-tidy recipes parse real CUDA headers; none at {cuda}")
        return 77
    swap = lambda s: (s.replace("/path/to/divlint/build/lib/DivlintTidyModule.so", plugin)
                       .replace("/path/to/divlint/build/bin/divlint", divlint))
    with tempfile.TemporaryDirectory() as ws:
        # The project: an nvcc compile database, and the clang one cuda_compdb.py derives.
        os.makedirs(os.path.join(ws, "src"))
        src = os.path.join(ws, "src", "checks.cu")
        shutil.copy(BUG, src)
        os.makedirs(os.path.join(ws, "build"))
        with open(os.path.join(ws, "build", "compile_commands.json"), "w") as f:
            json.dump([{"directory": os.path.join(ws, "build"), "file": src,
                        "command": f"/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -x cu -c {src} -o k.o"}], f)
        rc, out = run([sys.executable, os.path.join(TIDY_DIR, "cuda_compdb.py"), "build",
                       "build-tidy"], ws)
        check(rc == 0 and "1 CUDA of 1 entries" in out, f"cuda_compdb.py converts the database: {out.strip()}")
        expected = ("checks.cu", BARRIER_LINE)

        # VS Code, cpptools: clang-tidy with --load, the enabled checks, the clang database.
        settings = json.load(open(os.path.join(HERE, "vscode", "settings.json")))
        check(settings["C_Cpp.codeAnalysis.clangTidy.path"] == clang_tidy,
              "vscode: clangTidy.path is the clang-tidy the plugin was built for")
        check(settings["C_Cpp.default.compileCommands"] ==
              "${workspaceFolder}/build-tidy/compile_commands.json",
              "vscode: cpptools reads the converted database")
        cmd = [runner,
               *map(swap, settings["C_Cpp.codeAnalysis.clangTidy.args"]),
               "--checks=-*," + ",".join(settings["C_Cpp.codeAnalysis.clangTidy.checks.enabled"]),
               "-p", "build-tidy", src]
        rc, out = run(cmd, ws)
        found = problems(out, r"^(.+?):(\d+):\d+: (warning): .*\[cuda-divergence-barrier\]", (1, 2, 3))
        check(rc == 0 and (*expected, "warning") in found,
              f"vscode: cpptools' clang-tidy run reports the barrier ({found})")

        # VS Code, tasks.json: the CLI with a problem matcher.
        task = json.load(open(os.path.join(HERE, "vscode", "tasks.json")))["tasks"][0]
        args = [a.replace("${workspaceFolder}", ws).replace("${file}", src) for a in task["args"]]
        rc, out = run([swap(task["command"]), *args], ws)
        pm = task["problemMatcher"]["pattern"]
        found = problems(out, pm["regexp"], (pm["file"], pm["line"], pm["severity"]))
        check(rc == 1 and (*expected, "error") in found and
              all(os.path.isfile(os.path.join(ws, "src", f)) for f, _, _ in found),
              f"vscode: the task's problem matcher finds the barrier error ({len(found)} problems)")

        # CLion: external clang-tidy = clang-tidy-divlint (all arguments passed through).
        wrapper = os.path.join(TIDY_DIR, "clang-tidy-divlint")
        env = {"DIVLINT_TIDY_PLUGIN": plugin, "DIVLINT_CLANG_TIDY": runner}
        rc, out = run([wrapper, "--checks=-*,cuda-divergence-*", "--list-checks"], ws, env)
        check(rc == 0 and "cuda-divergence-warp-sync" in out, "clion: clang-tidy-divlint lists the checks")
        rc, out = run([wrapper, "--checks=-*,cuda-divergence-*", "-p", "build-tidy", src], ws, env)
        check(rc == 0 and "[cuda-divergence-barrier]" in out, "clion: clang-tidy-divlint reports the barrier")
        rc, out = run([wrapper, "--list-checks"], ws, {"DIVLINT_TIDY_PLUGIN": "/nonexistent.so"})
        check(rc == 2 and "DivlintTidyModule.so not found" in out, "clion: a missing plugin is an error")

        # CLion: External Tool with an output filter.
        tool = ET.parse(os.path.join(HERE, "clion", "divlint-external-tool.xml")).getroot().find("tool")
        opt = {o.get("name"): o.get("value") for o in tool.iter("option")}
        params = (opt["PARAMETERS"].replace("$CMakeCurrentBuildDir$", os.path.join(ws, "build"))
                  .replace("$FilePath$", src).split())
        rc, out = run([swap(opt["COMMAND"]), *params], ws)
        # The filter is a regular expression with CLion's macros in it.
        regex = "^" + (opt["REGEXP"].replace("$FILE_PATH$", "(.+?)").replace("$LINE$", r"(\d+)")
                       .replace("$COLUMN$", r"(\d+)"))
        found = problems(out, regex, (1, 2))
        check(rc == 1 and (*expected, "") in found, f"clion: the output filter links the barrier ({len(found)} links)")

        # Emacs: the file reads as Lisp; both checkers' patterns match what they would run.
        el = open(os.path.join(HERE, "emacs", "divlint.el")).read()
        check(sexp_balanced(el), "emacs: divlint.el is balanced")
        for var in ("flycheck-clang-tidy-executable", "flycheck-clang-tidy-extra-options",
                    "flycheck-clang-tidy-build-path", "flycheck-clang-tidy-setup"):
            check(var in el, f"emacs: uses flycheck-clang-tidy's {var}")
        patterns = {k: rx_to_regex(v) for k, v in re.findall(r"\((error|warning|info) (line-start.*?line-end)\)", el)}
        with open(os.path.join(ws, ".clang-tidy"), "w") as f:
            f.write("Checks: '-*,cuda-divergence-*'\n")
        # What flycheck-clang-tidy runs: clang-tidy -p BUILD -extra-arg=-I<dir> -config=<.clang-tidy> OPTIONS source
        rc, out = run([runner, "-p", "build-tidy", f"-extra-arg=-I{os.path.dirname(src)}",
                       "-config=Checks: '-*,cuda-divergence-*'", f"--load={plugin}", src], ws)
        found = [m["line"] for l in out.splitlines() if (m := re.match(patterns["warning"], l))
                 and "[cuda-divergence-barrier]" in l]
        check(str(BARRIER_LINE) in found, "emacs: flycheck-clang-tidy's warning pattern finds the barrier")
        rc, out = run([divlint, "-p", "build", "--color=never", src], ws)
        found = [m["line"] for l in out.splitlines() if (m := re.match(patterns["error"], l))]
        check(rc == 1 and str(BARRIER_LINE) in found, "emacs: cuda-divlint's error pattern finds the barrier")
    print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
