"""Latency benchmark for `numrs server` with a real LSP client over stdio.

Opens a generated 10k-line, 500-function module (bench/check/gen_module.py), then makes
one-character edits inside function bodies and measures edit → publishDiagnostics latency,
and hover latency. Prints a Markdown table and writes RESULTS.md next to this script.

    python bench/lsp/run.py [--edits 200] [--hovers 200] [--binary target/release/numrs]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import queue

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class Client:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        start = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            t, m = self.messages.get(timeout=60)
            if m.get("id") == rid and "method" not in m:
                return m, t - start

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self, uri, start):
        while True:
            t, m = self.messages.get(timeout=60)
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                return t - start, m["params"]["diagnostics"]

    def rss_kib(self):
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            return None


def pct(values, p):
    values = sorted(values)
    k = max(0, min(len(values) - 1, int(round(p / 100.0 * (len(values) - 1)))))
    return values[k]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--edits", type=int, default=200)
    ap.add_argument("--hovers", type=int, default=200)
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "numrs"))
    ap.add_argument("--storm", type=int, default=10000, help="edits in the storm on examples/kernels.py")
    args = ap.parse_args()
    if not os.path.exists(args.binary):
        subprocess.run(["cargo", "build", "--release", "-p", "numrs_cli"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench_module.py")
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "check", "gen_module.py"), "-o", path],
                       check=True, stdout=subprocess.DEVNULL)
        text = open(path).read()
    lines = text.split("\n")
    uri = "file:///bench/bench_module.py"
    client = Client(args.binary)
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}})
    open_latency, diags = client.wait_diagnostics(uri, start)
    rss_open = client.rss_kib()

    # Edit targets: lines inside function bodies that assign a float constant `= 0.0`, or any
    # indented line; the edit appends a space at the end of the line and removes it again.
    body_lines = [i for i, l in enumerate(lines) if l.startswith("    ") and l.strip() and not l.strip().startswith("@")]
    edits = []
    version = 1
    for k in range(args.edits):
        line = body_lines[(k * 7919) % len(body_lines)]
        col = len(lines[line])
        version += 1
        start = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}, "text": " "}]})
        latency, _ = client.wait_diagnostics(uri, start)
        edits.append(latency)
        version += 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 1}}, "text": ""}]})
        client.wait_diagnostics(uri, time.perf_counter())
    hovers = []
    name_lines = [i for i, l in enumerate(lines) if l.startswith("    ") and "=" in l and l.strip()[0].isalpha()]
    for k in range(args.hovers):
        line = name_lines[(k * 104729) % len(name_lines)]
        col = len(lines[line]) - len(lines[line].lstrip()) + 1
        _, latency = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": col}})
        hovers.append(latency)
    rss_end = client.rss_kib()

    # Edit storm: many edits to a small file, every third one leaving it syntactically broken,
    # sent without waiting; then the server must still answer, and memory stay flat.
    storm_uri = "file:///bench/kernels.py"
    small = open(os.path.join(ROOT, "examples", "kernels.py")).read()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": storm_uri, "languageId": "python", "version": 1, "text": small}})
    storm_start = time.perf_counter()
    rss_mid = None
    for k in range(args.storm):
        text = small + ("\ndef broken(:\n" if k % 3 == 0 else "\n# edit %d\n" % k)
        client.notify("textDocument/didChange", {"textDocument": {"uri": storm_uri, "version": k + 2}, "contentChanges": [{"text": text}]})
        if k == args.storm // 2:
            rss_mid = client.rss_kib()
    _, answer_latency = client.request("textDocument/documentSymbol", {"textDocument": {"uri": storm_uri}})
    storm_seconds = time.perf_counter() - storm_start
    rss_storm = client.rss_kib()
    client.request("shutdown", None)
    client.notify("exit", None)

    ms = lambda s: "%.2f ms" % (s * 1000)
    rows = [
        ("open (first check of the whole file)", ms(open_latency), "", ""),
        ("edit → publishDiagnostics, %d edits" % len(edits), ms(statistics.median(edits)), ms(pct(edits, 95)), ms(max(edits))),
        ("hover, %d requests" % len(hovers), ms(statistics.median(hovers)), ms(pct(hovers, 95)), ms(max(hovers))),
    ]
    table = ["| measurement | median | p95 | max |", "| --- | ---: | ---: | ---: |"]
    table += ["| %s | %s | %s | %s |" % r for r in rows]
    memory = "server memory (RSS): %s KiB after open, %s KiB after the edits and hovers" % (rss_open, rss_end)
    memory += ("\n\nedit storm: %d full-document edits (every third syntactically broken) sent without waiting; "
               "server answered afterwards (%.1f s for the whole storm); RSS %s KiB half-way, %s KiB after" %
               (args.storm, storm_seconds, rss_mid, rss_storm))
    out = "\n".join(table) + "\n\n" + memory + "\n"
    print(out)
    with open(os.path.join(HERE, "RESULTS.md"), "w") as f:
        f.write("# `numrs server` latency\n\nGenerated by `bench/lsp/run.py` on %s; module: `bench/check/gen_module.py` "
                "defaults (500 functions, ~10k lines); %d diagnostics on open.\n\n" % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), len(diags)))
        f.write(out)


if __name__ == "__main__":
    main()
