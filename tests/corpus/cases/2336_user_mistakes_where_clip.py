import numpy as np
from numba import njit


@njit("(float64[:],)")
def where_one_arg(a):
    return np.where(a > 0)


@njit("(float64[:],)")
def where_none(a):
    return np.where(a > 0, a, None)


@njit("(float64[:],)")
def where_str(a):
    return np.where(a > 0, a, 'x')


@njit("(float64[:],)")
def where_scalars(a):
    return np.where(a > 0, 1, 0.5)


@njit("(float64[:],)")
def clip_missing(a):
    return np.clip(a, 0)


@njit("(float64[:],)")
def clip_none_lo(a):
    return np.clip(a, None, 1.0)


@njit("(float64[:],)")
def where_two_args(a):
    return np.where(a > 0, a)


@njit("(float64[:], float64[:, :])")
def where_broadcast(a, b):
    return np.where(b > 0, a, b)
