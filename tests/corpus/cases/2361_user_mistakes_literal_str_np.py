import numpy as np
from numba import njit


@njit("(float64[:],)")
def maximum_str(a):
    return np.maximum(a, 'x')


@njit("(float64[:],)")
def full_like_str(a):
    return np.full_like(a, 'x')


@njit("(float64[:],)")
def clip_str(a):
    return np.clip(a, 'a', 'b')


@njit("(float64[:],)")
def array_str_list(a):
    return np.array(['a', 'b'])


@njit("(float64[:],)")
def add_literal_str(a):
    return a + 'x'


@njit("(float64[:],)")
def setitem_slice_str(a):
    a[:] = 'x'
    return a


@njit("(float64[:],)")
def where_literal_int_str(a):
    return np.where(a > 0, 1, 'y')


@njit("(float64[:],)")
def select_str(a):
    return np.select([a > 0], ['x'], 'y')


@njit("(float64[:],)")
def isin_str(a):
    return np.isin(a, 'x')


@njit("(float64[:],)")
def where_str_scalar_cond(a):
    return np.where(True, 'x', 'y')
