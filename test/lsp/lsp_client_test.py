#!/usr/bin/env python3
"""End-to-end test of `divlint lsp` (issue 28): a real client drives the real server over stdio.

    lsp_client_test.py BUILD/bin/divlint

Covers: the lifecycle (a request before initialize, initialize, shutdown, a request after it,
exit with 0), diagnostics of an unsaved buffer (exact ranges, codes, severities, messages, doc
links, why trace, the same findings as `divlint --format=json`), hover, code actions (the
warp-aligned remap fix-it and NOLINT, applied and re-analyzed), edits that remove the branch,
superseding edits (no stale result), a file that does not parse, a compile_commands.json in a
build/ subdirectory (as clangd finds it), .divlint.yaml, a crash in one analysis, malformed
JSON-RPC, unknown methods, didClose. Exit status 0 when every check passed.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")
FAILURES = []


def check(condition, what, detail=None):
    if condition:
        print(f"ok: {what}")
    else:
        print(f"FAIL: {what}" + (f"\n  {detail}" if detail is not None else ""))
        FAILURES.append(what)


def rng(l0, c0, l1, c1):
    return {"start": {"line": l0, "character": c0}, "end": {"line": l1, "character": c1}}


def apply_edits(text, edits):
    """Applies LSP TextEdits (ASCII text, so UTF-16 columns are byte columns)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def offset(p):
        return starts[p["line"]] + p["character"]
    for e in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        text = text[:offset(e["range"]["start"])] + e["newText"] + text[offset(e["range"]["end"]):]
    return text


def cli_findings(divlint, path, *args):
    out = subprocess.run([divlint, "--format=json", "--no-cache", *args, path],
                         capture_output=True, text=True, check=False).stdout
    return json.loads(out)["findings"]


def test_lifecycle_and_features(divlint, work):
    source = open(os.path.join(INPUTS, "divergent.cu")).read()
    path = os.path.join(work, "divergent.cu")
    open(path, "w").write("// on disk: not what the editor shows\n")  # the buffer is analyzed
    client = LspClient(divlint, ["--debounce-ms=100"])
    try:
        early = client.request("textDocument/hover", {
            "textDocument": {"uri": "file://" + path}, "position": {"line": 0, "character": 0}})
        check(early.get("error", {}).get("code") == -32002,
              "a request before initialize gets ServerNotInitialized (-32002)", early)

        init = client.initialize(work)
        caps = init["result"]["capabilities"]
        check(caps == {"positionEncoding": "utf-16",
                       "textDocumentSync": {"openClose": True, "change": 1,
                                            "save": {"includeText": False}},
                       "hoverProvider": True,
                       "codeActionProvider": {"codeActionKinds": ["quickfix"]}},
              "initialize advertises full sync, hover and quickfix code actions", caps)
        check(init["result"]["serverInfo"]["name"] == "divlint", "serverInfo names divlint")

        uri = client.open(path, source, version=1)
        published = client.diagnostics(uri, 1)["params"]
        diags = published["diagnostics"]
        check(len(diags) == 1, "one diagnostic for the one lane-varying branch",
              json.dumps(diags, indent=1))
        d = diags[0]
        check(d["range"] == rng(11, 6, 11, 26), "the range is the condition 'threadIdx.x % 2 == 1'",
              d["range"])
        check(d["code"] == "divergent-branch" and d["source"] == "divlint" and d["severity"] == 2,
              "code divergent-branch, source divlint, severity 2 (warning)", d)
        check(d["message"].startswith("'if' condition 'threadIdx.x % 2 == 1' is lane-varying "
                                      "(every-warp, 4/4 warps diverge, 16/32 lanes true)"),
              "the message is the CLI's", d["message"])
        href = d.get("codeDescription", {}).get("href", "")
        check(href.startswith("file:///") and href.endswith("/docs/rules/divergent-branch.md") and
              os.path.exists(href[len("file://"):]),
              "codeDescription links to the rule page, which exists", href)
        related = [r["message"] for r in d.get("relatedInformation", [])]
        check(related[:2] == ["threadIdx.x is lane-varying",
                              "so 'threadIdx.x % 2 == 1' is lane-varying"],
              "the why trace is the relatedInformation", related)
        check("lanes 0-31 of one diverging warp: " + "FT" * 16 in related,
              "the lane map is related information", related)
        # The same findings as the command line on the same text.
        open(path, "w").write(source)
        cli = cli_findings(divlint, path)
        check([(f["line"] - 1, f["column"] - 1, f["message"], f["severity"]) for f in cli] ==
              [(x["range"]["start"]["line"], x["range"]["start"]["character"], x["message"],
                {1: "error", 2: "warning", 3: "note"}[x["severity"]]) for x in diags],
              "the diagnostics are `divlint --format=json`'s findings", cli)

        hover = client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 11, "character": 10}})["result"]
        md = hover["contents"]["value"] if hover else ""
        check(hover and hover["contents"]["kind"] == "markdown" and
              hover["range"] == rng(11, 6, 11, 26), "hover on the condition: Markdown, its range",
              hover)
        for part in ("is **lane-varying** (every-warp)", "| warps that diverge | 4 of 4 |",
                     "| split | 16 of 32 lanes true |", "| predicted efficiency | 50% |",
                     "| region slowdown | 2.00x |", "| block shape | 128x1x1 |",
                     "```text\n" + "FT" * 16 + "\n```"):
            check(part in md, f"hover shows {part!r}", md)
        uniform = client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 18, "character": 8}})["result"]
        check(uniform and "is **warp-uniform**" in uniform["contents"]["value"],
              "hover on a warp-uniform condition says so (no diagnostic for it)", uniform)
        nothing = client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 9, "character": 2}})
        check(nothing.get("result") is None and "error" not in nothing,
              "hover away from a condition: null", nothing)

        actions = client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rng(11, 8, 11, 8),
            "context": {"diagnostics": [d]}})["result"]
        titles = [a["title"] for a in actions]
        check(titles == ["divlint: apply the warp-aligned remap",
                         "divlint: suppress with // NOLINT(divlint-divergent-branch)"],
              "code actions: the remap fix-it, then NOLINT", titles)
        check(all(a["kind"] == "quickfix" and a["diagnostics"] == [d] for a in actions),
              "both are quick fixes of the diagnostic")
        fix, nolint = actions
        check(fix.get("isPreferred") is True, "the fix-it is the preferred fix")
        fixed = apply_edits(source, fix["edit"]["changes"][uri])
        check("const unsigned tid_warp_aligned = threadIdx.x / 64 * 64 + threadIdx.x % 32 * 2 + "
              "threadIdx.x % 64 / 32;" in fixed and "if (tid_warp_aligned % 2 == 1)" in fixed,
              "the fix-it's edit is the warp-aligned remap", fixed)
        check(nolint["edit"]["changes"][uri] == [
            {"range": rng(11, 27, 11, 27), "newText": " // NOLINT(divlint-divergent-branch)"}],
              "NOLINT is appended to the finding's line", nolint["edit"])

        # Applying the fix-it: the branch is warp-uniform now, no diagnostic.
        client.change(uri, 2, fixed)
        after_fix = client.diagnostics(uri, 2)["params"]["diagnostics"]
        check(after_fix == [], "after the fix-it: no diagnostics", after_fix)
        # NOLINT in the unsaved buffer suppresses the finding.
        client.change(uri, 3, apply_edits(source, nolint["edit"]["changes"][uri]))
        after_nolint = client.diagnostics(uri, 3)["params"]["diagnostics"]
        check(after_nolint == [], "after NOLINT: no diagnostics", after_nolint)
        # Back to the divergent text, then an edit that removes the branch.
        client.change(uri, 4, source)
        check(len(client.diagnostics(uri, 4)["params"]["diagnostics"]) == 1,
              "the divergent text again: one diagnostic")
        removed = source.replace("  if (threadIdx.x % 2 == 1)\n    v = work(v);\n", "")
        client.change(uri, 5, removed)
        check(client.diagnostics(uri, 5)["params"]["diagnostics"] == [],
              "after the branch is removed: an empty list")

        # Superseding edits: versions 6 (divergent) and 7 (clean) back to back, then 8 and 9 with
        # 9 arriving while 8 may be analyzed. Publications come in version order and end with
        # the newest; 6, superseded within the debounce, is never published.
        start = len(client.seen)
        client.change(uri, 6, source)
        client.change(uri, 7, removed)
        client.diagnostics(uri, 7)
        client.change(uri, 8, source)
        time.sleep(0.3)
        client.change(uri, 9, removed)
        last = client.diagnostics(uri, 9)["params"]
        versions = [m["params"]["version"] for m in client.seen[start:]
                    if m.get("method") == "textDocument/publishDiagnostics"]
        check(6 not in versions and versions == sorted(versions) and versions[-1] == 9 and
              last["diagnostics"] == [], "superseded versions: never a stale publication",
              versions)

        # A file that does not parse.
        broken = os.path.join(work, "broken.cu")
        buri = client.open(broken, open(os.path.join(INPUTS, "broken.cu")).read())
        bd = client.diagnostics(buri)["params"]["diagnostics"]
        check(len(bd) == 1 and bd[0]["severity"] == 1 and bd[0]["code"] == "divlint-not-analyzed"
              and bd[0]["range"]["start"] == {"line": 3, "character": 12} and
              bd[0]["message"].startswith("divlint could not analyze this file: failed to parse "
                                          "as CUDA (1 error; first: use of undeclared identifier "
                                          "'undeclared_name')"),
              "a file that does not parse: one error diagnostic at clang's error", bd)

        # Malformed JSON-RPC: the server answers each with an error and keeps serving.
        client.write_raw(b"this is no header\r\n\r\n")
        e1 = client.wait_for(lambda m: "error" in m and m.get("id") is None, 30, "ParseError 1")
        check(e1["error"]["code"] == -32700, "a header without Content-Length: ParseError", e1)
        client.write_raw(b"Content-Length: 9\r\n\r\n{not json")
        e2 = client.wait_for(lambda m: "error" in m and m.get("id") is None, 30, "ParseError 2")
        check(e2["error"]["code"] == -32700 and "invalid JSON" in e2["error"]["message"],
              "a body that is not JSON: ParseError", e2)
        client.write_raw(b"Content-Length: twelve\r\n\r\n")
        e3 = client.wait_for(lambda m: "error" in m and m.get("id") is None, 30, "ParseError 3")
        check(e3["error"]["code"] == -32700, "a Content-Length that is not a number: ParseError")
        client.send({"jsonrpc": "2.0", "id": 900})
        e4 = client.wait_for(lambda m: m.get("id") == 900, 30, "InvalidRequest")
        check(e4.get("error", {}).get("code") == -32600, "a message without method: "
              "InvalidRequest with its id", e4)
        client.send({"jsonrpc": "2.0", "id": 901, "method": 42})
        e5 = client.wait_for(lambda m: m.get("id") == 901, 30, "InvalidRequest 2")
        check(e5.get("error", {}).get("code") == -32600, "a method that is not a string: "
              "InvalidRequest", e5)
        unknown = client.request("divlint/noSuchMethod", {})
        check(unknown.get("error", {}).get("code") == -32601, "an unknown request: "
              "MethodNotFound", unknown)
        client.notify("divlint/noSuchNotification", {})
        client.notify("$/cancelRequest", {"id": 12345})
        bad = client.request("textDocument/hover", {"textDocument": {"uri": uri}})
        check(bad.get("error", {}).get("code") == -32602, "hover without a position: "
              "InvalidParams", bad)
        alive = client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        check("result" in alive, "the server still answers after malformed input")

        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        closed = client.diagnostics(uri)["params"]
        check(closed["diagnostics"] == [] and "version" not in closed,
              "didClose clears the document's diagnostics", closed)

        down = client.request("shutdown")
        check("result" in down and down["result"] is None, "shutdown: null result", down)
        after = client.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        check(after.get("error", {}).get("code") == -32600, "a request after shutdown: "
              "InvalidRequest", after)
        client.notify("exit")
        code = client.proc.wait(timeout=30)
        check(code == 0, "exit after shutdown: exit status 0", code)
    finally:
        client.kill()


def test_compile_commands_and_config(divlint, work):
    """clangd's lookup: build/compile_commands.json in a parent directory; .divlint.yaml."""
    project = os.path.join(work, "project")
    os.makedirs(os.path.join(project, "src"))
    os.makedirs(os.path.join(project, "build"))
    source = os.path.join(project, "src", "flags.cu")
    shutil.copy(os.path.join(INPUTS, "flags.cu"), source)
    with open(os.path.join(project, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": os.path.join(project, "build"),
                    "command": f"/usr/bin/clang++ -DLSP_SPLIT -c {source} -o flags.o",
                    "file": source}], f)
    elsewhere = os.path.join(work, "elsewhere.cu")
    shutil.copy(os.path.join(INPUTS, "flags.cu"), elsewhere)
    client = LspClient(divlint, ["--debounce-ms=50"])
    try:
        client.initialize(project)
        uri = client.open(source, open(source).read())
        d = client.diagnostics(uri)["params"]["diagnostics"]
        check(len(d) == 1 and d[0]["severity"] == 3 and d[0]["range"] == rng(4, 6, 4, 21) and
              d[0]["message"].startswith("'if' condition 'threadIdx.x < 5' is lane-varying "
                                         "(partial, 1/2 warps diverge"),
              "-DLSP_SPLIT from build/compile_commands.json: the branch, a note (severity 3)", d)
        other = client.open(elsewhere, open(elsewhere).read())
        check(client.diagnostics(other)["params"]["diagnostics"] == [],
              "the same file without a compile database: no branch, no diagnostics")
        # .divlint.yaml beside the source: block shape 32 (one warp: the tail is the only warp).
        with open(os.path.join(project, "src", ".divlint.yaml"), "w") as f:
            f.write("MinSeverity: warning\n")
        client.notify("textDocument/didSave", {"textDocument": {"uri": "file://" + os.path.join(
            project, "src", ".divlint.yaml")}})
        d2 = client.diagnostics(uri)["params"]["diagnostics"]
        check(d2 == [], ".divlint.yaml (MinSeverity: warning), saved: the note goes", d2)
        check(client.close() == 0, "exit status 0")
    finally:
        client.kill()


def test_crash_isolation(divlint, work):
    """A crash in one analysis (DIVLINT_TESTING_CRASH_ON) is a diagnostic; the server lives on."""
    env = dict(os.environ, DIVLINT_TESTING_CRASH_ON="crash_me")
    client = LspClient(divlint, ["--debounce-ms=50"], env=env)
    try:
        client.initialize(work)
        text = open(os.path.join(INPUTS, "divergent.cu")).read()
        crash = client.open(os.path.join(work, "crash_me.cu"), text)
        d = client.diagnostics(crash)["params"]["diagnostics"]
        check(len(d) == 1 and d[0]["code"] == "divlint-not-analyzed" and
              "the analysis crashed" in d[0]["message"],
              "a crashing analysis: one diagnostic saying so", d)
        fine = client.open(os.path.join(work, "fine.cu"), text)
        d2 = client.diagnostics(fine)["params"]["diagnostics"]
        check(len(d2) == 1 and d2[0]["code"] == "divergent-branch",
              "the next document is analyzed as usual", d2)
        check(client.close() == 0, "exit status 0 after a crashed analysis")
    finally:
        client.kill()


def test_new_file_and_header(divlint, work):
    """A buffer never saved (no file on disk) and a .cuh header are analyzed like a .cu file."""
    text = ("__device__ int pick(const int *p) {\n  if (threadIdx.x & 1)\n    return p[0];\n"
            "  return 1;\n}\n")
    client = LspClient(divlint, ["--debounce-ms=0"])
    try:
        client.initialize(work)
        for name, language in (("never_saved.cu", "cuda-cpp"), ("helpers.cuh", "cuda-cpp"),
                               ("helpers.hpp", "cpp")):
            path = os.path.join(work, "new", name)
            uri = client.open(path, text, language=language)
            d = client.diagnostics(uri)["params"]["diagnostics"]
            check(len(d) == 1 and d[0]["range"] == rng(1, 6, 1, 21) and
                  d[0]["message"].startswith("'if' condition 'threadIdx.x & 1' is lane-varying"),
                  f"{name} (not on disk): its lane-varying branch", d)
        plain = client.open(os.path.join(work, "new", "host.cpp"), text, language="cpp")
        hover = client.request("textDocument/hover", {
            "textDocument": {"uri": plain}, "position": {"line": 1, "character": 8}})
        check(hover.get("result") is None, "a .cpp file is not analyzed (no hover)", hover)
        check(client.close() == 0, "exit status 0")
    finally:
        client.kill()


def test_exit_without_shutdown(divlint):
    client = LspClient(divlint)
    try:
        client.initialize()
        client.notify("exit")
        check(client.proc.wait(timeout=30) == 1, "exit without shutdown: exit status 1")
    finally:
        client.kill()


def test_bad_options(divlint):
    """Options the server cannot use end it before it serves, with the command line's status."""
    for args, message in ((["--block-dim=abc"], "invalid --block-dim='abc'"),
                          (["kernel.cu"], "the server takes no files"),
                          (["--debounce-ms=soon"], "not a number of milliseconds")):
        run = subprocess.run([divlint, "lsp", *args], input=b"", capture_output=True,
                             timeout=60, check=False)
        check(run.returncode == 2 and message in run.stderr.decode(),
              f"divlint lsp {' '.join(args)}: exit status 2, {message!r}",
              (run.returncode, run.stderr.decode()))


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    divlint = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="divlint-lsp-test-")
    try:
        test_lifecycle_and_features(divlint, work)
        test_compile_commands_and_config(divlint, work)
        test_crash_isolation(divlint, work)
        test_new_file_and_header(divlint, work)
        test_exit_without_shutdown(divlint)
        test_bad_options(divlint)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
