# np.argmin/np.argmax of an array that may be None, after an `is None` test: Numba's overloads
# read `a.dtype` of the Optional first, an AttributeError; np.sum of it compiles.
import numpy as np
from numba import njit


@njit
def lowest(a, flag):
    x = a if flag else None
    if x is None:
        return 0
    return np.argmin(x)


@njit
def highest(a, flag):
    x = a if flag else None
    if x is None:
        return 0
    return np.argmax(x)


@njit
def total(a, flag):
    x = a if flag else None
    if x is None:
        return 0.0
    return np.sum(x)


@njit("int64(float64[::1], boolean)")
def lowest_eager(a, flag):
    x = a if flag else None
    if x is None:
        return 0
    return np.argmin(x)


CALLS = [
    ("lowest", (np.array([3.0, 1.0]), True)),
    ("highest", (np.array([3.0, 1.0]), False)),
    ("total", (np.array([3.0, 1.0]), True)),
]
