"""prange loops whose carried variables Numba's parfor pass does not reduce.

A variable the body reads and assigns without combining it with itself (`if a[i] > m: m =
a[i]`) is a parameter of the loop's gufunc: each chunk starts from the value before the
loop and the assignments are lost, so after the loop it still holds that value. Conditional
`+=` updates are reductions. A reduction whose result goes through a conditional expression is
Numba's ValueError.
"""
import numpy as np
from numba import njit, prange


@njit("float64(float64[:])", parallel=True)
def conditional_max(a):
    m = -np.inf
    for i in prange(a.shape[0]):
        if a[i] > m:
            m = a[i]
    return m


@njit("float64(float64[:])", parallel=True)
def ternary_max(a):
    m = 0.0
    for i in prange(a.shape[0]):
        m = a[i] if a[i] > m else m
    return m


@njit("Tuple((float64, int64))(float64[:])", parallel=True)
def max_and_count(a):
    m = 0.0
    c = 0
    for i in prange(a.shape[0]):
        if a[i] > m:
            m = a[i]
            c += 1
    return m, c


@njit("float64(float64[:])", parallel=True)
def conditional_sum(a):
    s = 0.0
    for i in prange(a.shape[0]):
        if a[i] > 10.0:
            s += a[i]
        elif a[i] < 2.0:
            s -= 1.0
    return s


@njit("float64(float64[:])", parallel=True)
def conditional_sum_one_operator(a):
    s = 0.0
    for i in prange(a.shape[0]):
        if a[i] > 10.0:
            s += a[i]
        elif a[i] < 2.0:
            s += -1.0
    return s


@njit("int64(float64[:])", parallel=True)
def ternary_reduction(a):
    m = 0
    for i in prange(a.shape[0]):
        m = max(m, i) if a[i] > 0 else m
    return m


@njit("float64(float64[:])", parallel=True)
def direct_max(a):
    m = 0.0
    for i in prange(a.shape[0]):
        if a[i] > 3.0:
            m = max(m, a[i])
    return m


CALLS = [
    ("conditional_max", (np.arange(1000.0),)),
    ("ternary_max", (np.arange(1000.0),)),
    ("max_and_count", (np.arange(1000.0),)),
    ("conditional_sum", (np.arange(100.0),)),
    ("conditional_sum_one_operator", (np.arange(100.0),)),
    ("ternary_reduction", (np.arange(10.0),)),
    ("direct_max", (np.arange(100.0),)),
]
