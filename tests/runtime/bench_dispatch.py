"""Call overhead of a trivial int64 function through the numrs dispatcher (the hand-made
module of tests/runtime) and through Numba's, and the import time of a built module.

    python tests/runtime/bench_dispatch.py [--numrs-dir DIR] [--only numrs|numba] [--json]
    python tests/runtime/bench_dispatch.py --compare --numba-python PY [--numrs-dir DIR]
        [--rounds N] [--write tests/runtime/RESULTS.md]

The first form measures what the running interpreter can import: numrs (numrs_runtime +
numrs_testmod from DIR, as tests/runtime/run.sh builds them) and/or numba. Figures are
nanoseconds per call (best of 7 runs of 500,000 calls) and milliseconds per import (median of
15 fresh interpreters, numpy already imported).

`--compare` measures both side by side: it alternates child processes, numrs under this
interpreter and Numba under PY (numrs, numba, numrs, numba, ... for N rounds), keeps each
figure's best over the rounds, prints the comparison and, with --write, writes it as Markdown
with the date, machine and versions.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import timeit

import numpy as np


def per_call_ns(stmt, env, number=500_000, repeat=7):
    timeit.timeit(stmt, globals=env, number=number // 10)
    return min(timeit.repeat(stmt, globals=env, number=number, repeat=repeat)) / number * 1e9


def import_ms(moddir, runs=15):
    code = (
        "import sys, time; sys.path.insert(0, sys.argv[1]); import numpy; "
        "t = time.perf_counter(); import numrs_testmod; print(time.perf_counter() - t)"
    )
    times = [float(subprocess.check_output([sys.executable, "-c", code, moddir])) for _ in range(runs)]
    return statistics.median(times) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--numrs-dir", default=os.environ.get("NUMRS_TESTMOD_DIR"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", choices=["numrs", "numba"])
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--numba-python", help="a Python with numba (for --compare)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--write", help="Markdown file for the --compare results")
    a = ap.parse_args()
    if a.compare:
        return compare(a)
    out = {"python": sys.version.split()[0], "numpy": np.__version__}
    env = {"abs": abs, "x": 1}
    out["python_builtin_abs_ns"] = per_call_ns("abs(x)", env)
    if a.numrs_dir and a.only != "numba":
        sys.path.insert(0, a.numrs_dir)
        import numrs_runtime
        import numrs_testmod as m

        out["numrs_vectorcall"] = numrs_runtime.VECTORCALL

        env = {"inc": m.inc, "add": m.add, "asum": m.asum, "arr": np.ones(10), "x": 1}
        assert m.inc(1) == 2
        out["numrs_inc_int_ns"] = per_call_ns("inc(x)", env)
        out["numrs_add_two_specs_int_ns"] = per_call_ns("add(x, x)", env)
        out["numrs_add_two_specs_float_ns"] = per_call_ns("add(1.5, 2.5)", env)
        out["numrs_add_kwargs_ns"] = per_call_ns("add(x, b=x)", env)
        out["numrs_array_sum_ns"] = per_call_ns("asum(arr)", env)
        out["numrs_import_ms"] = import_ms(a.numrs_dir)
    try:
        if a.only == "numrs":
            raise ImportError
        import numba
    except ImportError:
        numba = None
    if numba is not None:
        inc = numba.njit("int64(int64)")(lambda x: x + 1)
        add = numba.njit(["int64(int64, int64)", "float64(float64, float64)"])(lambda a, b: a + b)
        asum = numba.njit("float64(float64[::1])")(lambda a: a.sum())
        env = {"inc": inc, "add": add, "asum": asum, "arr": np.ones(10), "x": 1}
        out["numba"] = numba.__version__
        out["numba_inc_int_ns"] = per_call_ns("inc(x)", env)
        out["numba_add_two_specs_int_ns"] = per_call_ns("add(x, x)", env)
        out["numba_add_two_specs_float_ns"] = per_call_ns("add(1.5, 2.5)", env)
        out["numba_add_kwargs_ns"] = per_call_ns("add(x, b=x)", env)
        out["numba_array_sum_ns"] = per_call_ns("asum(arr)", env)
    if a.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:32} {v:.1f}" if isinstance(v, float) else f"{k:32} {v}")


CASES = [
    ("inc_int", "`inc(1)`: one specialization `(int64,) -> int64`"),
    ("add_two_specs_int", "`add(1, 1)`: two specializations, int64 and float64"),
    ("add_two_specs_float", "`add(1.5, 2.5)`: the same, float64"),
    ("add_kwargs", "`add(1, b=1)`: a keyword argument"),
    ("array_sum", "`asum(a)`: a 1-d C float64 array of 10 items"),
]


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}"


def compare(a):
    if not a.numba_python or not a.numrs_dir:
        sys.exit("--compare needs --numba-python and --numrs-dir (or NUMRS_TESTMOD_DIR)")
    me = os.path.abspath(__file__)
    runs = {"numrs": [], "numba": []}
    for r in range(a.rounds):
        for side, py, extra in (("numrs", sys.executable, ["--numrs-dir", a.numrs_dir]), ("numba", a.numba_python, [])):
            res = subprocess.check_output([py, me, "--json", "--only", side, *extra])
            runs[side].append(json.loads(res))
            print(f"round {r + 1}/{a.rounds}: {side} done", file=sys.stderr)
    best = {}
    for side, rs in runs.items():
        for k in rs[0]:
            vals = [x[k] for x in rs]
            best[(side, k)] = min(vals) if isinstance(vals[0], float) else vals[0]
    nr, nb = runs["numrs"][0], runs["numba"][0]
    lines = [
        "# Dispatch overhead: numrs runtime vs Numba",
        "",
        "Generated by `tests/runtime/bench_dispatch.py --compare` (do not edit by hand). Nanoseconds per",
        "call of trivial compiled functions from Python: the hand-made module of `tests/runtime`",
        "(numrs) and the same functions under `numba.njit` with the same explicit signatures.",
        f"Each figure is the best of {a.rounds} alternating child processes (numrs, Numba, numrs, ...),",
        "each the best of 7 runs of 500,000 calls.",
        "",
        f"- Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- Machine: {machine()}",
        f"- numrs side: Python {nr['python']}, NumPy {nr['numpy']}, call protocol: "
        f"{'vectorcall' if nr.get('numrs_vectorcall') else 'tp_call'}",
        f"- Numba side: Python {nb['python']}, NumPy {nb['numpy']}, Numba {nb['numba']}",
        "",
        "| call | numrs (ns) | Numba (ns) | numrs / Numba |",
        "|---|---:|---:|---:|",
    ]
    for key, label in CASES:
        x, y = best[("numrs", f"numrs_{key}_ns")], best[("numba", f"numba_{key}_ns")]
        lines.append(f"| {label} | {x:.1f} | {y:.1f} | {x / y:.2f} |")
    lines += [
        "",
        f"Baseline, builtin `abs(x)` in the same harness: {best[('numrs', 'python_builtin_abs_ns')]:.1f} ns "
        f"(numrs side), {best[('numba', 'python_builtin_abs_ns')]:.1f} ns (Numba side).",
        f"Import of the built module (numrs, median of 15): {best[('numrs', 'numrs_import_ms')]:.2f} ms.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if a.write:
        with open(a.write, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
