import numpy as np
from numba import njit


@njit(["(int64[:],)", "(float64[:],)", "(int32[:],)"])
def uniq(a):
    u = np.unique(a)
    return u, u.shape[0]


@njit(["(int64[:],)", "(int64[:], float64[:])", "(intp[:], float32[:])"])
def counts(a, w=None):
    c = np.bincount(a)
    return c


@njit(["(int64[:], float64[:])", "(int32[:], float64[:])"])
def weighted_counts(a, w):
    return np.bincount(a, weights=w)


@njit("(float64[:],)")
def bincount_bad(a):
    return np.bincount(a)


CALLS = [("uniq", (np.array([3, 1, 3]),))]
