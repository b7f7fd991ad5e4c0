#!/usr/bin/env python3
"""CPU time to compile the benchmark kernels: `numrs build` vs Numba's cold compile.

numrs: each `numrs build KERNEL.py -o DIR` runs as a child process with its build cache off
(`NUMRS_CACHE_DIR=`); its CPU time (user + system, from the children's rusage) is the whole
tool: parsing, typing, LLVM, linking.

Numba: each kernel is imported in a fresh interpreter with an empty NUMBA_CACHE_DIR. The CPU
time counted is only the eager compile of the module's explicit signatures: it starts after
`import numba` and after compiling a trivial function (Numba's one-time initialisation), so
interpreter start, the import and the initialisation are not charged to Numba.

Usage: compile_cpu.py --numrs BIN --kernels-dir DIR [--repeats N] --out FILE.json
(run it with a Python that has numba).
"""
import argparse
import glob
import json
import os
import resource
import subprocess
import sys
import tempfile

CHILD = r"""
import importlib.util, json, os, sys, time
path = sys.argv[1]
import numba
from numba import njit
@njit("int64(int64)")
def _trivial(x):
    return x + 1
t0 = time.process_time()
spec = importlib.util.spec_from_file_location("kernel_under_test", path)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
t1 = time.process_time()
print(json.dumps({"compile_cpu_s": t1 - t0}))
"""


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def numrs_build(binary, path):
    out = tempfile.mkdtemp(prefix="numrs-cc-")
    # A cold build, as Numba's with an empty cache: numrs's build cache is turned off.
    env = dict(os.environ, NUMRS_CACHE_DIR="")
    before = children_cpu()
    p = subprocess.run([binary, "build", path, "-o", out], capture_output=True, text=True, env=env)
    cpu = children_cpu() - before
    if p.returncode != 0:
        raise SystemExit("numrs build failed for %s:\n%s" % (path, p.stderr))
    return cpu


def numba_compile(path):
    env = dict(os.environ, NUMBA_CACHE_DIR=tempfile.mkdtemp(prefix="numba-cc-"))
    p = subprocess.run([sys.executable, "-c", CHILD, path], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise SystemExit("numba compile failed for %s:\n%s" % (path, p.stderr))
    return json.loads(p.stdout.strip().splitlines()[-1])["compile_cpu_s"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--numrs", required=True)
    ap.add_argument("--kernels-dir", required=True)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rows = {}
    for path in sorted(glob.glob(os.path.join(a.kernels_dir, "*.py"))):
        name = os.path.splitext(os.path.basename(path))[0]
        nr = sorted(numrs_build(a.numrs, path) for _ in range(a.repeats))
        nb = sorted(numba_compile(path) for _ in range(a.repeats))
        rows[name] = {"numrs_build_cpu_s": nr[len(nr) // 2], "numba_compile_cpu_s": nb[len(nb) // 2]}
        print("%-14s numrs build %.3f s CPU   numba cold compile %.3f s CPU" % (
            name, rows[name]["numrs_build_cpu_s"], rows[name]["numba_compile_cpu_s"]), file=sys.stderr)
    json.dump({"repeats": a.repeats, "kernels": rows}, open(a.out, "w"), indent=1)


if __name__ == "__main__":
    main()
