import numpy as np
from numba import njit, prange


@njit("(int64,)", parallel=True)
def prange_ok(n):
    s = 0
    for i in prange(n):
        s += i
    return s


@njit("(int64,)", parallel=True)
def prange_step_var(n):
    s = 0
    k = n // 2
    for i in prange(0, n, k):
        s += i
    return s


@njit("(int64,)")
def prange_serial_step(n):
    s = 0
    for i in prange(0, n, 2):
        s += i
    return s
