"""`with objmode(...):` blocks in built modules: the block runs in the Python interpreter with
the function's variables it reads, and the names the `objmode(...)` call declares come back
with their types. Its module's imports, constants, plain functions and jit functions are
available to it (a lazily compiled jit function with the specializations its calls in blocks
need, where their arguments are constants or the function's variables). Each call's outcome (result, or exception class and arguments) must equal
what Numba 0.68.1 gave, recorded in `objmode.expected.json`; compiled-code memory must all be
released afterwards.

Usage: python tests/build/objmode.py            (a Python with numpy and the runtime)
       python tests/build/objmode.py --record   (a Python with numba 0.68.1: rewrites the
                                                 expected answers)
"""
import os
import sys

from numba_answers import run

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "objmode.expected.json")

SOURCE = '''
import math
import numpy as np
from numba import njit, objmode, types
from fractions import Fraction as F

SCALE = 3
LABEL = "total"


def helper(a):
    return float(np.sum(a)) * SCALE


def raiser(x):
    if x < 0:
        raise ValueError("negative", x)
    return math.sqrt(x)


@njit("int64(int64)")
def twice(x):
    return 2 * x


@njit("(float64,)")
def scalar(x):
    with objmode(y="float64", n="int64"):
        y = math.hypot(x, 4.0)
        n = int(y) + SCALE
    return y + n


@njit("(float64[::1],)")
def arrays(a):
    with objmode(s="float64", b="float64[:]", c="intp[:, ::1]"):
        s = helper(a)
        b = np.cumsum(a)
        c = np.arange(6).reshape(2, 3)
    return s + b[-1] + c.sum()


@njit("(float64[::1],)")
def in_place(a):
    with objmode():
        a[0] = 100.0
    return a.sum()


@njit("(float64,)")
def checked(x):
    with objmode(r="float64"):
        r = raiser(x)
    return r


@njit("(int64,)")
def jit_from_block(n):
    with objmode(m="int64"):
        m = twice(n) + 1
    return m


@njit("(int64,)")
def strings(n):
    with objmode(s="unicode_type", k="int64"):
        s = LABEL + str(n)
        k = len(s)
    return s, k


@njit("(int64,)")
def loop(n):
    total = 0.0
    for i in range(n):
        with objmode(t="float64"):
            t = float(F(i, 2))
        total += t
    return total


@njit("(float64,)")
def typed_object(x):
    with objmode(y=types.float64, z=types.int32):
        y = x / 4
        z = 7
    return y, z


class v:
    """A module-level name that a block uses only as a comprehension variable."""


@njit("(int64,)")
def comprehension(n):
    with objmode(s="int64"):
        s = sum([v * 2 for v in range(n)]) + (lambda v: v)(1)
    return s


@njit("(float64,)")
def one_line(x):
    with objmode(y="float64"): y = x * 2.0
    return y


@njit("(float64,)")
def commented(x):
    with objmode(y="float64"):
        y = x
# a comment at column 0
        y = y + 1.0
    return y


@njit("(float64,)")
def second_output_bad(x):
    with objmode(a="float64[:]", b="float64[:]"):
        a = np.ones(2) * x
        b = "not an array"
    return a.sum() + b.sum()


@njit("(float64,)")
def tuple_out(x):
    with objmode(p="UniTuple(float64, 2)"):
        p = (x, x * 2)
    return p[0] + p[1]


@njit
def doubled(v):
    return v * 2


@njit
def total_of(a):
    return a.sum()


@njit("(float64, float64[:])")
def lazy_from_block(x, a):
    with objmode(y="float64"):
        y = doubled(x) + doubled(3.0) + total_of(a)
    return y
'''

CALLS = [
    "scalar(3.0)", "arrays(np.arange(4.0))", "in_place(np.ones(3))", "checked(16.0)", "checked(-1.0)",
    "jit_from_block(20)", "strings(12)", "loop(5)", "typed_object(2.0)", "tuple_out(1.5)",
    "comprehension(4)", "one_line(2.0)", "commented(2.0)", "second_output_bad(1.0)",
    "lazy_from_block(1.5, np.arange(4.0))",
]


def main():
    return run("objmode", SOURCE, "ommod", CALLS, EXPECTED, no_leaks=True)


if __name__ == "__main__":
    sys.exit(main())
