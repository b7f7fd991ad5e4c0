import numpy as np
from numba import njit


@njit(["(float64[:],)", "(int32[:],)", "(float32[:],)"])
def ranks(a):
    order = a.argsort(kind='mergesort')
    r = np.empty(a.shape[0], dtype=np.int64)
    r[order] = np.arange(a.shape[0])
    return r


@njit(["(float64[:],)", "(float64[:, :],)", "(int8[:],)"])
def sorted_copy(a):
    s = np.sort(a)
    return s


@njit(["(float64[:],)", "(float64[:, :],)"])
def inplace_sort(a):
    b = a.copy()
    b.sort()
    return b


CALLS = [("ranks", (np.array([3.0, 1.0, 2.0]),))]
