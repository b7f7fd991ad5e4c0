import numpy as np
from numba import njit


@njit(["(float64[:], float64)", "(int64[:], int64)", "(float64[:, :], float64)"])
def flags(a, thr):
    x = np.any(a > thr)
    y = np.all(a > thr)
    z = (a > thr).any()
    w = a.all()
    return x, y, z, w


@njit(["(int64[:], int64[:])"])
def member(a, b):
    return np.isin(a, b)


@njit(["(float64[:], float64[:])"])
def first_true(a, b):
    nz = np.nonzero(a > b)[0]
    fnz = np.flatnonzero(a > b)
    aw = np.argwhere(a > b)
    return nz, fnz, aw


CALLS = [("flags", (np.arange(3.0), 1.0))]
