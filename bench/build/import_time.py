#!/usr/bin/env python3
"""Import time of modules built by `numrs build`, in fresh interpreters.

Each kernel file (and the dispatch probe) is built into its own directory; then, per module and
per repeat, a new interpreter imports NumPy first (a numrs module's users have it loaded
already, and Numba's users too) and times, with `time.perf_counter`:

- `module`: `import <module>` alone, after `import numrs_runtime` (the module's own cost:
  loading the shared object, building its dispatchers);
- `with_runtime`: `import <module>` when the numrs runtime is not loaded yet (what the first
  numrs module of a process pays).

For scale, `import numba` is timed the same way (after NumPy) when numba is installed.

Usage: import_time.py --numrs BIN --kernels-dir DIR [--probe FILE] [--repeats N] --out FILE.json
(run it with the Python that has the numrs runtime installed).
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import numpy
if sys.argv[3] == "module":
    import numrs_runtime
t0 = time.perf_counter()
__import__(sys.argv[2])
t1 = time.perf_counter()
print(json.dumps({"s": t1 - t0}))
"""


def child_time(build_dir, module, mode):
    p = subprocess.run([sys.executable, "-c", CHILD, build_dir, module, mode],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("importing %s failed:\n%s" % (module, p.stderr))
    return json.loads(p.stdout.strip().splitlines()[-1])["s"]


def build(binary, path):
    out = tempfile.mkdtemp(prefix="numrs-imp-")
    p = subprocess.run([binary, "build", path, "-o", out], capture_output=True, text=True,
                       env=dict(os.environ, NUMRS_CACHE_DIR=""))
    if p.returncode != 0:
        raise SystemExit("numrs build failed for %s:\n%s" % (path, p.stderr))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--numrs", required=True)
    ap.add_argument("--kernels-dir", required=True)
    ap.add_argument("--probe", default=None, help="dispatch_probe.py, built and timed too")
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(a.kernels_dir, "*.py")))
    if a.probe:
        files.append(a.probe)
    modules = {}
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        d = build(a.numrs, path)
        rec = {}
        for mode in ("module", "with_runtime"):
            ts = [child_time(d, name, mode) for _ in range(a.repeats)]
            rec[mode + "_s"] = statistics.median(ts)
        modules[name] = rec
        print("%-14s %.2f ms (with the runtime %.2f ms)" % (
            name, rec["module_s"] * 1e3, rec["with_runtime_s"] * 1e3), file=sys.stderr)
    result = {"repeats": a.repeats, "modules": modules}
    probe = subprocess.run([sys.executable, "-c",
                            "import numpy, time; t = time.perf_counter(); import numba; "
                            "print(time.perf_counter() - t)"], capture_output=True, text=True)
    if probe.returncode == 0:
        ts = [float(probe.stdout)]
        for _ in range(a.repeats - 1):
            ts.append(float(subprocess.run(probe.args, capture_output=True, text=True).stdout))
        result["import_numba_s"] = statistics.median(ts)
    json.dump(result, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()
