#!/usr/bin/env python3
"""Validates SARIF logs: the official 2.1.0 JSON schema (draft-04) plus what divlint promises.

usage: validate_sarif.py [--schema-optional] SCHEMA LOG.sarif [LOG.sarif ...]   ('-': stdin)

Beyond the schema it checks divlint's own contract: one run, every ruleId matches
tool.driver.rules[ruleIndex], every uriBaseId is declared in originalUriBaseIds (a directory URI
ending in '/'), relative URIs stay under their base, regions are 1-based with the end after the
start, partialFingerprints are unique, and every region snippet is the text the region (in UTF-16
columns and charOffset/charLength) points at in the file. Exits 1 listing every problem.
With --schema-optional a missing SCHEMA file (no ../shared checkout) leaves the contract checks.
"""
import json
import os
import sys
import urllib.parse

import jsonschema

RULES = ["divlint/divergent-branch", "divlint/uniform-branch", "divlint/barrier-divergence",
         "divlint/warp-sync-divergence", "divlint/hidden-branch"]


def file_path(location, bases):
    """The local path of an artifactLocation (None when it is not a file:// URI)."""
    uri = location["uri"]
    if "uriBaseId" in location:
        uri = bases[location["uriBaseId"]] + uri
    parsed = urllib.parse.urlparse(uri)
    return urllib.parse.unquote(parsed.path) if parsed.scheme == "file" else None


def check_region(region, path, where, problems):
    start = (region["startLine"], region.get("startColumn", 1))
    if start[0] < 1 or start[1] < 1:
        problems.append(f"{where}: region starts before 1:1: {region}")
    if "endLine" in region:
        end = (region["endLine"], region.get("endColumn", 1))
        if end < start:
            problems.append(f"{where}: region ends before it starts: {region}")
    if "snippet" not in region or path is None or not os.path.isfile(path):
        return
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        text = f.read()
    utf16 = lambda s: s.encode("utf-16-le", "surrogatepass")
    snippet = utf16(region["snippet"]["text"])
    whole = utf16(text)
    off, length = region.get("charOffset"), region.get("charLength")
    if off is not None and whole[2 * off:2 * (off + length)] != snippet:
        problems.append(f"{where}: charOffset/charLength do not select the snippet")
    if region.get("endLine") == region["startLine"]:
        line = utf16(text.splitlines(keepends=True)[region["startLine"] - 1])
        cols = line[2 * (start[1] - 1):2 * (region["endColumn"] - 1)]
        if cols != snippet:
            problems.append(f"{where}: columns select {cols.decode('utf-16-le')!r}, "
                            f"snippet is {region['snippet']['text']!r}")


def check_log(log, validator):
    problems = [f"schema: {'/'.join(map(str, e.absolute_path))}: {e.message}"
                for e in validator.iter_errors(log)]
    if problems:
        return problems
    if log["version"] != "2.1.0" or len(log["runs"]) != 1:
        return ["expected version 2.1.0 and exactly one run"]
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    if driver["name"] != "divlint" or [r["id"] for r in driver["rules"]] != RULES:
        problems.append(f"tool.driver: name {driver['name']!r}, rules {[r['id'] for r in driver['rules']]}")
    for rule in driver["rules"]:
        props = rule.get("properties", {})
        for key in ("tags", "precision", "problem.severity"):
            if key not in props:
                problems.append(f"rule {rule['id']}: no properties.{key}")
        if not rule.get("help", {}).get("markdown"):
            problems.append(f"rule {rule['id']}: no help.markdown")
    if run.get("columnKind") != "utf16CodeUnits":
        problems.append("run.columnKind is not utf16CodeUnits")
    bases = {k: v["uri"] for k, v in run.get("originalUriBaseIds", {}).items()}
    for name, uri in bases.items():
        if not uri.endswith("/"):
            problems.append(f"originalUriBaseIds.{name} does not end in '/': {uri}")

    def check_location(loc, where):
        art = loc["physicalLocation"]["artifactLocation"]
        base = art.get("uriBaseId")
        if base is not None and base not in bases:
            problems.append(f"{where}: uriBaseId {base} not in originalUriBaseIds")
            return None
        if base is not None and (art["uri"].startswith(("/", "../")) or ":" in art["uri"]):
            problems.append(f"{where}: uri {art['uri']!r} is not relative to {base}")
        if "index" in art and run["artifacts"][art["index"]]["location"]["uri"] != art["uri"]:
            problems.append(f"{where}: artifact index {art['index']} names another file")
        return file_path(art, bases)

    fingerprints = set()
    for i, result in enumerate(run.get("results", [])):
        where = f"results[{i}]"
        if driver["rules"][result["ruleIndex"]]["id"] != result["ruleId"]:
            problems.append(f"{where}: ruleIndex {result['ruleIndex']} is not {result['ruleId']}")
        if result["level"] not in ("error", "warning", "note"):
            problems.append(f"{where}: level {result['level']}")
        for key in ("class", "extent", "warps", "split", "predicted_efficiency",
                    "predicted_slowdown", "kernel", "function", "why"):
            if key not in result.get("properties", {}):
                problems.append(f"{where}: no properties.{key}")
        fp = tuple(sorted(result["partialFingerprints"].items()))
        if fp in fingerprints:
            problems.append(f"{where}: duplicate partialFingerprints {fp}")
        fingerprints.add(fp)
        for j, loc in enumerate(result["locations"] + result.get("relatedLocations", [])):
            path = check_location(loc, f"{where}.location[{j}]")
            check_region(loc["physicalLocation"]["region"], path, f"{where}.location[{j}]",
                         problems)
    inv = run["invocations"][0]
    notes = inv.get("toolExecutionNotifications", [])
    if inv["executionSuccessful"] != (not any(n.get("level") == "error" for n in notes)):
        problems.append("executionSuccessful disagrees with the error notifications")
    return problems


def main(argv):
    args = argv[1:]
    optional = "--schema-optional" in args
    args = [a for a in args if a != "--schema-optional"]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    if os.path.isfile(args[0]):
        with open(args[0]) as f:
            validator = jsonschema.Draft4Validator(json.load(f))
    elif optional:
        print(f"note: no schema at {args[0]}; checking divlint's contract only")
        validator = jsonschema.Draft4Validator({})
    else:
        print(f"error: no schema at {args[0]}", file=sys.stderr)
        return 2
    failed = 0
    for name in args[1:]:
        log = json.load(sys.stdin) if name == "-" else json.load(open(name, encoding="utf-8"))
        problems = check_log(log, validator)
        for p in problems:
            print(f"{name}: {p}")
        failed += bool(problems)
        results = len(log.get("runs", [{}])[0].get("results", []))
        print(f"{name}: {'INVALID' if problems else 'valid'} ({results} results)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
