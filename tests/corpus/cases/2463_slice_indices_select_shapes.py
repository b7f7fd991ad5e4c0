"""`slice.indices(n)` (Numba's `fix_slice`: start and stop clamped for the step's sign, a
negative length or zero step a ValueError), and np.select of arrays whose shapes do not
broadcast (ValueError from np.where)."""
import numpy as np
from numba import njit


@njit
def indices(s, n):
    return s.indices(n)


@njit
def made_here(n):
    return slice(1, None).indices(n), slice(None, None, -1).indices(n), slice(-3, -1, 2).indices(n)


@njit("UniTuple(int64, 3)(slice3_type, int64)")
def indices_sig(s, n):
    return s.indices(n)


@njit("UniTuple(int64, 3)(slice3_type, float64)")
def indices_float(s, x):
    return s.indices(x)


@njit
def select(condlist, choicelist):
    return np.select(condlist, choicelist)


CALLS = [
    ("indices", (slice(-100, None, -2), 10)),
    ("indices", (slice(1, 5, 0), 10)),
    ("indices", (slice(2, 50), 7)),
    ("indices", (slice(None, None, 3), 0)),
    ("indices", (slice(5, -20, -1), 4)),
    ("indices", (slice(0, 3), -1)),
    ("made_here", (5,)),
    ("made_here", (0,)),
    ("indices_sig", (slice(3, 1, -1), 2)),
    ("select", ([np.array([True, False])], [np.array([1, 2, 3])])),
    ("select", ([np.array([True, False])], [np.array([1, 2])])),
]
