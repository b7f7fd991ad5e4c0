import numpy as np
from numba import njit


@njit("float64[:](float64[:])")
def sum_keepdims(a):
    return np.sum(a, keepdims=True)


@njit("float64[:](float64[:, :])")
def mean_axis0(a):
    return np.mean(a, axis=0)


@njit("float64[:](float64[:, :])")
def sum_axis0(a):
    return np.sum(a, axis=0)


@njit("float64(float64[:])")
def std_ddof(a):
    return np.std(a, ddof=1)


@njit("float64[:](float64[:, :])")
def median_axis(a):
    return np.median(a, axis=0)


@njit("float64(float64[:])")
def sum_dtype(a):
    return np.sum(a, dtype=np.float32)


@njit("float64[:](float64[:, :])")
def max_axis(a):
    return np.max(a, axis=0)
