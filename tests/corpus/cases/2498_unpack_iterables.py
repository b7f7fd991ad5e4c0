"""Unpacking what is not a tuple: the rows of a 2-d array (views), the values of a range,
the characters of a string, an optional tuple's value. The wrong number of items is Numba's
ValueError; unpacking None is its TypeError."""
import numpy as np
from numba import njit


@njit
def rows(a):
    x, y = a
    return x.sum(), y.sum()


@njit
def coords(pts):
    x, y = pts.T
    return x.max() - x.min(), y.max() - y.min()


@njit
def row_views(a):
    top, bottom = a
    top[0] = -1.0
    return a[0, 0], bottom


@njit
def planes(a):
    p, q = a
    return p.shape, q[1, 1]


@njit
def range_values(n):
    a, b, c = range(n, n + 9, 3)
    return a, b, c


@njit
def range_short(n):
    a, b, c = range(n)
    return a + b + c


@njit
def chars(s):
    a, b = s
    return b + a


@njit("(optional(UniTuple(intp, 2)),)")
def maybe_pair(x):
    if x is None:
        return
    else:
        a, b = x
        return a, b


@njit
def unguarded(x, flag):
    t = (x, x + 1) if flag else None
    a, b = t
    return a * b


CALLS = [
    ("rows", (np.arange(6.0).reshape(2, 3),)),
    ("rows", (np.arange(9.0).reshape(3, 3),)),
    ("coords", (np.array([[0.0, 1.0], [2.0, 5.0], [-1.0, 3.0]]),)),
    ("row_views", (np.arange(4.0).reshape(2, 2),)),
    ("planes", (np.arange(8).reshape(2, 2, 2),)),
    ("range_values", (4,)),
    ("range_short", (2,)),
    ("range_short", (3,)),
    ("chars", ("ab",)),
    ("chars", ("abc",)),
    ("chars", ("\u00e9\u4e2d",)),
    ("maybe_pair", (None,)),
    ("maybe_pair", ((1, 2),)),
    ("unguarded", (3, True)),
    ("unguarded", (3, False)),
]
