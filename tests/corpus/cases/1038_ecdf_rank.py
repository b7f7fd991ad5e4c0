import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int64[:],)", "(float32[:],)"])
def ecdf(a):
    xs = np.sort(a)
    n = xs.shape[0]
    ys = np.arange(1, n + 1) / n
    return xs, ys


@njit(["(float64[:], float64[:])"])
def ks_stat(a, b):
    xa = np.sort(a)
    xb = np.sort(b)
    allx = np.concatenate((xa, xb))
    cdfa = np.searchsorted(xa, allx, side='right') / xa.shape[0]
    cdfb = np.searchsorted(xb, allx, side='right') / xb.shape[0]
    return np.max(np.abs(cdfa - cdfb))


CALLS = [("ecdf", (np.array([2.0, 1.0]),))]
