import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int64[:],)", "(float32[:, :],)", "(uint8[:],)"])
def describe(a):
    return a.min(), a.max(), a.argmax(), a.mean(), a.std()


@njit(["(float64[:],)", "(int32[:],)"])
def split_sign(a):
    pos = a[a > 0]
    neg = a[a < 0]
    return pos, neg, pos.size + neg.size


@njit("(float64[:], float64[:])")
def pair_min(a, b):
    lo, hi = (a, b) if a.sum() < b.sum() else (b, a)
    return lo - hi


CALLS = [("describe", (np.arange(4.0),))]
