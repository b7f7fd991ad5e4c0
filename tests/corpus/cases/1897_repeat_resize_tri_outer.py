import numpy as np
from numba import njit


@njit("(float64[:, :], int64)")
def rep(a, n):
    return np.repeat(a, n), a.repeat(n)


@njit("(int64[:], int64, int64)")
def rsz(a, m, n):
    return np.resize(a, (m, n)), np.resize(a, m)


@njit("(int64, int64, int64)")
def tri(n, m, k):
    return np.tri(n), np.tri(n, m, k), np.tri(n, k=k)


@njit("(float64[:], int32[:, :])")
def outer(a, b):
    return np.outer(a, b)


CALLS = [
    ("rep", (np.arange(6.0).reshape(2, 3), 2)),
    ("rep", (np.ones((2, 2)), 0)),
    ("rep", (np.ones((2, 2)), -1)),
    ("rsz", (np.array([1, 2, 3]), 2, 4)),
    ("rsz", (np.array([1, 2]), -1, 2)),
    ("tri", (3, 4, 1)),
    ("tri", (3, 2, -1)),
    ("outer", (np.array([1.0, -2.0, 0.5]), np.arange(4, dtype=np.int32).reshape(2, 2))),
]
