import numpy as np
from numba import njit


@njit("(float64[:], int64)")
def full_bad_shape(a, n):
    return np.full(a, np.nan)


@njit("(float64[:, :],)")
def sum_axis_float_bad(a):
    return a.sum(axis=1.0)


@njit("(float64[:],)")
def setitem_2d_index_bad(a):
    a[0, 0] = 1.0
    return a


@njit("(float64[:], float64[:])")
def where_shape_bad(a, b):
    return np.where(a > 0, a)


@njit("(float64[:],)")
def linspace_bad(a):
    return np.linspace(0.0, 1.0, a)


@njit("(float64[:], float64[:, :])")
def add_shape_ok(a, b):
    return a + b


CALLS = [("add_shape_ok", (np.arange(2.0), np.ones((2, 2))))]
