# `//` and `%` between arrays apply the scalar operators in Numba's array-expression kernels
# (Python's float semantics, small integers promoted, NumPy's error model: no exception on a
# zero divisor), while np.floor_divide / np.remainder and the in-place operators are the
# ufuncs.
import numpy as np
from numba import njit


@njit
def floordiv(a, b):
    return a // b


@njit
def mod(a, b):
    return a % b


@njit
def floordiv_plus(a, b):
    return (a // b) + 0


@njit
def ufuncs(a, b):
    return np.floor_divide(a, b), np.remainder(a, b)


@njit
def inplace(a, b):
    c = a.copy()
    c //= b
    return c


CALLS = [
    ("floordiv", (np.array([5.0, np.inf, -5.0, 1.0]), np.array([-np.inf, 1.0, np.inf, 0.0]))),
    ("floordiv", (np.array([1, -7]), np.array([0, 2]))),
    ("floordiv", (np.array([-128, 5], dtype=np.int8), np.array([-1, 0], dtype=np.int8))),
    ("floordiv", (np.array([5.0, -5.0]), 0.0)),
    ("mod", (np.array([5.0, np.inf, -5.0, 1.0]), np.array([-np.inf, 1.0, np.inf, 0.0]))),
    ("mod", (np.array([-7, 7]), np.array([2, -2]))),
    ("floordiv_plus", (np.array([-128, 5], dtype=np.int8), np.array([-1, 0], dtype=np.int8))),
    ("ufuncs", (np.array([5.0, np.inf, -5.0]), np.array([-np.inf, 1.0, np.inf]))),
    ("inplace", (np.array([5.0, np.inf, -5.0]), np.array([-np.inf, 1.0, np.inf]))),
]
