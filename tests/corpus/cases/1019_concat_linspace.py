import numpy as np
from numba import njit


@njit(["(float64[:], float64[:])", "(int64[:], float64[:])", "(int32[:], int32[:])", "(float32[:], int64[:])"])
def join(a, b):
    c = np.concatenate((a, b))
    return c


@njit(["(float64[:, :], float64[:, :])", "(float64[:, ::1], float32[:, :])"])
def join_axis1(a, b):
    return np.concatenate((a, b), axis=1)


@njit(["(float64, float64, int64)", "(int64, int64, int64)", "(float32, float32, int64)"])
def grid(lo, hi, n):
    g = np.linspace(lo, hi, n)
    return g


@njit("(float64[:], float64[:, :])")
def join_bad_ndim(a, b):
    return np.concatenate((a, b))


CALLS = [("grid", (0.0, 1.0, 3))]
