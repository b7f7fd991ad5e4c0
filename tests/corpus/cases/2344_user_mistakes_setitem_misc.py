import numpy as np
from numba import njit


@njit("(float64[:, :], float64[:, :])")
def setitem_row_2d(a, b):
    a[0] = b
    return a


@njit("(float64[:, :],)")
def setitem_tuple_value(a):
    a[0] = (1.0, 2.0)
    return a


@njit("(float64[:, :],)")
def setitem_list_value(a):
    a[0] = [1.0, 2.0]
    return a


@njit("(float64[:],)")
def setitem_str_value(a):
    a[0] = 'x'
    return a


@njit("(float64[:], int64)")
def setitem_none(a, i):
    a[i] = None
    return a


@njit("(float64[:, :],)")
def setitem_ellipsis(a):
    a[..., 0] = 1.0
    return a


@njit("(float64[:, :],)")
def setitem_newaxis(a):
    b = a[None, :, :]
    return b


@njit("(float64[:, :], int64)")
def too_many_indices(a, i):
    return a[i, i, i]
