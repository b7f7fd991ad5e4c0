import numpy as np
from numba import njit


@njit(["(float64[:],)", "(float32[:],)", "(int64[:],)"])
def drawdown(a):
    out = np.empty(a.shape[0])
    peak = -np.inf
    for i in range(a.shape[0]):
        if a[i] > peak:
            peak = a[i]
        out[i] = a[i] / peak - 1
    return out, out.min()


@njit("(float64[:],)")
def running_max_ufunc(a):
    return np.maximum.accumulate(a)


@njit(["(float64[:],)", "(int64[:],)"])
def running_max_loop(a):
    out = np.empty_like(a)
    m = a[0]
    for i in range(a.shape[0]):
        m = max(m, a[i])
        out[i] = m
    return out


CALLS = [("drawdown", (np.array([1.0, 2.0, 1.5]),))]
