import numpy as np
from numba import njit


@njit("(int64,)")
def iter_int(n):
    s = 0
    for i in n:
        s += i
    return s


@njit("(float64,)")
def range_float(x):
    s = 0
    for i in range(x):
        s += i
    return s


@njit("(int64,)")
def range_float_step(n):
    s = 0
    for i in range(0, n, 0.5):
        s += i
    return s


@njit("(float64[:], int64)")
def zip_array_int(a, n):
    s = 0.0
    for x, y in zip(a, n):
        s += x
    return s


@njit("(float64[:, :],)")
def iter_rows(a):
    s = 0.0
    for row in a:
        s += row.sum()
    return s


@njit("(float64[:],)")
def enumerate_ok(a):
    s = 0.0
    for i, x in enumerate(a):
        s += i * x
    return s


@njit("(float64,)")
def len_float(x):
    return len(x)


@njit("(int64,)")
def range_three_floats(n):
    return len(range(0.0, 1.0, 0.1))


@njit("(float64[:],)")
def iter_float_scalar(a):
    s = 0.0
    for x in a[0]:
        s += x
    return s
