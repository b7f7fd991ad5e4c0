import numpy as np
from numba import njit, prange


@njit(parallel=True)
def psum_f(n):
    s = 0.0
    for i in prange(n):
        s += 1.0 / (i + 1)
    return s


@njit(parallel=True)
def psum_i(n):
    s = 0
    for i in prange(n):
        s += i * i
    return s


@njit(parallel=True)
def pprod(n):
    p = 1
    for i in prange(n):
        p *= 2
    return p


@njit(parallel=True)
def psum_arr(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s


@njit(parallel=True)
def pmax(a):
    m = -np.inf
    for i in prange(a.shape[0]):
        m = max(m, a[i])
    return m


@njit(parallel=True)
def psub(n):
    s = 100
    for i in prange(n):
        s -= i
    return s


@njit(parallel=True)
def pfill(n):
    out = np.zeros(n)
    for i in prange(n):
        out[i] = i * 0.5
    return out


@njit(parallel=True)
def psum_int8(a):
    s = 0
    for i in prange(a.shape[0]):
        s += a[i]
    return s


CALLS = [
    ("psum_f", (10,)), ("psum_f", (0,)), ("psum_i", (1000,)), ("pprod", (10,)), ("pprod", (70,)),
    ("psum_arr", (np.array([1.0, 2.0, 3.0, 4.5]),)),
    ("psum_arr", (np.array([0.1] * 7),)),
    ("pmax", (np.array([1.0, 5.0, 3.0]),)),
    ("psub", (10,)), ("pfill", (5,)),
    ("psum_int8", (np.array([100, 100, 100], dtype=np.int8),)),
]
