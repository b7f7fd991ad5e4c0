# a.flat: iterating an array's items in C order, reading and writing by flat index.
import numpy as np
from numba import njit


@njit("float64(float64[:, :])")
def flat_sum(a):
    s = 0.0
    for x in a.flat:
        s += x
    return s


@njit("float64(float64[:, :])")
def flat_weighted(a):
    s = 0.0
    i = 0
    for x in a.flat:
        s += x * i
        i += 1
    return s


@njit("float64(float64[:, :], int64)")
def flat_getitem(a, i):
    return a.flat[i]


@njit("float64[:, :](float64[:, :])")
def flat_setitem(a):
    b = a.copy()
    for i in range(b.size):
        b.flat[i] = i * 2.0
    return b


@njit("float64(float64[:, :])")
def flat_view(a):
    s = 0.0
    k = 1.0
    for x in a[:, ::2].flat:
        s += x * k
        k += 1.0
    return s


CALLS = [
    ("flat_sum", (np.arange(6.0).reshape(2, 3),)),
    ("flat_weighted", (np.arange(6.0).reshape(2, 3),)),
    ("flat_getitem", (np.arange(6.0).reshape(2, 3), 4)),
    ("flat_setitem", (np.zeros((2, 3)),)),
    ("flat_view", (np.arange(12.0).reshape(3, 4),)),
    ("flat_view", (np.asfortranarray(np.arange(12.0).reshape(3, 4)),)),
]
