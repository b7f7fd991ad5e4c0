import numpy as np
from numba import njit


@njit("(float64[:],)")
def array_is_none(a):
    return a is None


@njit("(float64[:],)")
def array_eq_none(a):
    return a == None


@njit("(float64[:],)")
def array_truth(a):
    if a:
        return 1
    return 0


@njit("(float64[:],)")
def array_any_ok(a):
    if a.any():
        return 1
    return 0


@njit("(float64[:],)")
def array_len_truth(a):
    if len(a):
        return 1
    return 0


@njit("(int64,)")
def none_plus_one(n):
    x = None
    return x + 1


@njit("(float64[:],)")
def not_array(a):
    return not a


@njit("(float64[:],)")
def array_and(a):
    return (a > 0) and (a < 1)


@njit("(float64[:],)")
def while_array(a):
    i = 0
    while a[i:]:
        i += 1
    return i
