# Slices with steps near +-2**63 (one item), and ordinary slices of arrays, lists and strings.
import numpy as np
from numba import njit


@njit
def arr_step(a, s):
    return a[::s]


@njit
def arr_range(a, lo, hi, s):
    return a[lo:hi:s]


@njit
def list_step(n, s):
    return list(range(n))[0:n:s]


@njit
def str_step(t, s):
    return t[::s]


@njit
def arr2(a, s):
    return a[::s, ::-1]


A = np.arange(5)

CALLS = [
    ("arr_step", (A, -2**63)),
    ("arr_step", (A, 2**63 - 1)),
    ("arr_step", (A, -2)),
    ("arr_step", (A, 3)),
    ("arr_step", (np.arange(0), -1)),
    ("arr_range", (A, 4, 0, -3)),
    ("arr_range", (A, -1, -6, -1)),
    ("arr_range", (A, 1, 1, 1)),
    ("arr_range", (A, 3, 1, 1)),
    ("arr_range", (A, 0, 5, 2**62)),
    ("list_step", (5, 2**63 - 1)),
    ("list_step", (5, 2)),
    ("str_step", ("abc", -2**63)),
    ("str_step", ("abcdef", -4)),
    ("arr2", (np.arange(12.0).reshape(3, 4), -2**63)),
    ("arr2", (np.arange(12.0).reshape(3, 4), 2)),
]
