# np.clip as Numba's np_clip: a missing bound (None), array bounds broadcast against the
# input, and out= (returned, written in place); both bounds None raises ValueError.
import numpy as np
from numba import njit


@njit("(float64[:],)")
def one_sided(a):
    return np.clip(a, None, 2.0), np.clip(a, 0.5, None)


@njit("(float64[:, :], float64[:], float64)")
def arr_lo(a, lo, hi):
    return np.clip(a, lo, hi)


@njit("(int64[:], int64[:], int64[:])")
def into(a, lo, out):
    r = np.clip(a, lo, 4, out)
    return r, out


@njit("(float64[:],)")
def neither(a):
    return np.clip(a, None, None)


@njit("(float64[:],)")
def method(a):
    return a.clip(0.0, 1.0)


CALLS = [
    ("one_sided", (np.array([0.0, 1.0, 3.0, float("nan")]),)),
    ("arr_lo", (np.arange(6.0).reshape(2, 3), np.array([1.0, 4.0, 2.0]), 3.5)),
    ("into", (np.array([-3, 0, 5, 9]), np.array([0, 1, 2, 3]), np.zeros(4, dtype=np.int64))),
    ("neither", (np.array([1.0]),)),
    ("method", (np.array([-0.5, 0.5, 1.5]),)),
]
