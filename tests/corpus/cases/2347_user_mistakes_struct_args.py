import numpy as np
from numba import njit


@njit("(Tuple((int64, float64)),)")
def tup_arg_unpack3(t):
    a, b, c = t
    return a


@njit("(UniTuple(float64, 2),)")
def tup_arg_iter(t):
    s = 0.0
    for x in t:
        s += x
    return s


@njit("(Tuple((int64, float64)),)")
def tup_hetero_iter(t):
    s = 0.0
    for x in t:
        s += x
    return s


@njit("(Tuple((int64, unicode_type)),)")
def tup_hetero_iter_str(t):
    n = 0
    for x in t:
        n += 1
    return n


@njit("(UniTuple(int64, 2),)")
def tup_unpack_too_few(t):
    a, = t
    return a


@njit("(float64[:],)")
def array_unpack(a):
    x, y = a
    return x + y


@njit("(float64[:, :],)")
def shape_unpack_wrong(a):
    n, m, k = a.shape
    return n
