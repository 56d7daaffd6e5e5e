"""A minimal Language Server Protocol client over stdio (Python standard library only).

Used by lsp_client_test.py (end-to-end test of `divlint lsp`) and bench/lsp_latency.py.
"""

import json
import os
import queue
import subprocess
import threading
import time


class LspError(Exception):
    pass


class LspClient:
    """Starts `divlint lsp ARGS`, frames JSON-RPC messages, and collects what the server sends."""

    def __init__(self, divlint, args=(), env=None, cwd=None):
        self.proc = subprocess.Popen([divlint, "lsp", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env, cwd=cwd)
        self.inbox = queue.Queue()
        self.stderr_lines = []
        self.next_id = 1
        self.seen = []  # every message received, in order (notifications included)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    # -- wire ---------------------------------------------------------------------------------
    def _read_stdout(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.rstrip(b"\r\n")
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                headers[name.strip().lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            message = json.loads(body.decode("utf-8"))
            message["_received"] = time.monotonic()
            self.inbox.put(message)

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr_lines.append(line.decode("utf-8", "replace").rstrip("\n"))

    def write_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.write_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    # -- messages -----------------------------------------------------------------------------
    def request(self, method, params=None, timeout=60):
        """Sends a request; returns its response (the whole message)."""
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return self.wait_for(lambda m: m.get("id") == rid and "method" not in m, timeout,
                             f"the response to {method} (id {rid})")

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, predicate, timeout, what):
        """The first message (received from now on, or already queued) that satisfies
        predicate; the others stay in self.seen."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LspError(f"timed out after {timeout} s waiting for {what}; stderr:\n" +
                               "\n".join(self.stderr_lines[-20:]))
            try:
                message = self.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if message is None:
                raise LspError(f"the server closed its output while waiting for {what}; "
                               f"exit code {self.proc.poll()}; stderr:\n" +
                               "\n".join(self.stderr_lines[-20:]))
            self.seen.append(message)
            if predicate(message):
                return message

    def diagnostics(self, uri, version=None, timeout=120):
        """The next publishDiagnostics for uri (of that version, when given)."""
        def matches(m):
            if m.get("method") != "textDocument/publishDiagnostics":
                return False
            p = m["params"]
            return p["uri"] == uri and (version is None or p.get("version") == version)
        return self.wait_for(matches, timeout, f"diagnostics of {uri} version {version}")

    def initialize(self, root=None):
        response = self.request("initialize", {
            "processId": os.getpid(),
            "rootUri": f"file://{root}" if root else None,
            "capabilities": {"general": {"positionEncodings": ["utf-16"]}}})
        self.notify("initialized", {})
        return response

    def open(self, path, text, version=1, language="cuda-cpp"):
        uri = "file://" + path
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})
        return uri

    def change(self, uri, version, text):
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": text}]})

    def close(self):
        """shutdown, exit; the server's exit code."""
        self.request("shutdown")
        self.notify("exit")
        try:
            return self.proc.wait(timeout=30)
        finally:
            self.proc.stdin.close()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
