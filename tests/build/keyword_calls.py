"""Calls with keyword arguments from Python into a built module, bound as Numba's dispatcher
binds them (`find_named_args`): keyword-only parameters are taken as positional ones, the
positional defaults (`__defaults__`) belong to the last parameters whatever their kind, and
keyword-only defaults are never used. Defaults that are expressions (`float(2)`,
`np.float32(1.5)`, `2 ** 3`, `1 + 2j`, `np.e`, a tuple) are the values Python computed for them,
passed from Python and bound at jit call sites. Each call's result (or exception class and message) must
equal what Numba 0.68.1 gave for the same call, recorded in `keyword_calls.expected.json`.

Usage: python tests/build/keyword_calls.py            (a Python with numpy and the runtime)
       python tests/build/keyword_calls.py --record   (a Python with numba 0.68.1: rewrites
                                                       the expected answers)
"""
import os
import sys

from numba_answers import run

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keyword_calls.expected.json")

SOURCE = '''
import numpy as np
from numba import njit


@njit("int64(int64, int64)")
def scaled(a, *, b):
    return a * b


@njit("int64(int64, int64)")
def shifted(a, *, b=2):
    return a + b


@njit("int64(int64, int64)")
def first_default(a=1, *, b):
    return a * b


@njit(["int64(int64, int64)", "float64(float64, float64)"])
def minus(a, *, b=2):
    return a - b


@njit("float64(float64, int64, int64)")
def two_kwonly(a, *, b, c):
    return a * b - c


@njit("int64(int64)")
def caller(x):
    return scaled(x, 3) + minus(x, 1)


@njit("int64(int64, UniTuple(int64, 2), int64)")
def star_kw(a, *args, c=5):
    return a + args[0] * 10 + args[1] * 100 + c * 1000


@njit
def lazy(a, *, b):
    return a - b


@njit
def plain(a, b=3, c=0.5):
    return a * b + c


@njit
def exprs(x, k=float(2), s=np.float32(1.5), t=(1, 2.0), n=None):
    if n is None:
        return x * k + s + t[1]
    return x * k + s + t[1] + n


@njit
def folded(x, scale=2 ** 3, neg=-(3), z=1 + 2j, e=np.e):
    return x * scale + neg + z.real + e


@njit("float64(float64)")
def calls_exprs(x):
    return exprs(x) + exprs(x, 3.0) + folded(x) + folded(x, neg=1)
'''

# The lazily compiled functions' specializations, as Numba compiles them for CALLS (a parameter
# left to its default is `omitted(default=...)`).
RECORDED = [
    ("lazy", ["int64", "int64"]),
    ("lazy", ["float64", "int64"]),
    ("plain", ["int64", "omitted(default=3)", "omitted(default=0.5)"]),
    ("plain", ["int64", "omitted(default=3)", "int64"]),
    ("plain", ["int64", "int64", "float64"]),
    ("exprs", ["float64", "omitted(default=2.0)", "omitted(default=np.float32(1.5))", "omitted(default=(1, 2.0))",
               "omitted(default=None)"]),
    ("exprs", ["float64", "int64", "omitted(default=np.float32(1.5))", "omitted(default=(1, 2.0))",
               "omitted(default=None)"]),
    ("exprs", ["int64", "omitted(default=2.0)", "omitted(default=np.float32(1.5))", "omitted(default=(1, 2.0))", "int64"]),
    ("exprs", ["float64", "omitted(default=2.0)", "omitted(default=np.float32(1.5))", "Tuple(int64, float64)",
               "omitted(default=None)"]),
    ("folded", ["float64", "omitted(default=8)", "omitted(default=-3)", "omitted(default=(1+2j))",
                "omitted(default=2.718281828459045)"]),
    ("folded", ["int64", "omitted(default=8)", "int64", "omitted(default=(1+2j))", "omitted(default=2.718281828459045)"]),
    ("folded", ["float64", "omitted(default=8)", "omitted(default=-3)", "omitted(default=(1+2j))", "int64"]),
    # Compiled for the calls in calls_exprs.
    ("exprs", ["float64", "float64", "omitted(default=np.float32(1.5))", "omitted(default=(1, 2.0))",
               "omitted(default=None)"]),
    ("folded", ["float64", "omitted(default=8)", "Literal[int](1)", "omitted(default=(1+2j))",
                "omitted(default=2.718281828459045)"]),
]

CALLS = [
    "scaled(2, b=5)", "scaled(2, 5)", "scaled(b=5, a=2)", "scaled(2)", "scaled(2, c=5)", "scaled(2, 3, b=4)",
    "shifted(1, b=5)", "shifted(1)", "shifted(1, 2)",
    "first_default(5)", "first_default(5, 6)", "first_default(b=3)", "first_default(a=2, b=3)", "first_default()",
    "first_default(1, 2, 3)",
    "minus(1.5, b=2)", "minus(b=1.5, a=2)", "minus(1)", "minus(4, b=1)",
    "two_kwonly(1.5, c=1, b=2)", "two_kwonly(1.5, 2, c=1)", "two_kwonly(1.5, b=2)",
    "caller(4)",
    "lazy(5, b=2)", "lazy(5.5, 2)", "lazy(b=1, a=2)",
    "star_kw(1, (2, 3), 4)", "star_kw(1, (2, 3), c=4)", "star_kw(1, 2, 3, 4)", "star_kw(1, (2, 3))",
    "star_kw(a=1, args=(2, 3), c=4)",
    "plain(2)", "plain(2, c=1)", "plain(c=1, a=2)", "plain(2, 4, 0.25)", "plain(b=2)", "plain(2, d=1)",
    "exprs(1.0)", "exprs(1.0, k=4)", "exprs(2, n=5)", "exprs(1.0, t=(3, 4.5))",
    "folded(1.0)", "folded(2, neg=1)", "folded(1.5, e=2)", "calls_exprs(1.0)",
]


def outcome(module, call):
    try:
        return {"result": repr(eval("m." + call, {"m": module}))}
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__, "message": str(e).splitlines()[0]}


def main():
    def numba_specializations(mod):
        return [(name, [str(t) for t in sig]) for name in ("lazy", "plain", "exprs", "folded")
                for sig in getattr(mod, name).signatures]

    return run("keyword calls", SOURCE, "kwcalls", CALLS, EXPECTED, outcome, RECORDED, numba_specializations)


if __name__ == "__main__":
    sys.exit(main())
