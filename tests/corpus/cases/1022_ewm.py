import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(float32[:], int64)", "(int64[:], int64)"])
def ewm_mean(a, span):
    alpha = 2 / (span + 1)
    out = np.full(a.shape[0], np.nan)
    weighted = np.nan
    old_wt = 1.0
    for i in range(a.shape[0]):
        v = a[i]
        if np.isnan(weighted):
            weighted = v
        elif not np.isnan(v):
            old_wt *= 1.0 - alpha
            weighted = (old_wt * weighted + v) / (old_wt + 1.0)
            old_wt += 1.0
        out[i] = weighted
    return out


@njit(["(float64[:, :], int64)"])
def ewm_mean_2d(a, span):
    out = np.empty_like(a)
    for col in range(a.shape[1]):
        out[:, col] = ewm_mean(a[:, col], span)
    return out


CALLS = [("ewm_mean", (np.arange(4.0), 2))]
