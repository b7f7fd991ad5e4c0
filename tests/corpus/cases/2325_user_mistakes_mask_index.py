import numpy as np
from numba import njit


@njit("(float64[:, :], boolean[:, :], float64[:])")
def setitem_2d_mask(a, m, b):
    a[m] = b
    return a


@njit("(float64[:, :], boolean[:, :])")
def getitem_2d_mask(a, m):
    return a[m]


@njit("(float64[:, :], int64[:], int64[:])")
def two_fancy(a, i, j):
    return a[i, j]


@njit("(float64[:, :], int64[:])")
def fancy_slice(a, i):
    return a[i, :]


@njit("(float64[:, :], boolean[:])")
def mask_and_int(a, m):
    return a[m, 0]


@njit("(float64[:],)")
def list_index(a):
    return a[[0, 1]]


@njit("(float64[:],)")
def mask_assign_scalar(a):
    a[a > 0] = 0
    return a


@njit("(float64[:], float64[:])")
def float_index(a, b):
    return a[b]


@njit("(float64[:], float64)")
def float_scalar_index(a, x):
    return a[x]


@njit("(float64[:, :], int64[:])")
def fancy_setitem_rows(a, i):
    a[i] = 0.0
    return a
