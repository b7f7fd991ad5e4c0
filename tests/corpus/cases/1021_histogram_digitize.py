import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(int64[:], int64)", "(float32[:], int64)"])
def hist(a, nbins):
    counts, edges = np.histogram(a, bins=nbins)
    return counts, edges


@njit(["(float64[:], float64[:])", "(float64[:], int64[:])"])
def binning(a, edges):
    idx = np.digitize(a, edges)
    return idx


@njit(["(float64[:], float64, float64, int64)"])
def manual_hist(a, lo, hi, nbins):
    counts = np.zeros(nbins, dtype=np.int64)
    width = (hi - lo) / nbins
    for v in a:
        k = int((v - lo) // width)
        if 0 <= k < nbins:
            counts[k] += 1
    return counts


CALLS = [("manual_hist", (np.arange(5.0), 0.0, 5.0, 5))]
