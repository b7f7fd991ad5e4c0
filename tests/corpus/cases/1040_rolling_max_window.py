import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(int64[:], int64)", "(float32[:], int64)"])
def rolling_max(a, w):
    n = a.shape[0]
    out = np.full(n, np.nan)
    for i in range(w - 1, n):
        out[i] = np.max(a[i - w + 1:i + 1])
    return out


@njit(["(float64[:, :], int64)", "(float64[:, ::1], int64)"])
def rolling_std_cols(a, w):
    out = np.full_like(a, np.nan)
    for j in range(a.shape[1]):
        for i in range(w - 1, a.shape[0]):
            win = a[i - w + 1:i + 1, j]
            out[i, j] = np.nanstd(win)
    return out


CALLS = [("rolling_max", (np.arange(4.0), 2))]
