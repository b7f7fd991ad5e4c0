import numpy as np
from numba import njit


@njit
def find(a, v):
    for i in range(a.size):
        if a[i] == v:
            return i
    return None


@njit("(float64[:], float64)")
def use_optional_index(a, v):
    i = find(a, v)
    return a[i]


@njit("(float64[:], float64)")
def optional_plus(a, v):
    i = find(a, v)
    return i + 1


@njit("(float64[:], float64)")
def optional_checked(a, v):
    i = find(a, v)
    if i is None:
        return -1
    return i + 1


@njit("(float64[:], float64)")
def optional_range(a, v):
    i = find(a, v)
    s = 0
    for j in range(i):
        s += j
    return s


@njit("(float64[:], float64)")
def optional_compare(a, v):
    i = find(a, v)
    return i > 0


@njit("(float64[:], float64)")
def optional_tuple(a, v):
    i = find(a, v)
    return (i, 1)
