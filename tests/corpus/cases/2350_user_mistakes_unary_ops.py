import numpy as np
from numba import njit


@njit("(List(int64, reflected=True),)")
def not_list(l):
    return not l


@njit("(UniTuple(int64, 2),)")
def not_tuple(t):
    return not t


@njit("(unicode_type,)")
def not_str(s):
    return not s


@njit("(float64[:, :],)")
def not_2d(a):
    return not a


@njit("(unicode_type,)")
def neg_str(s):
    return -s


@njit("(UniTuple(int64, 2),)")
def pos_tuple(t):
    return +t


@njit("(float64[:],)")
def invert_float_array(a):
    return ~a


@njit("(boolean[:],)")
def invert_bool_array(a):
    return ~a


@njit("(float64[:],)")
def if_not_size(a):
    if not a.size:
        return 0.0
    return a[0]


@njit("(int64[:],)")
def not_int_array(a):
    return not a
