import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int32[:],)", "(bool[:],)", "(float64[:, :],)", "(uint8[:],)"])
def cumulatives(a):
    s = np.cumsum(a)
    p = np.cumprod(a)
    t = a.cumsum()
    return s, p, t


@njit(["(float64[:],)", "(float32[:],)"])
def nancum(a):
    return np.nancumsum(a), np.nancumprod(a)


@njit("(float64[:, :],)")
def cumsum_axis0(a):
    return np.cumsum(a, axis=0)


CALLS = [("cumulatives", (np.arange(3.0),))]
