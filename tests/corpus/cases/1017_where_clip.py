import numpy as np
from numba import njit


@njit(["(float64[:], float64, float64)", "(int64[:], int64, int64)", "(float32[:], float64, float64)"])
def clip_all(a, lo, hi):
    b = np.clip(a, lo, hi)
    c = a.clip(lo, hi)
    return b, c


@njit(["(float64[:],)", "(float64[:, :],)"])
def where_idx(a):
    idx = np.where(a > 0)
    return idx


@njit(["(float64[:], float64[:])", "(float64[:], int64)", "(int64[:], float32[:])"])
def where3(a, b):
    return np.where(a > 0.5, a, b)


CALLS = [("clip_all", (np.arange(5.0), 1.0, 3.0))]
