import numpy as np
from numba import njit


@njit("(float64[:], int64)")
def bt(a, n):
    return np.broadcast_to(a, (n, a.shape[0])), np.broadcast_to(a[:1], n)


@njit("(float64[:, :],)")
def bt2(a):
    return np.broadcast_to(a, (2, 3, 4))


@njit("(float64[:, :],)")
def bt_low(a):
    return np.broadcast_to(a, (4,))


@njit("(int64,)")
def bt_made(n):
    return np.broadcast_to(np.arange(3.0), (n, 3)).sum()


CALLS = [
    ("bt", (np.arange(3.0), 2)),
    ("bt", (np.arange(3.0), -1)),
    ("bt2", (np.ones((3, 1)),)),
    ("bt2", (np.ones((2, 4)),)),
    ("bt_low", (np.ones((1, 4)),)),
    ("bt_made", (4,)),
]
