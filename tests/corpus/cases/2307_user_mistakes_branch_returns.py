import numpy as np
from numba import njit


@njit("(int64,)")
def int_or_tuple(n):
    if n > 0:
        return n
    return (n, n)


@njit("(float64[:],)")
def array_or_none(a):
    if a.size == 0:
        return None
    return a


@njit("(int64,)")
def int_or_float(n):
    if n > 0:
        return n
    return 0.5


@njit("(float64[:], float64[:, :])")
def one_or_two_d(a, b):
    if a.size > 0:
        return a
    return b


@njit("(int64,)")
def str_or_int(n):
    if n > 0:
        return 'pos'
    return n


@njit("(int64,)")
def implicit_none(n):
    if n > 0:
        return n


@njit("(float64[:],)")
def array_or_scalar(a):
    if a.size > 1:
        return a
    return a[0]


@njit("(float64[:], int64[:])")
def array_dtype_mismatch(a, b):
    if a.size > 1:
        return a
    return b
