#!/usr/bin/env python3
"""Runs divlint --format=sarif --report-all over a directory of .cu files and validates every log.

usage: run_sarif_validation.py DIVLINT SCHEMA DIR [--required]

For each file (honouring a first line `// args: ...`, as shared/spec does) and once for all files
together: the log must validate (validate_sarif.py: the official schema plus divlint's contract)
and must hold the same findings as --format=json (rule, line, column, class, extent, level).
The validator must also reject deliberately broken copies of a log, so it cannot pass vacuously.
Exits 77 (ctest: skipped) when DIR or SCHEMA is absent, unless --required.
"""
import copy
import glob
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsonschema  # noqa: E402
import validate_sarif  # noqa: E402


def file_args(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline()
    return first.split("args:", 1)[1].split() if first.startswith("// args:") else []


def run(divlint, fmt, files, args, cwd):
    cmd = [divlint, f"--format={fmt}", "--report-all", *args, *files]
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise SystemExit(f"FAIL: {' '.join(cmd)} exited {p.returncode}:\n{p.stderr}")
    return json.loads(p.stdout)


def same_findings(sarif, js):
    """(rule, line, column-in-bytes-is-skipped, class, extent, level) of both front ends."""
    from_json = sorted((f"divlint/{f['rule']}", os.path.basename(f["file"]), f["line"], f["class"],
                        f["extent"], f["severity"]) for f in js["findings"])
    from_sarif = []
    for r in sarif["runs"][0]["results"]:
        loc = r["locations"][0]["physicalLocation"]
        from_sarif.append((r["ruleId"], os.path.basename(loc["artifactLocation"]["uri"]),
                           loc["region"]["startLine"], r["properties"]["class"],
                           r["properties"]["extent"], r["level"]))
    return from_json == sorted(from_sarif), from_json, sorted(from_sarif)


def broken_copies(log):
    """Logs the validator must reject: one schema violation, one contract violation each."""
    run = log["runs"][0]
    if not run["results"]:
        return []
    bad = []
    b = copy.deepcopy(log); b["runs"][0]["results"][0]["level"] = "fatal"; bad.append(("level", b))
    b = copy.deepcopy(log); b["runs"][0]["results"][0]["ruleIndex"] = 3 - run["results"][0]["ruleIndex"]
    bad.append(("ruleIndex", b))
    b = copy.deepcopy(log)
    region = b["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    region["startColumn"] += 1; region["endColumn"] += 1; region["charOffset"] += 1
    bad.append(("region shifted by one column", b))
    b = copy.deepcopy(log); del b["runs"][0]["originalUriBaseIds"]; bad.append(("no %SRCROOT%", b))
    return bad


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    divlint, schema_path, directory = os.path.abspath(argv[1]), argv[2], argv[3]
    required = "--required" in argv[4:]
    if not os.path.isfile(schema_path) or not os.path.isdir(directory):
        print(f"SKIP: no {schema_path} or {directory}")
        return 1 if required else 77
    with open(schema_path) as f:
        validator = jsonschema.Draft4Validator(json.load(f))
    files = sorted(os.path.basename(p) for p in glob.glob(os.path.join(directory, "*.cu")))
    if not files:
        print(f"FAIL: no .cu files in {directory}")
        return 1
    failures = 0
    checked = []
    groups = [([f], file_args(os.path.join(directory, f))) for f in files]
    groups.append((files, []))  # all files in one invocation: still one run
    for names, args in groups:
        label = names[0] if len(names) == 1 else f"all {len(names)} files"
        sarif = run(divlint, "sarif", names, args, directory)
        js = run(divlint, "json", names, args, directory)
        problems = validate_sarif.check_log(sarif, validator)
        same, a, b = same_findings(sarif, js)
        if not same:
            problems.append(f"SARIF results differ from JSON findings:\n  json  {a}\n  sarif {b}")
        artifacts = {a["location"]["uri"] for a in sarif["runs"][0]["artifacts"]}
        if not set(names) <= artifacts:
            problems.append(f"artifacts {sorted(artifacts)} miss some of {names}")
        status = "FAIL" if problems else "ok"
        print(f"{status}: {label}: {len(sarif['runs'][0]['results'])} results")
        for p in problems:
            print(f"    {p}")
        failures += bool(problems)
        checked.append(sarif)
    # The validator itself must fail on broken logs.
    sample = max(checked, key=lambda s: len(s["runs"][0]["results"]))
    for what, bad in broken_copies(sample):
        if not validate_sarif.check_log(bad, validator):
            print(f"FAIL: the validator accepted a broken log ({what})")
            failures += 1
    print(f"{len(groups) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
