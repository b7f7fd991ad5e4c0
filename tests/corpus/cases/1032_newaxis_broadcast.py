import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(float32[:], float64[:])", "(int64[:], int64[:])"])
def outer_diff(a, b):
    return a[:, np.newaxis] - b[np.newaxis, :]


@njit(["(float64[:, :],)", "(float32[:, :],)"])
def center_cols(x):
    mu = x.mean(axis=0) if False else x.sum(axis=0) / x.shape[0]
    return x - mu


@njit(["(float64[:],)", "(float64[:, :],)"])
def expand(a):
    b = np.expand_dims(a, 0)
    c = np.atleast_2d(a)
    d = a[None]
    return b, c, d


CALLS = [("outer_diff", (np.arange(2.0), np.arange(3.0)))]
