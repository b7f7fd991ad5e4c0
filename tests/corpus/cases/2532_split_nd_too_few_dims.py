"""`np.vsplit`, `np.hsplit` and `np.dsplit` of arrays with too few dimensions raise ValueError
when called (of a 0-d array too, which Numba types as a call returning nothing)."""
import numpy as np
from numba import njit


@njit
def f(a, n):
    return np.vsplit(a, n)


@njit
def g(a, n):
    return np.hsplit(a, n)


@njit
def h(a, n):
    return np.dsplit(a, n)

CALLS = [
    ("f", (np.array(1), 2)),
    ("f", (np.arange(4), 2)),
    ("g", (np.array(1), 2)),
    ("h", (np.arange(4).reshape(2, 2), 2)),
    ("h", (np.array(1.5), 2)),
    ("g", (np.arange(6).reshape(2, 3), 3)),
]
