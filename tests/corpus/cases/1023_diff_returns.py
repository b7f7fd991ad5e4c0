import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int64[:],)", "(float32[:],)", "(float64[:, :],)"])
def diffs(a):
    d1 = np.diff(a)
    d2 = np.diff(a, n=2)
    return d1, d2


@njit(["(float64[:],)", "(float32[:],)", "(int64[:],)"])
def pct_change(a):
    out = np.empty(a.shape[0], dtype=np.float64)
    out[0] = np.nan
    for i in range(1, a.shape[0]):
        prev = a[i - 1]
        out[i] = (a[i] - prev) / prev if prev != 0 else np.nan
    return out


@njit(["(float64[:],)"])
def log_returns(a):
    return np.log(a[1:] / a[:-1])


CALLS = [("pct_change", (np.array([1.0, 2.0, 3.0]),))]
