# np.ndindex and np.ndenumerate iterate the indices of a shape (and an array's items) in C
# order, as tuples of intp.
import numpy as np
from numba import njit


@njit("float64(float64[:, :])")
def total_ndindex(a):
    s = 0.0
    for idx in np.ndindex(a.shape):
        s += a[idx] * (idx[0] + 1)
    return s


@njit("int64(int64, int64)")
def count_ndindex(n, m):
    c = 0
    for i, j in np.ndindex(n, m):
        c += i * 10 + j
    return c


@njit("float64(float64[:, :, :])")
def weighted_ndenumerate(a):
    s = 0.0
    for idx, x in np.ndenumerate(a):
        s += x * (idx[0] + 2 * idx[1] + 3 * idx[2])
    return s


@njit("int64(int64[:])")
def ndenumerate_1d(a):
    s = 0
    for (i,), x in np.ndenumerate(a):
        s += i * x
    return s


@njit("float64(float64[:, :])")
def ndenumerate_view(a):
    s = 0.0
    for idx, x in np.ndenumerate(a[::2, 1:]):
        s += x * idx[1]
    return s


@njit("int64(int64)")
def ndindex_tuple_shape(n):
    c = 0
    for idx in np.ndindex((n, 2, 3)):
        c += idx[0] + idx[1] + idx[2]
    return c


@njit("int64(int64)")
def ndindex_empty(n):
    c = 0
    for idx in np.ndindex(n, 0):
        c += 1
    return c


CALLS = [
    ("total_ndindex", (np.arange(6.0).reshape(2, 3),)),
    ("count_ndindex", (3, 4)),
    ("weighted_ndenumerate", (np.arange(24.0).reshape(2, 3, 4),)),
    ("ndenumerate_1d", (np.arange(5),)),
    ("ndenumerate_view", (np.arange(20.0).reshape(4, 5),)),
    ("ndindex_tuple_shape", (3,)),
    ("ndindex_empty", (4,)),
]
