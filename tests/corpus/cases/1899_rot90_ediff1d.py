import numpy as np
from numba import njit


@njit("(float64[:, :], int64)")
def rot(m, k):
    return np.rot90(m, k), np.rot90(m)


@njit("(int64[:, :, :], int64)")
def rot3(m, k):
    return np.rot90(m, k)


@njit("(float64[:], int64[:])")
def ed(a, b):
    return np.ediff1d(a), np.ediff1d(a, to_end=b), np.ediff1d(b, to_begin=-1, to_end=b[:1]), np.ediff1d(a[:0], to_end=3.5)


CALLS = [
    ("rot", (np.arange(6.0).reshape(2, 3), 0)),
    ("rot", (np.arange(6.0).reshape(2, 3), 3)),
    ("rot", (np.arange(6.0).reshape(2, 3), -1)),
    ("rot", (np.arange(6.0).reshape(2, 3), 6)),
    ("rot3", (np.arange(24).reshape(2, 3, 4), 1)),
    ("ed", (np.array([1.0, 4.0, 9.0, 16.0]), np.array([5, 7]))),
    ("ed", (np.array([2.0]), np.array([3]))),
]
