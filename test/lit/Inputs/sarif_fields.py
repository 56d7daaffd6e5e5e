"""Flattens divlint's SARIF into one line per rule, result, location, fix and notification, for
FileCheck. URIs print as BASE/uri (uriBaseId) or as they are; the %SRCROOT% URI prints as CWD when
it is the current directory."""
import json
import os
import sys

log = json.load(sys.stdin)
run = log["runs"][0]
bases = {k: v["uri"] for k, v in run.get("originalUriBaseIds", {}).items()}
root = bases.get("%SRCROOT%")
cwd_uri = "file://" + os.getcwd().rstrip("/") + "/"
inv = run["invocations"][0]
print(f"log version={log['version']} runs={len(log['runs'])} columnKind={run['columnKind']} "
      f"srcroot={'CWD' if root == cwd_uri else root} success={inv['executionSuccessful']}")
for i, r in enumerate(run["tool"]["driver"]["rules"]):
    p = r["properties"]
    print(f"rule[{i}] id={r['id']} name={r['name']} level={r['defaultConfiguration']['level']} "
          f"precision={p['precision']} problem.severity={p['problem.severity']} "
          f"tags={','.join(p['tags'])} help={'+'.join(sorted(r['help']))}")


def uri(art):
    return f"{art['uriBaseId']}/{art['uri']}" if "uriBaseId" in art else art["uri"]


def region(g):
    s = f"{g['startLine']}:{g.get('startColumn', '?')}"
    if "endLine" in g:
        s += f"-{g['endLine']}:{g['endColumn']}"
    if "charOffset" in g:
        s += f" chars={g['charOffset']}+{g['charLength']}"
    if "snippet" in g:
        s += f" snippet='{g['snippet']['text']}'"
    return s


for r in run["results"]:
    p = r["properties"]
    loc = r["locations"][0]["physicalLocation"]
    w = p["warps"] and f"{p['warps']['divergent']}/{p['warps']['total']}"
    s = p["split"] and f"{p['split']['true_lanes']}/{p['split']['active_lanes']}"
    fp = ",".join(f"{k}={v.split(':')[-1]}" for k, v in r["partialFingerprints"].items())
    print(f"result {r['ruleId']} index={r['ruleIndex']} level={r['level']} "
          f"at {uri(loc['artifactLocation'])}:{region(loc['region'])} class={p['class']} "
          f"extent={p['extent']} warps={w} split={s} function={p['function']} "
          f"kernel={p['kernel']} occurrence={fp}")
    print(f"  message: {r['message']['text']}")
    for rl in r.get("relatedLocations", []):
        ph = rl["physicalLocation"]
        print(f"  related {rl['id']} {uri(ph['artifactLocation'])}:{region(ph['region'])} "
              f"{rl['message']['text']}")
    for a in p.get("advice", []):
        print(f"  advice: {a}")
    for fix in r.get("fixes", []):
        print(f"  fix: {fix['description']['text']}")
        for ch in fix["artifactChanges"]:
            for rep in ch["replacements"]:
                d = rep["deletedRegion"]
                print(f"    replace {uri(ch['artifactLocation'])} chars={d['charOffset']}+"
                      f"{d['charLength']} with {json.dumps(rep['insertedContent']['text'])}")
for n in inv.get("toolExecutionNotifications", []):
    locs = n.get("locations", [])
    where = uri(locs[0]["physicalLocation"]["artifactLocation"]) if locs else "-"
    print(f"notification {n['descriptor']['id']} level={n['level']} at {where}: "
          f"{n['message']['text']}")
