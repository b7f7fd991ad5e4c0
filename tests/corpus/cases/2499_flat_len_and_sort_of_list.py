"""`len(a.flat)` is the array's size, for any layout and for 0-d arrays; `np.sort` of a list is
Numba's `res = a.copy(); res.sort()`: a new sorted list, the argument unchanged."""
import numpy as np
from numba import njit


@njit
def flat_len(a):
    return len(a.flat)


@njit
def sorted_copy(xs):
    out = np.sort(xs)
    return out, xs


@njit
def sort_made_list(n):
    xs = [(i * 7) % 5 for i in range(n)]
    return np.sort(xs)


CALLS = [
    ("flat_len", (np.arange(24).reshape(4, 2, 3),)),
    ("flat_len", (np.arange(24).reshape(4, 2, 3).T,)),
    ("flat_len", (np.arange(24).reshape(4, 2, 3)[::2],)),
    ("flat_len", (np.array(42),)),
    ("flat_len", (np.zeros((0, 3)),)),
    ("sorted_copy", ([3, 1, 2],)),
    ("sorted_copy", ([3.5, -1.0, 2.0, float("nan"), 0.0],)),
    ("sort_made_list", (6,)),
]
