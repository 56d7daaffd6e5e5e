#!/usr/bin/env python3
"""Tests action.yml and example-workflow.yml on this machine.

usage: test_action.py DIVLINT VALIDATE_SARIF SCHEMA

The YAML must parse and have the expected shape; every `run:` script must pass `bash -n`; then
the composite action is executed locally, step by step, with a small evaluator for the `${{ }}`
expressions it uses (inputs, steps.*.outputs, github.action_path, runner.temp, ==, !=, &&, ||,
!cancelled()): the dependency installation and divlint build are skipped by giving the action a
built divlint (its `divlint` input), and the upload-sarif step is checked but not run. Scenarios:
a barrier bug fails the job with fail-on=error and passes with fail-on=never, a clean project
passes, a divergent branch fails fail-on=warning; on a pull request (a git repository whose base
branch the action fetches) only the lines it changes are reported; every log validates.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


# -- a tiny evaluator for the expressions action.yml uses -------------------------------------
def evaluate(expr, ctx):
    expr = expr.strip()
    for op in ("||", "&&"):
        parts = split_top(expr, op)
        if len(parts) > 1:
            values = [evaluate(p, ctx) for p in parts]
            if op == "||":
                return next((v for v in values if truthy(v)), values[-1])
            return next((v for v in values if not truthy(v)), values[-1])
    m = re.fullmatch(r"(.+?)\s*(==|!=)\s*(.+)", expr)
    if m:
        equal = str(evaluate(m[1], ctx)).lower() == str(evaluate(m[3], ctx)).lower()
        return equal if m[2] == "==" else not equal
    if expr.startswith("!"):
        return not truthy(evaluate(expr[1:], ctx))
    if expr in ("cancelled()", "failure()"):
        return False
    if expr in ("always()", "success()"):
        return True
    if re.fullmatch(r"'[^']*'", expr):
        return expr[1:-1]
    value = ctx
    for part in expr.split("."):
        if not isinstance(value, dict) or part not in value:
            if expr.startswith("steps."):
                return ""  # as on GitHub: outputs of a skipped step are null
            raise KeyError(f"unknown expression {expr!r}")
        value = value[part]
    return value


def split_top(expr, op):
    parts, depth, quote, start, i = [], 0, False, 0, 0
    while i < len(expr):
        c = expr[i]
        if c == "'":
            quote = not quote
        elif not quote and c == "(":
            depth += 1
        elif not quote and c == ")":
            depth -= 1
        elif not quote and depth == 0 and expr.startswith(op, i):
            parts.append(expr[start:i])
            start = i + len(op)
            i += len(op) - 1
        i += 1
    return parts + [expr[start:]]


def truthy(v):
    return v not in (False, "", None, 0)


def substitute(text, ctx):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(evaluate(m[1], ctx)), str(text))


def run_action(action, inputs, workspace, tmp, github_env=None):
    """Runs the composite action's steps; returns (steps context, [(step name, status)]).
    github_env: variables GitHub sets for the event (GITHUB_BASE_REF on a pull request)."""
    declared = action["inputs"]
    ctx = {"inputs": {k: str(inputs.get(k, v.get("default", ""))) for k, v in declared.items()},
           "github": {"action_path": HERE, "workspace": workspace},
           "runner": {"temp": tmp}, "steps": {}}
    unknown = set(inputs) - set(declared)
    assert not unknown, f"undeclared inputs {unknown}"
    log = []
    for step in action["runs"]["steps"]:
        name = step["name"]
        cond = step.get("if", "success()")
        cond = cond[3:-2] if cond.startswith("${{") else cond
        if not truthy(evaluate(cond, ctx)):
            log.append((name, "skipped"))
            continue
        if "uses" in step:
            log.append((name, "uses " + step["uses"]))
            continue
        out = os.path.join(tmp, f"output-{len(log)}")
        open(out, "w").close()
        env = dict(os.environ, GITHUB_OUTPUT=out, GITHUB_WORKSPACE=workspace)
        env.pop("GITHUB_BASE_REF", None)
        env.update(github_env or {})
        env.update({k: substitute(v, ctx) for k, v in step.get("env", {}).items()})
        p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                            substitute(step["run"], ctx)], cwd=workspace, env=env,
                           capture_output=True, text=True)
        sys.stdout.write("".join(f"    | {l}\n" for l in (p.stdout + p.stderr).splitlines()))
        outputs = dict(l.split("=", 1) for l in open(out).read().splitlines() if "=" in l)
        if "id" in step:
            ctx["steps"][step["id"]] = {"outputs": outputs}
        log.append((name, "failed" if p.returncode else "ok"))
        if p.returncode:
            break
    for step in action["runs"]["steps"]:  # outputs of steps that never ran are empty
        ctx["steps"].setdefault(step.get("id", ""), {"outputs": {}})
    return ctx["steps"], log


def project(tmp, name, kernels):
    """A CUDA project whose compile database the action's `configure` input writes (nvcc style)."""
    ws = os.path.join(tmp, name)
    os.makedirs(os.path.join(ws, "src"))
    for k in kernels:
        shutil.copy(k, os.path.join(ws, "src", os.path.basename(k)))
    db = [{"directory": os.path.join(ws, "build"), "file": os.path.join(ws, "src", os.path.basename(k)),
           "command": f"/usr/local/cuda/bin/nvcc -DNDEBUG -O3 -arch=sm_90 -x cu -c "
                      f"{os.path.join(ws, 'src', os.path.basename(k))} -o k.o"} for k in kernels]
    configure = ("mkdir -p build && python3 -c 'import json,sys; "
                 "open(\"build/compile_commands.json\",\"w\").write(sys.argv[1])' " +
                 json.dumps(json.dumps(db)).replace("'", ""))
    return ws, configure


def git(ws, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=ws, check=True,
                   capture_output=True, text=True)


def pull_request(ws, tmp, change):
    """Makes \p ws a clone of a repository whose main branch holds its current files, on a branch
    with \p change (a function of ws) committed, as actions/checkout leaves a pull request: the
    base branch is not fetched (the action fetches it)."""
    origin = os.path.join(tmp, os.path.basename(ws) + "-origin.git")
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", origin], check=True)
    git(ws, "init", "-q", "-b", "main")
    git(ws, "add", "src")
    git(ws, "commit", "-qm", "base")
    git(ws, "remote", "add", "origin", origin)
    git(ws, "push", "-q", "origin", "main")
    git(ws, "update-ref", "-d", "refs/remotes/origin/main")
    git(ws, "checkout", "-q", "-b", "pr")
    change(ws)
    git(ws, "commit", "-qam", "pr")


def main(argv):
    divlint, validate, schema = (os.path.abspath(a) for a in argv[1:4])
    with open(os.path.join(HERE, "action.yml")) as f:
        action = yaml.safe_load(f)
    with open(os.path.join(HERE, "example-workflow.yml")) as f:
        workflow = yaml.safe_load(f)

    # Shape of the action and the example workflow.
    steps = action["runs"]["steps"]
    check(action["runs"]["using"] == "composite", "action.yml is a composite action")
    uploads = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    check(len(uploads) == 1 and uploads[0]["with"]["sarif_file"] == "${{ inputs.sarif-file }}",
          "action.yml uploads its SARIF log with github/codeql-action/upload-sarif")
    check(all(s.get("shell") == "bash" for s in steps if "run" in s), "every run step says shell: bash")
    used = set(re.findall(r"inputs\.([\w-]+)", yaml.safe_dump(action["runs"])))
    check(used == set(action["inputs"]), f"inputs used == inputs declared ({sorted(used)})")
    check(not any("${{" in s.get("run", "") for s in steps), "no ${{ }} inside run: (env only)")
    for s in steps:
        if "run" in s:
            p = subprocess.run(["bash", "-n", "-c", s["run"]], capture_output=True, text=True)
            check(p.returncode == 0, f"bash -n: {s['name']} {p.stderr.strip()}")
    on = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on:` as True
    check("pull_request" in on and workflow["permissions"]["security-events"] == "write",
          "example-workflow.yml: runs on pull requests with security-events: write")
    wsteps = workflow["jobs"]["divlint"]["steps"]
    check(any(re.fullmatch(r"[\w-]+/divlint/integrations/github@[\w.-]+", s.get("uses", ""))
              for s in wsteps), "example-workflow.yml uses the action from integrations/github")

    spec = os.path.join(ROOT, "test", "lit", "tidy", "checks.cu")  # barrier + warp-sync bugs
    clean = os.path.join(ROOT, "examples", "tail_guard.cu")
    divergent = os.path.join(ROOT, "examples", "reduction.cu")  # one warning: the interleaved step
    with tempfile.TemporaryDirectory() as tmp:
        def scenario(name, kernels, expect_fail, change=None, **inputs):
            """change: run as a pull request that makes this change (diff mode)."""
            ws, configure = project(tmp, name, kernels)
            github_env = None
            if change:
                pull_request(ws, tmp, change)
                github_env = {"GITHUB_BASE_REF": "main"}
            inputs = dict(divlint=divlint, configure=configure, upload="false", **inputs)
            outputs, log = run_action(action, inputs, ws, tmp, github_env)
            print(f"  {name}: {log}")
            failed = log[-1][1] == "failed"
            check(failed == expect_fail and log[-1][0] == "Fail on findings",
                  f"{name}: the job {'fails' if expect_fail else 'passes'} at the last step "
                  f"({log[-1]})")
            check(("Install LLVM/Clang 22 and build dependencies", "skipped") in log and
                  ("Build divlint", "skipped") in log, f"{name}: no install/build with a divlint given")
            sarif = os.path.join(ws, "divlint.sarif")
            p = subprocess.run([sys.executable, validate, "--schema-optional", schema, sarif],
                               capture_output=True, text=True)
            check(p.returncode == 0, f"{name}: the log validates: {p.stdout.strip()}")
            return outputs, json.load(open(sarif))

        outputs, log = scenario("barrier", [spec], True)
        check(outputs["run"]["outputs"].get("exit-code") == "1", "barrier: divlint exit code 1 recorded")
        results = log["runs"][0]["results"]
        barrier = [r for r in results if r["ruleId"] == "divlint/barrier-divergence"]
        loc = barrier and barrier[0]["locations"][0]["physicalLocation"]["artifactLocation"]
        check(bool(barrier) and loc["uri"] == "src/checks.cu" and loc["uriBaseId"] == "%SRCROOT%",
              f"barrier: barrier-divergence at %SRCROOT%/src/checks.cu ({loc})")
        scenario("barrier-never", [spec], False, **{"fail-on": "never"})
        scenario("clean", [clean], False)
        scenario("warnings", [divergent], True, **{"fail-on": "warning"})

        # Pull requests: only the lines they change (reduction.cu has a warning on line 10).
        def add_branch(ws):
            with open(os.path.join(ws, "src", "reduction.cu"), "a") as f:
                f.write("\n__global__ void added(float *x) {\n  if (threadIdx.x % 2) x[0] = 1.f;\n}\n")

        def edit_comment(ws):
            path = os.path.join(ws, "src", "reduction.cu")
            text = open(path).read().replace("// A shared-memory reduction written", "// A shared-memory reduction, written")
            open(path, "w").write(text)

        def results_of(log):
            return sorted((r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                           r["locations"][0]["physicalLocation"]["region"]["startLine"], r["level"])
                          for r in log["runs"][0]["results"])

        _, log = scenario("pr-new-branch", [divergent], True, add_branch, **{"fail-on": "warning"})
        check(results_of(log) == [("src/reduction.cu", 23, "warning")],
              f"pr-new-branch: only the added branch is reported ({results_of(log)})")
        _, log = scenario("pr-comment", [divergent], False, edit_comment, **{"fail-on": "warning"})
        check(results_of(log) == [], f"pr-comment: no findings on unchanged lines ({results_of(log)})")
        _, log = scenario("pr-all-findings", [divergent], True, edit_comment,
                          **{"fail-on": "warning", "changed-lines-only": "false"})
        check(("src/reduction.cu", 10, "warning") in results_of(log),
              f"pr-all-findings: changed-lines-only=false reports line 10 ({results_of(log)})")

        # Conditions that would install, build and upload on GitHub.
        ctx = {"inputs": {k: v.get("default", "") for k, v in action["inputs"].items()}}
        conds = {s["name"]: evaluate(s.get("if", "success()"), ctx) for s in steps}
        check(conds["Install LLVM/Clang 22 and build dependencies"] and conds["Build divlint"] and
              conds["Upload SARIF to code scanning"] and not conds["Write the compile database"],
              "with the defaults: install, build and upload run; configure does not")
    print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
