# Module-level tuples holding NumPy arrays (typed by `typeof`: readonly arrays, and int64/float64
# for numbers) and `slice(...)` constants (Numba's `SliceLiteral`, returned as a slice); slices
# passed as arguments; `getattr(a, "ndim")` is int64 where `a.ndim` of an argument is a literal.
import numpy as np
from numba import njit

PAIR = (np.zeros(2), np.ones(3))
MIXED = (np.arange(3), 2.5, 4)
SAME = (np.ones(2), np.ones(2))
WINDOW = slice(1, 3)
STEPPED = slice(None, None, -2)
TAIL = slice(2, None)


@njit("(int64,)")
def tuple_of_arrays(n):
    return PAIR[0].sum() + PAIR[1][n]


@njit("(int64,)")
def mixed(n):
    a, x, k = MIXED
    return a[n] * x + k


@njit("(int64,)")
def same(n):
    s = 0.0
    for a in SAME:
        s += a[n]
    return s, SAME


@njit("(int64,)")
def sliced(n):
    a = np.arange(n)
    return a[WINDOW], a[STEPPED], a[TAIL]


@njit("(int64,)")
def slice_value(n):
    return WINDOW


@njit
def take(a, s):
    return a[s]


@njit
def ret_slice(s):
    return s




@njit("(float64[:],)")
def attr_ndim(a):
    n = a.ndim
    return n, a.ndim + 1


@njit("(float64[:],)")
def getattr_ndim(a):
    return getattr(a, "ndim"), getattr(a, "size")


CALLS = [("take", (np.arange(6), slice(1, 4))), ("take", (np.arange(6), slice(None, None, -2))), ("take", (np.arange(6.0), slice(2, None, 1))), ("ret_slice", (slice(1, 2),)), ("tuple_of_arrays", (1,)), ("mixed", (2,)), ("same", (1,)), ("sliced", (6,)), ("slice_value", (0,)), ("attr_ndim", (np.ones(3),)), ("getattr_ndim", (np.ones(3),))]
