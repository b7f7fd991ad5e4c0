import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(float32[:, :],)", "(int64[:, :],)"])
def col_nan_stats(a):
    n = a.shape[1]
    means = np.empty(n)
    sums = np.empty(n)
    maxs = np.empty(n)
    for j in range(n):
        col = a[:, j]
        means[j] = np.nanmean(col)
        sums[j] = np.nansum(col)
        maxs[j] = np.nanmax(col)
    return means, sums, maxs


@njit(["(float64[:],)", "(float32[:],)"])
def nan_scalars(x):
    a = np.nanmin(x)
    b = np.nanstd(x)
    c = np.nanvar(x)
    d = np.nanargmax(x)
    e = np.nanprod(x)
    return a, b, c, d, e


CALLS = [("nan_scalars", (np.array([1.0, np.nan, 3.0]),))]
