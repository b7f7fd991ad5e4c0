# np.split/np.array_split: lists of views cut at positions (Python slice bounds) or into
# sections (divmod of the length), along an axis; Numba's errors for a remainder and zero sections.
import numpy as np
from numba import njit

@njit(["(float64[:, :], int64)", "(int32[::1], int64)"])
def splits(a, n):
    return np.split(a, n), np.array_split(a, n + 1), np.split(a, (1, 2)), np.array_split(a, np.array([3, -1, 1]))

@njit("(float64[:, :], int64)")
def split_axis1(a, n):
    return np.array_split(a, n, axis=1), np.split(a, [1], 1), np.array_split(a, n, -1)

@njit("(float64[:], int64)")
def split_sum(a, n):
    s = 0.0
    for p in np.array_split(a, n):
        s += p.sum() * len(p)
    return s


CALLS = [
    ("splits", (np.arange(12.0).reshape(4, 3), 2)),
    ("splits", (np.arange(12.0).reshape(4, 3), 3)),
    ("splits", (np.arange(12.0).reshape(4, 3), 0)),
    ("splits", (np.arange(7, dtype=np.int32), 1)),
    ("splits", (np.arange(7, dtype=np.int32), 7)),
    ("splits", (np.arange(7, dtype=np.int32), -1)),
    ("split_axis1", (np.arange(12.0).reshape(3, 4), 3)),
    ("split_axis1", (np.arange(12.0).reshape(3, 4), 1)),
    ("split_sum", (np.arange(10.0), 4)),
    ("split_sum", (np.arange(3.0), 5)),
]
