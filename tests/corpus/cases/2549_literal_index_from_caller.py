"""A jit caller passing a constant compiles the callee for its literal type (Numba:
`Literal[int](0)`), so the callee can index a heterogeneous tuple with it (Numba's
`getitem_literal_idx`); a Python call types the index as int64 and does not type."""
import numpy as np
from numba import njit


@njit
def get(p, i):
    return p[i]


@njit
def caller_var(x, y):
    t = (x, y)
    return get(t, 0) + get(t, 1)


@njit
def caller_state(a):
    st = (a, a.size, 1.5)
    return get(st, 1) + get(st, 2)


@njit("float64()")
def call_sig():
    return get((1, 2.5), 1)


@njit
def tup_default(i, p=(1, 2.5)):
    return p[i]


@njit
def call_default():
    return tup_default(1)


@njit
def neg_index(x, y):
    t = (x, y, "s")
    return get(t, -2) + get(t, 0)


CALLS = [
    ("neg_index", (2, 0.5)),
    ("caller_var", (1, 2.5)),
    ("caller_state", (np.arange(3.0),)),
    ("call_sig", ()),
    ("call_default", ()),
    ("get", ((1, 2.5), 0)),
]
