import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int64[:],)", "(float32[:],)", "(float64[:, :],)"])
def robust_stats(a):
    med = np.median(a)
    p90 = np.percentile(a, 90.0)
    q = np.quantile(a, 0.25)
    return med, p90, q


@njit(["(float64[:], float64[:])"])
def many_percentiles(a, qs):
    return np.percentile(a, qs)


@njit(["(float64[:],)"])
def iqr(a):
    lo, hi = np.percentile(a, np.array([25.0, 75.0]))
    return hi - lo


CALLS = [("robust_stats", (np.arange(5.0),))]
