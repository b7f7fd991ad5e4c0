import numpy as np
from numba import njit


@njit("(float64[:],)")
def where_complex(a):
    return np.where(a > 0, a, 1j)


@njit("(float64[:],)")
def where_bool(a):
    return np.where(a > 0, a, False)


@njit("(float64[:], unicode_type)")
def where_str_var(a, s):
    return np.where(a > 0, s, a)


@njit("(float64[:],)")
def where_tuple(a):
    return np.where(a > 0, a, (1.0, 2.0))


@njit("(float64[:],)")
def where_list(a):
    return np.where(a > 0, a, [1.0])


@njit("(float64[:],)")
def where_both_str(a):
    return np.where(a > 0, 'x', 'y')


@njit("(float64[:], float64[:])")
def where_float_cond(a, b):
    return np.where(a, a, b)


@njit("(float64, float64)")
def where_scalar_all(x, y):
    return np.where(x > y, x, y)


@njit("(float64[:],)")
def where_none_cond(a):
    return np.where(a > 0, None, a)
