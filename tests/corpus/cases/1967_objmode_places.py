# `with objmode(...)` where Numba lifts it and where it does not: in a prange body and in a
# generator it runs; in an inner function Numba meets the `with` while typing (UnsupportedError
# at the `with`); an import inside the block is refused like any import (Numba reads the whole
# bytecode first). An output the block gives a value of another type fails when unboxed.
import numpy as np
from numba import njit, objmode, prange


@njit("(float64,)")
def in_closure(x):
    def inner(v):
        with objmode(r="float64"):
            r = v * 10.0
        return r
    return inner(x) + 1.0


@njit("(int64,)", parallel=True)
def in_prange(n):
    out = np.zeros(n)
    for i in prange(n):
        with objmode(t="float64"):
            t = i * 0.5
        out[i] = t
    return out.sum()


@njit
def gen(n):
    for i in range(n):
        with objmode(t="float64"):
            t = i * 1.5
        yield t


@njit("(int64,)")
def use_gen(n):
    s = 0.0
    for v in gen(n):
        s += v
    return s


@njit("(float64[::1],)")
def bad_out(a):
    with objmode(b="float64[:]"):
        b = [1, 2]
    return b.sum()


@njit("(float64,)")
def raises_custom(x):
    with objmode(y="float64"):
        y = x
        import json
        json.loads("{")
    return y


CALLS = [
    ("in_prange", (6,)),
    ("use_gen", (4,)),
    ("bad_out", (np.ones(2),)),
]
