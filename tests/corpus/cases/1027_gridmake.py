import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(int64[:], int64[:])", "(float64[:], int32[:])"])
def cartesian2(x, y):
    n, m = x.shape[0], y.shape[0]
    out = np.empty((n * m, 2), dtype=x.dtype)
    for i in range(n):
        for j in range(m):
            out[i * m + j, 0] = x[i]
            out[i * m + j, 1] = y[j]
    return out


@njit(["(int64, int64)"])
def index_grid(n, m):
    rows = np.repeat(np.arange(n), m)
    cols = np.zeros(n * m, dtype=np.int64)
    for i in range(n):
        cols[i * m:(i + 1) * m] = np.arange(m)
    return rows, cols


CALLS = [("cartesian2", (np.arange(2.0), np.arange(2.0)))]
