"""Calls into another file's jit functions: `from helpers import f` in the built module's
source. numrs compiles the callee's specializations into the caller's module (as Numba
compiles a callee into its caller's library): lazily compiled ones for the argument types of
the calls, eagerly compiled ones for their signatures, transitively (a helper calling another
helper of its file), and the inner functions and lambdas passed to them. Every result must equal CPython running the same (undecorated) sources.

Usage: python tests/build/cross_module.py   (a Python with numpy and the runtime installed)
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

HELPERS = '''
from numba import njit


@njit
def square(x):
    return x * x


@njit("float64(float64, float64)")
def hyp(a, b):
    return (square(a) + square(b)) ** 0.5


@njit
def clipped(v, lo, hi):
    return min(max(v, lo), hi)


@njit
def total_of(g, a):
    s = 0.0
    for x in a:
        s += g(x)
    return s
'''

MAIN = '''
import numpy as np
from numba import njit
from helpers import square, hyp, clipped, total_of


@njit("(float64[:],)")
def mapped(a):
    k = 3.0

    def cube_plus(v):
        return v * v * v + k
    return total_of(lambda v: v * v + 1.0, a), total_of(cube_plus, a)


@njit("(float64[:],)")
def norms(a):
    s = 0.0
    for x in a:
        s += square(x)
    return s, hyp(3.0, 4.0), square(3), clipped(s, 0.0, 10.0), clipped(7, 1, 5)
'''

CALLS = [("norms", ([0.0, 1.0, 2.0, 3.0],)), ("norms", ([0.5, -1.5],)), ("mapped", ([0.0, 1.0, 2.5],))]


def main():
    import numpy as np
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        for name, text in [("helpers.py", HELPERS), ("main_mod.py", MAIN)]:
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        out = os.path.join(d, "out")
        run = subprocess.run([BINARY, "build", os.path.join(d, "main_mod.py"), os.path.join(d, "helpers.py"), "-o", out],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr)
            return 1
        sys.path.insert(0, out)
        import main_mod
        plain = {}
        shim = "njit = lambda *a, **k: (lambda f: f) if not a or not callable(a[0]) else a[0]"
        exec(HELPERS.replace("from numba import njit", shim), plain)
        exec(MAIN.replace("from numba import njit", shim).replace("from helpers import square, hyp, clipped, total_of", ""), plain)
        for fname, args in CALLS:
            args = tuple(np.array(a) if isinstance(a, list) else a for a in args)
            got, want = getattr(main_mod, fname)(*args), plain[fname](*args)
            ok = got == want
            print("%s %s%r = %r" % ("ok  " if ok else "FAIL", fname, args, got) + ("" if ok else "  (CPython: %r)" % (want,)))
            failed += not ok
    print("cross-module: %d calls, %d failed" % (len(CALLS), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
