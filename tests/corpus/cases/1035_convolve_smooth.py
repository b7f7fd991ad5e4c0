import numpy as np
from numba import njit


@njit(["(float64[:], int64)", "(float32[:], int64)", "(int64[:], int64)"])
def moving_average(a, w):
    kernel = np.ones(w) / w
    return np.convolve(a, kernel)


@njit(["(float64[:], float64[:])"])
def correlate_same(a, v):
    return np.correlate(a, v)


@njit(["(float64[:], float64[:])", "(float32[:], float32[:])"])
def trapezoid(y, x):
    dx = np.diff(x)
    return np.sum(dx * (y[1:] + y[:-1]) / 2.0)


CALLS = [("trapezoid", (np.arange(3.0), np.arange(3.0)))]
