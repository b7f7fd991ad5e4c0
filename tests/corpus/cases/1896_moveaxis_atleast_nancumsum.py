import numpy as np
from numba import njit


@njit("(float64[:, :, :], int64, int64)")
def move(a, s, d):
    return np.moveaxis(a, s, d)


@njit("(float64[:], float64[:, :])")
def atl(a, b):
    return np.atleast_1d(a), np.atleast_2d(a), np.atleast_3d(a), np.atleast_3d(b), np.atleast_2d(a, b)


@njit("(float64[:],)")
def ncs(a):
    return np.nancumsum(a), np.nancumprod(a)


@njit("(int64[:, :],)")
def ncs_i(a):
    return np.nancumsum(a), np.nancumprod(a)


CALLS = [
    ("move", (np.arange(24.0).reshape(2, 3, 4), 0, 2)),
    ("move", (np.arange(24.0).reshape(2, 3, 4), -1, 0)),
    ("move", (np.arange(24.0).reshape(2, 3, 4), 2, 1)),
    ("move", (np.arange(24.0).reshape(2, 3, 4), 3, 0)),
    ("atl", (np.arange(3.0), np.ones((2, 2)))),
    ("ncs", (np.array([1.0, np.nan, 2.0, np.inf, np.nan]),)),
    ("ncs_i", (np.arange(1, 7).reshape(2, 3),)),
]
