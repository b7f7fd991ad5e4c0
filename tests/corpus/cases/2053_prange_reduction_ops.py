# prange reductions Numba's parfor pass refuses: a variable updated from itself with an
# operator other than + - * / (or max/min) is "an unsupported reduction function"; a floor
# division reduction has its own error. Supported ones, conditional ones included, type.
import numpy as np
from numba import njit, prange


@njit("(int64[:],)", parallel=True)
def or_reduce(a):
    m = 0
    for i in prange(len(a)):
        m |= a[i]
    return m


@njit("(int64[:],)", parallel=True)
def or_binop(a):
    m = 0
    for i in prange(len(a)):
        m = m | a[i]
    return m


@njit("(int64[:],)", parallel=True)
def floordiv_reduce(a):
    m = 1000
    for i in prange(len(a)):
        m //= a[i]
    return m


@njit("(float64[:],)", parallel=True)
def conditional_max(a):
    m = -np.inf
    s = 0.0
    for i in prange(len(a)):
        if a[i] > 0:
            s += a[i]
        m = max(m, a[i])
    return m, s


@njit("(float64[:],)", parallel=True)
def divide(a):
    p = 1.0
    for i in prange(len(a)):
        p /= a[i]
    return p


@njit("(int64[:],)", parallel=True)
def conditional_xor(a):
    m = 0
    for i in prange(len(a)):
        if a[i] > 2:
            m ^= a[i]
    return m
