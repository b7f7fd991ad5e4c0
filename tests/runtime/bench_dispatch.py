"""Call overhead of a trivial int64 function through the numrs dispatcher (the hand-made
module of tests/runtime) and through Numba's, and the import time of a built module.

    python tests/runtime/bench_dispatch.py [--numrs-dir DIR] [--json]

Measures what the running interpreter can import: numrs (numrs_runtime + numrs_testmod from
DIR, as tests/runtime/run.sh builds them) and/or numba. Run it once with each environment to
compare; figures are nanoseconds per call (best of 7 runs) and milliseconds per import
(median of 15 fresh interpreters, numpy already imported).
"""
import argparse
import json
import os
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
    a = ap.parse_args()
    out = {"python": sys.version.split()[0], "numpy": np.__version__}
    env = {"abs": abs, "x": 1}
    out["python_builtin_abs_ns"] = per_call_ns("abs(x)", env)
    if a.numrs_dir:
        sys.path.insert(0, a.numrs_dir)
        import numrs_testmod as m

        env = {"inc": m.inc, "add": m.add, "asum": m.asum, "arr": np.ones(10), "x": 1}
        assert m.inc(1) == 2
        out["numrs_inc_int_ns"] = per_call_ns("inc(x)", env)
        out["numrs_add_two_specs_int_ns"] = per_call_ns("add(x, x)", env)
        out["numrs_add_two_specs_float_ns"] = per_call_ns("add(1.5, 2.5)", env)
        out["numrs_add_kwargs_ns"] = per_call_ns("add(x, b=x)", env)
        out["numrs_array_sum_ns"] = per_call_ns("asum(arr)", env)
        out["numrs_import_ms"] = import_ms(a.numrs_dir)
    try:
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


if __name__ == "__main__":
    main()
