#!/usr/bin/env python3
"""Tests the pre-commit hook in a throwaway git repository.

usage: test_pre_commit.py DIVLINT

The hook script on staged files and on file arguments (the pre-commit framework's way), with
DIVLINT_FAIL_ON=warning, installed as .git/hooks/pre-commit under a real `git commit`, and the
pre-commit-config.yaml example (parses; its `files` pattern takes .cu files only).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HOOK = os.path.join(HERE, "divlint-pre-commit")
BUG = os.path.join(ROOT, "test", "lit", "tidy", "checks.cu")      # barrier + warp-sync errors
WARNS = os.path.join(ROOT, "examples", "reduction.cu")           # one warning: the interleaved step
failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def main(argv):
    divlint = os.path.abspath(argv[1])
    with tempfile.TemporaryDirectory() as repo:
        env = dict(os.environ, DIVLINT=divlint, GIT_CONFIG_GLOBAL=os.devnull,
                   GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
                   GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
        for v in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
            env.pop(v, None)

        def git(*args):
            return subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True)

        def hook(*files, **extra):
            p = subprocess.run([HOOK, *files], cwd=repo, env=dict(env, **extra),
                               capture_output=True, text=True)
            return p.returncode, p.stdout + p.stderr

        git("init", "-q")
        os.makedirs(os.path.join(repo, "src"))
        shutil.copy(BUG, os.path.join(repo, "src", "bug.cu"))
        shutil.copy(WARNS, os.path.join(repo, "src", "warps.cu"))
        with open(os.path.join(repo, "src", "util.cuh"), "w") as f:
            f.write("#pragma once\n__device__ inline int twice(int x) { return 2 * x; }\n")

        rc, out = hook()
        check(rc == 0 and not out, "nothing staged: passes silently")
        git("add", "src/warps.cu", "src/util.cuh")
        rc, out = hook()
        check(rc == 0 and "[divlint-divergent-branch]" in out,
              f"staged divergent branch (a warning): shown, commit allowed (rc {rc})")
        rc, out = hook(DIVLINT_FAIL_ON="warning")
        check(rc == 1 and "commit blocked" in out, f"DIVLINT_FAIL_ON=warning blocks it (rc {rc})")
        git("add", "src/bug.cu")
        rc, out = hook()
        check(rc == 1 and "[divlint-barrier-divergence]" in out and "commit blocked" in out,
              f"staged barrier divergence blocks the commit (rc {rc})")
        rc, out = hook("src/warps.cu", "src/util.cuh", "README.md")
        check(rc == 0 and "warps.cu" in out and "util.cuh" not in out,
              f"file arguments (pre-commit framework): only .cu files analyzed (rc {rc})")
        rc, out = hook("src/bug.cu", DIVLINT="/nonexistent/divlint")
        check(rc == 1 and "no divlint binary" in out, "a missing divlint fails loudly")

        # As a real git hook.
        shutil.copy(HOOK, os.path.join(repo, ".git", "hooks", "pre-commit"))
        p = git("commit", "-q", "-m", "bug")
        check(p.returncode != 0 and "[divlint-barrier-divergence]" in p.stdout + p.stderr,
              "git commit with the hook installed is refused on the barrier bug")
        check(git("rev-parse", "-q", "--verify", "HEAD").returncode != 0, "no commit was made")
        git("rm", "-q", "--cached", "src/bug.cu")
        p = git("commit", "-q", "-m", "ok")
        check(p.returncode == 0, f"git commit of the warning-only files succeeds (rc {p.returncode})")

    with open(os.path.join(HERE, "pre-commit-config.yaml")) as f:
        cfg = yaml.safe_load(f)
    h = cfg["repos"][0]["hooks"][0]
    check(cfg["repos"][0]["repo"] == "local" and h["language"] == "system" and
          h["entry"].endswith("integrations/pre-commit/divlint-pre-commit"),
          "pre-commit-config.yaml: a local system hook running divlint-pre-commit")
    pattern = re.compile(h["files"])
    check(all(bool(pattern.search(n)) == want for n, want in
              [("src/k.cu", True), ("k.cuh", False), ("k.cpp", False), ("cu.txt", False)]),
          "its files pattern selects .cu files only")
    print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
