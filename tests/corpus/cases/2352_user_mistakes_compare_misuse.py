import numpy as np
from numba import njit


@njit("(UniTuple(int64, 2), int64)")
def tuple_lt_int(t, n):
    return t < n


@njit("(float64[:], unicode_type)")
def array_lt_str(a, s):
    return a < s


@njit("(float64[:],)")
def chained_array(a):
    return 0 < a < 1


@njit("(List(float64, reflected=True), float64[:])")
def list_eq_array(l, a):
    return l == a


@njit("(UniTuple(int64, 2), UniTuple(int64, 3))")
def tuple_lt_tuple(t, u):
    return t < u


@njit("(float64[:], float64[:])")
def array_is_array(a, b):
    return a is b


@njit("(complex128, complex128)")
def complex_lt(a, b):
    return a < b


@njit("(boolean, unicode_type)")
def bool_plus_str(b, s):
    return b + s
