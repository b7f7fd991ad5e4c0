import numpy as np
from numba import njit


@njit(["(float64[:], float64)", "(int64[:], int64)", "(float32[:], float64)"])
def clip_below(a, thr):
    out = a.copy()
    mask = out < thr
    out[mask] = thr
    n = np.count_nonzero(mask)
    k = mask.sum()
    return out, n, k


@njit(["(float64[:], float64)", "(float64[:, :], float64)", "(int16[:], float64)"])
def select_above(a, thr):
    return a[a > thr]


@njit("(float64[:, :], bool[:])")
def select_rows(a, keep):
    return a[keep]


CALLS = [("select_above", (np.arange(4.0), 1.5))]
