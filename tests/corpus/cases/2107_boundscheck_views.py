# boundscheck=True checks the integer indices of a basic index that makes a view (a row of a
# 2-d array, a column, a plane of a 3-d array), for reading and for assignment.
import numpy as np
from numba import njit


@njit("int64[:](int64[:, ::1], int64)", boundscheck=True)
def row(a, i):
    return a[i]


@njit("int64[:](int64[:, ::1], int64)", boundscheck=True)
def column(a, j):
    return a[:, j]


@njit("int64[:, ::1](int64[:, ::1], int64)", boundscheck=True)
def set_row(a, i):
    a[i] = 1
    return a


@njit("float64[:](float64[:, :, ::1], int64)", boundscheck=True)
def line(a, i):
    return a[0, i]


CALLS = [
    ("row", (np.arange(6).reshape(2, 3), 2)),
    ("row", (np.arange(6).reshape(2, 3), -2)),
    ("row", (np.arange(6).reshape(2, 3), -3)),
    ("column", (np.arange(6).reshape(2, 3), 3)),
    ("column", (np.arange(6).reshape(2, 3), 2)),
    ("set_row", (np.arange(6).reshape(2, 3), 5)),
    ("set_row", (np.arange(6).reshape(2, 3), 1)),
    ("line", (np.zeros((1, 2, 3)), 2)),
    ("line", (np.zeros((1, 2, 3)), 1)),
]
