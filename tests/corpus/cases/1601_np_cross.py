import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(int64[:], int64[:])", "(float32[:, :], float64[:])", "(int32[:], float32[:])"])
def cross(a, b):
    c = np.cross(a, b)
    return c


@njit("(float64[:],)")
def cross_scalar(a):
    return np.cross(a, 2.0)


@njit("(float64[:], unicode_type)")
def cross_str(a, s):
    return np.cross(a, s)
