# prange reductions Numba refuses: different in-place operators on one variable in one loop
# (UnsupportedRewriteError, at the second), and more than one update of it per iteration
# (ValueError: use of the reduction variable other than in a supported reduction function).
import numpy as np
from numba import njit, prange


@njit(parallel=True)
def mixed_ops(a):
    s = 0.0
    for i in prange(a.shape[0]):
        if a[i] > 0:
            s += a[i]
        else:
            s -= 1.0
    return s


@njit(parallel=True)
def same_ops(a):
    s = 0.0
    for i in prange(a.shape[0]):
        if a[i] > 0:
            s += a[i]
        else:
            s += 1.0
    return s


@njit(parallel=True)
def mul_and_add(a):
    p = 1.0
    for i in prange(a.shape[0]):
        p *= a[i]
        p += 1.0
    return p


@njit("(float64[::1],)", parallel=True)
def eager_mixed(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
        s -= 0.5
    return s


@njit(parallel=True)
def two_adds(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
        s += 1.0
    return s


@njit(parallel=True)
def add_expr(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s = s + a[i] + 1.0
    return s


@njit(parallel=True)
def add_once(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i] + 1.0
    return s


CALLS = [
    ("two_adds", (np.array([1.0, 2.0]),)),
    ("add_expr", (np.array([1.0, 2.0]),)),
    ("add_once", (np.array([1.0, 2.0]),)),
    ("mixed_ops", (np.array([1.0, -1.0, 2.0, -3.0]),)),
    ("same_ops", (np.array([1.0, -1.0, 2.0, -3.0]),)),
    ("mul_and_add", (np.array([1.0, 2.0]),)),
]
