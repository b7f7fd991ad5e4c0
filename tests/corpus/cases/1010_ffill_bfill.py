import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(float32[:, :],)", "(float64[:, ::1],)"])
def ffill(a):
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        last = np.nan
        for i in range(a.shape[0]):
            if not np.isnan(a[i, col]):
                last = a[i, col]
            out[i, col] = last
    return out


@njit(["(float64[:],)", "(int64[:],)"])
def bfill_1d(a):
    out = a.copy()
    nxt = np.nan
    for i in range(a.shape[0] - 1, -1, -1):
        if np.isnan(out[i]):
            out[i] = nxt
        else:
            nxt = out[i]
    return out


CALLS = [("ffill", (np.array([[1.0], [np.nan]]),))]
