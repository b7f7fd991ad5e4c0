import numpy as np
from numba import njit


@njit("(float64[:], float64)")
def in_array(a, x):
    return x in a


@njit("(int64, int64)")
def in_int(x, n):
    return x in n


@njit("(unicode_type,)")
def in_str(s):
    return 'a' in s


@njit("(float64[:], unicode_type)")
def str_in_array(a, s):
    return s in a


@njit("(int64,)")
def in_dict(n):
    d = {1: 2.0}
    return n in d


@njit("(UniTuple(int64, 3), int64)")
def in_tuple(t, n):
    return n in t


@njit("(float64[:, :], float64)")
def in_2d(a, x):
    return x in a


@njit("(unicode_type, int64)")
def int_in_str(s, n):
    return n in s
