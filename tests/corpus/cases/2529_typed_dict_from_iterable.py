"""`numba.typed.Dict(iterable)` in jit code (Numba's `typeddict_call`): a dict of the pairs'
key and value types, filled from them; `Dict(())` is an imprecise type."""
import numpy as np
from numba import njit
from numba.typed import Dict


@njit
def from_zip(a, b):
    d = Dict(zip(a, b))
    return len(d), d[a[0]]


@njit
def from_pairs(items):
    return Dict(items)


@njit
def from_list(n):
    pairs = [(i, i * 0.5) for i in range(n)]
    d = Dict(pairs)
    return len(d), d[n - 1]


@njit
def from_empty():
    return Dict(())


CALLS = [
    ("from_zip", ((0, 1, 2), "abc")),
    ("from_zip", (np.arange(3), np.arange(3.0) * 2)),
    ("from_pairs", (((1, "a"), (3, "b")),)),
    ("from_list", (4,)),
    ("from_empty", ()),
]
